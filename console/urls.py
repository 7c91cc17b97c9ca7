from django.urls import path

from . import views

app_name = "console"

urlpatterns = [
    path("judge/games/<int:pk>/console/", views.console, name="console"),
    path("judge/games/<int:pk>/console/takeover/", views.takeover, name="takeover"),
    path("judge/games/<int:pk>/console/handback/", views.handback, name="handback"),
]
