from django.urls import path

from tournaments.site_data import ClearingLogoutView

from . import views

app_name = "protocols"

urlpatterns = [
    path("judge/login/", views.LoginView.as_view(), name="login"),
    path("judge/logout/", ClearingLogoutView.as_view(next_page="protocols:login"), name="logout"),
    path("judge/", views.my_games, name="my_games"),
    path("judge/games/<int:pk>/", views.game_entry, name="game"),
    path("judge/games/<int:pk>/protest/", views.protest_new, name="protest_new"),
]
