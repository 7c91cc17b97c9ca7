from django.urls import path

from . import views

app_name = "console"

urlpatterns = [
    path("judge/games/<int:pk>/console/", views.console, name="console"),
]
