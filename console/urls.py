from django.urls import path

from . import offline, screen, views

app_name = "console"

urlpatterns = [
    path("judge/games/<int:pk>/console/", views.console, name="console"),
    path("judge/games/<int:pk>/console/screen/", screen.screen, name="screen"),
    path("judge/games/<int:pk>/console/timer/", screen.timer_door, name="timer"),
    # offline play (console/offline.py): the log for the browser's copy, the core, Pyodide's trimmed
    # standard library, the service worker
    path("judge/games/<int:pk>/console/log/", offline.log, name="log"),
    path("judge/console/core.zip", offline.core_zip_view, name="core_zip"),
    path("judge/console/stdlib.zip", offline.stdlib_zip_view, name="stdlib_zip"),
    path("judge/console-sw.js", offline.service_worker, name="service_worker"),
    path("judge/games/<int:pk>/console/takeover/", views.takeover, name="takeover"),
    path("judge/games/<int:pk>/console/handback/", views.handback, name="handback"),
]
