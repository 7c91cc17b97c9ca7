from django.urls import path

from . import screen, views

app_name = "console"

urlpatterns = [
    path("judge/games/<int:pk>/console/", views.console, name="console"),
    path("judge/games/<int:pk>/console/screen/", screen.screen, name="screen"),
    path("judge/games/<int:pk>/console/timer/", screen.timer_door, name="timer"),
]
