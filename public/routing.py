from django.urls import path

from . import consumers

websocket_urlpatterns = [
    path("ws/t/<slug:slug>/tables/<int:number>/", consumers.TableConsumer.as_asgi()),
    path("ws/t/<slug:slug>/tables/", consumers.TablesConsumer.as_asgi()),
    path("ws/t/<slug:slug>/standings/", consumers.StandingsConsumer.as_asgi()),
]
