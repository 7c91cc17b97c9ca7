"""Every socket of the live layer (config/asgi.py) for every role of the cast: who may follow what.

The public sockets follow what the public pages show (anyone, a draft only its organisers); the
desk's, what the desk shows (the chief judge, the appeals commission, the organisers); the
console's, what the console's door lets through (the table's judge and the chief judge, before
sign-off). A refused socket is closed with 4403 before it is accepted. A route missing here fails
the walk, as a URL missing from tests/test_door_inventory.py does."""
from __future__ import annotations

import pytest
from channels.layers import channel_layers
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import AnonymousUser

from config.asgi import application
from config.channel_layers import channel_layers_for
from console.routing import websocket_urlpatterns as console_sockets
from desk.routing import websocket_urlpatterns as desk_sockets
from public.routing import websocket_urlpatterns as public_sockets
from tests.async_run import run_async
from tests.protocols.helpers import make_cast
from tournaments.live_consumer import REFUSED

pytestmark = pytest.mark.django_db(transaction=True)

ROUTES = URLRouter([*public_sockets, *desk_sockets, *console_sockets])
ROLES = ["superuser", "organiser", "chief", "appeals", "judge", "other_judge", "player", "anonymous"]
EVERYONE = set(ROLES)
DESK = {"superuser", "organiser", "chief", "appeals"}
CONSOLE = {"superuser", "chief", "judge"}
# socket route -> (its address for the cast's tournament and game, who may follow it)
DOORS = {
    "ws/t/<slug:slug>/tables/<int:number>/": (lambda c: f"/ws/t/{c.game.tournament.slug}/tables/1/", EVERYONE),
    "ws/t/<slug:slug>/tables/": (lambda c: f"/ws/t/{c.game.tournament.slug}/tables/", EVERYONE),
    "ws/t/<slug:slug>/standings/": (lambda c: f"/ws/t/{c.game.tournament.slug}/standings/", EVERYONE),
    "ws/desk/<slug:slug>/": (lambda c: f"/ws/desk/{c.game.tournament.slug}/", DESK),
    "ws/judge/games/<int:game_id>/console/": (lambda c: f"/ws/judge/games/{c.game.pk}/console/", CONSOLE),
}


@pytest.fixture(autouse=True)
def memory_layer(settings):
    """The walk asks who may open each socket, not how the layer carries messages (that is
    tests/config/test_asgi_server.py's, on Redis): on the Redis layer an abandoned socket's receive
    once held a worker's event loop for minutes as the loop closed."""
    settings.CHANNEL_LAYERS = channel_layers_for("")
    channel_layers.backends.clear()
    yield
    channel_layers.backends.clear()


def user_of(cast, role):
    return AnonymousUser() if role == "anonymous" else getattr(cast, role)


def opens(path: str, user) -> tuple[bool, int | None]:
    async def attempt():
        communicator = WebsocketCommunicator(ROUTES, path)
        communicator.scope["user"] = user
        connected, code = await communicator.connect()
        # a refused socket is closed by the server too: the client's disconnect ends the consumer,
        # which otherwise waits for it until the loop cancels it
        await communicator.disconnect()
        return connected, code

    return run_async(attempt)


@pytest.fixture
def cast():
    return make_cast()


def test_every_socket_route_is_walked():
    assert {str(p.pattern) for p in [*public_sockets, *desk_sockets, *console_sockets]} == set(DOORS)


@pytest.mark.parametrize("route", sorted(DOORS))
def test_each_role_meets_the_socket_as_its_page(cast, route):
    address, allowed = DOORS[route]
    met = {role: opens(address(cast), user_of(cast, role)) for role in ROLES}
    assert {role for role, (connected, _code) in met.items() if connected} == allowed
    assert all(code == REFUSED for connected, code in met.values() if not connected)


@pytest.mark.parametrize("route", [r for r in DOORS if r.startswith("ws/t/")])
def test_a_drafts_public_sockets_are_its_organisers_only(cast, route):
    tournament = cast.game.tournament
    tournament.publication = "draft"
    tournament.save(update_fields=["publication"])
    address, _allowed = DOORS[route]
    assert {role for role in ROLES if opens(address(cast), user_of(cast, role))[0]} == {"superuser", "organiser"}


def test_a_signed_off_games_console_socket_is_closed_to_its_judge(cast):
    from django.utils import timezone

    game = cast.game
    game.status, game.result, game.signed_off_at = "signed_off", "red", timezone.now()
    game.save(update_fields=["status", "result", "signed_off_at"])
    assert opens(f"/ws/judge/games/{game.pk}/console/", cast.judge) == (False, REFUSED)


def test_an_unknown_tournament_or_game_is_refused_as_a_stranger(cast):
    assert opens("/ws/t/no-such-slug/tables/1/", cast.superuser) == (False, REFUSED)
    assert opens("/ws/judge/games/999999999/console/", cast.superuser) == (False, REFUSED)


def test_the_application_takes_the_sessions_user_and_refuses_another_sites_page(cast, client, settings):
    """Through config.asgi whole: the session cookie makes the user; a page of another site (its
    Origin) cannot open a socket with the visitor's cookie."""
    settings.ALLOWED_HOSTS = ["testserver", "127.0.0.1"]
    client.force_login(cast.chief)
    cookie = f"{settings.SESSION_COOKIE_NAME}={client.cookies[settings.SESSION_COOKIE_NAME].value}".encode()
    path = f"/ws/desk/{cast.game.tournament.slug}/"

    async def attempt(origin: bytes):
        communicator = WebsocketCommunicator(application, path, headers=[(b"cookie", cookie), (b"origin", origin),
                                                                         (b"host", b"testserver")])
        connected, _code = await communicator.connect()
        await communicator.disconnect()
        return connected

    assert run_async(lambda: attempt(b"http://testserver")) is True
    assert run_async(lambda: attempt(b"https://evil.example")) is False
