"""The judge's screen's socket hears that its game moved: after an event stored through the
console's door, and when the chief judge takes the console over and hands it back (pushed after
the commit, console/live_push.log_moved). The screen then reloads its view through its door."""
import json

import pytest
from asgiref.sync import sync_to_async
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.test import Client
from django.urls import reverse

from console import control
from console.routing import websocket_urlpatterns
from tests.async_run import run_async
from tests.console.test_log_service import seat_roles
from tests.protocols.helpers import make_cast

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def layer(settings):
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    from channels.layers import channel_layers

    channel_layers.backends.clear()
    yield
    channel_layers.backends.clear()


def test_the_console_socket_hears_a_stored_event_a_take_over_and_a_hand_back(layer):
    cast = seat_roles(make_cast(), "g1_fiim_red_win.json")
    client = Client()
    client.force_login(cast.judge)

    def post_next():
        return client.post(reverse("console:console", args=[cast.game.pk]),
                           json.dumps({"index": 0, "event": {"type": "next"}}), content_type="application/json")

    async def follow():
        socket = WebsocketCommunicator(URLRouter(websocket_urlpatterns), f"/ws/judge/games/{cast.game.pk}/console/")
        socket.scope["user"] = cast.judge
        connected, _ = await socket.connect()
        assert connected
        heard = []
        assert (await sync_to_async(post_next)()).status_code == 200
        heard.append(await socket.receive_json_from(timeout=3))
        await sync_to_async(control.take_over)(game=cast.game, user=cast.chief, reason="судья стола заболел")
        heard.append(await socket.receive_json_from(timeout=3))
        await sync_to_async(control.hand_back)(game=cast.game, user=cast.chief)
        heard.append(await socket.receive_json_from(timeout=3))
        await socket.disconnect()
        return heard

    stored, taken, back = run_async(follow)
    assert stored == {"kind": "log", "data": {"length": 1, "taken_over_by": None, "signed_off": False}}
    assert taken["kind"] == "log" and taken["data"]["length"] == 1
    assert taken["data"]["taken_over_by"]["name"] == "Главный" and taken["data"]["taken_over_by"]["reason"] == "судья стола заболел"
    assert back == {"kind": "log", "data": {"length": 1, "taken_over_by": None, "signed_off": False}}
