from django.urls import path

from tournaments.site_data import ClearingLogoutView

from . import push_views, views

app_name = "protocols"

urlpatterns = [
    path("judge/login/", views.LoginView.as_view(), name="login"),
    path("judge/logout/", ClearingLogoutView.as_view(next_page="protocols:login"), name="logout"),
    path("judge/", views.my_games, name="my_games"),
    path("judge/push/sw.js", push_views.worker, name="push_worker"),
    path("judge/push/subscription/", push_views.subscribe, name="push_subscribe"),
    path("judge/push/subscription/delete/", push_views.unsubscribe, name="push_unsubscribe"),
    path("judge/games/<int:pk>/", views.game_entry, name="game"),
    path("judge/games/<int:pk>/protest/", views.protest_new, name="protest_new"),
]
