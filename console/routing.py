from django.urls import path

from . import consumers

websocket_urlpatterns = [path("ws/judge/games/<int:game_id>/console/", consumers.ConsoleConsumer.as_asgi())]
