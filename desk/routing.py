from django.urls import path

from . import consumers

websocket_urlpatterns = [path("ws/desk/<slug:slug>/", consumers.DeskConsumer.as_asgi())]
