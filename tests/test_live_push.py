"""What each live socket receives when a service stores a change (the domain events' after-commit
listeners: public/, desk/ and console/live_push.py), on the process's in-memory channel layer:
a stored console event reaches its table (the public view, no role), the projector, the desk and
the judge's screen; a take-over reaches the screen; a filed protest the desk; a new standings
snapshot the standings page. The same over Redis between two processes: tests/config/test_asgi_server.py."""
from __future__ import annotations

import json

import pytest
from channels.layers import channel_layers
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator

from config.channel_layers import channel_layers_for
from console import services
from console.routing import websocket_urlpatterns as console_sockets
from desk.routing import websocket_urlpatterns as desk_sockets
from public.routing import websocket_urlpatterns as public_sockets
from tests.async_run import run_async
from tests.console.test_log_service import seat_roles
from tests.protocols.helpers import make_cast

pytestmark = pytest.mark.django_db(transaction=True)

ROUTES = URLRouter([*public_sockets, *desk_sockets, *console_sockets])


@pytest.fixture(autouse=True)
def memory_layer(settings):
    settings.CHANNEL_LAYERS = channel_layers_for("")
    channel_layers.backends.clear()
    yield
    channel_layers.backends.clear()


@pytest.fixture
def cast():
    return seat_roles(make_cast(), "g1_fiim_red_win.json")


def follow(sockets: dict, act) -> dict:
    """Open each socket (path -> user), run ``act()``, and return what each received (its messages)."""

    async def run():
        opened = {}
        for path, user in sockets.items():
            communicator = WebsocketCommunicator(ROUTES, path)
            communicator.scope["user"] = user
            connected, _code = await communicator.connect()
            assert connected, path
            opened[path] = communicator
        from asgiref.sync import sync_to_async

        await sync_to_async(act, thread_sensitive=True)()
        received = {}
        for path, communicator in opened.items():
            messages = []
            while not await communicator.receive_nothing(timeout=0.3):
                messages.append(await communicator.receive_json_from())
            received[path] = messages
            await communicator.disconnect()
        return received

    return run_async(run)


def test_a_stored_event_reaches_its_table_the_projector_the_desk_and_the_judges_screen(cast):
    from django.contrib.auth.models import AnonymousUser

    slug, game = cast.game.tournament.slug, cast.game
    paths = {f"/ws/t/{slug}/tables/1/": AnonymousUser(), f"/ws/t/{slug}/tables/": AnonymousUser(),
             f"/ws/desk/{slug}/": cast.chief, f"/ws/judge/games/{game.pk}/console/": cast.judge,
             f"/ws/t/{slug}/tables/2/": AnonymousUser()}
    got = follow(paths, lambda: services.append_event(game=game, index=0, event=cast.events[0], user=cast.judge))
    [table] = got[f"/ws/t/{slug}/tables/1/"]
    assert table["kind"] == "table" and table["data"]["game"] == game.number and table["data"]["state"]["phase"]
    assert '"role"' not in json.dumps(table["data"])
    assert got[f"/ws/t/{slug}/tables/"] == [table]
    # the desk follows the tables' public views and its own notice of the table
    assert sorted(got[f"/ws/desk/{slug}/"], key=lambda m: m["kind"]) == [
        table, {"kind": "table_moved", "data": {"table": 1, "game": game.number}}]
    assert got[f"/ws/judge/games/{game.pk}/console/"] == [
        {"kind": "log", "data": {"length": 1, "taken_over_by": None, "signed_off": False}}]
    assert got[f"/ws/t/{slug}/tables/2/"] == []  # another table hears nothing


def test_a_refused_event_pushes_nothing(cast):
    from django.contrib.auth.models import AnonymousUser

    path = f"/ws/t/{cast.game.tournament.slug}/tables/1/"

    def refused():
        with pytest.raises(services.EventRefused):
            services.append_event(game=cast.game, index=0, event={"type": "vote", "seat": 1, "count": 1}, user=cast.judge)

    assert follow({path: AnonymousUser()}, refused) == {path: []}


def test_a_take_over_reaches_the_judges_screen_with_the_chief_and_the_reason(cast):
    from console import control

    path = f"/ws/judge/games/{cast.game.pk}/console/"
    got = follow({path: cast.judge}, lambda: control.take_over(game=cast.game, user=cast.chief, reason="судья заболел"))
    [message] = got[path]
    holder = message["data"]["taken_over_by"]
    assert holder["name"] == "Главный" and holder["reason"] == "судья заболел"


def test_a_filed_protest_reaches_the_desk(cast):
    from django.utils import timezone

    from protocols.protests import file_protest

    game = cast.game
    game.status, game.result, game.signed_off_at = "signed_off", "red", timezone.now()
    game.save(update_fields=["status", "result", "signed_off_at"])
    path = f"/ws/desk/{game.tournament.slug}/"
    seat = game.seats.get(number=3)
    got = follow({path: cast.chief}, lambda: file_protest(game=game, user=cast.player, player_id=seat.player_id,
                                                          point="fouls", text="фол не мой", seat=3))
    assert [m["kind"] for m in got[path]] == ["protest"]


def test_a_new_standings_snapshot_reaches_the_standings_page(cast):
    from django.contrib.auth.models import AnonymousUser

    from scoring.recompute import recompute

    path = f"/ws/t/{cast.game.tournament.slug}/standings/"
    got = follow({path: AnonymousUser()}, lambda: recompute(cast.game.tournament_id, force=True))
    [message] = got[path]
    assert message["kind"] == "standings" and message["data"]["version"] >= 1


class HungLayer:
    """A channel layer whose sends never finish (Redis accepting and never answering)."""

    def __init__(self):
        self.sends = 0

    async def group_send(self, group, message):
        import asyncio

        self.sends += 1
        await asyncio.sleep(3600)


def test_a_hung_layer_holds_a_push_one_second_and_the_next_pushes_not_at_all(monkeypatch):
    import time

    from tournaments import live_groups

    layer = HungLayer()
    monkeypatch.setattr(live_groups, "get_channel_layer", lambda: layer)
    monkeypatch.setattr(live_groups, "_paused_until", 0.0)
    started = time.monotonic()
    assert live_groups.push("table.1.1", "table", {"x": 1}) is False
    assert live_groups.PUSH_SECONDS <= time.monotonic() - started < live_groups.PUSH_SECONDS + 1
    started = time.monotonic()
    for group in ("tables.1", "standings.1", "desk.1"):  # a sign-off's other groups: not asked
        assert live_groups.push(group, "table", {"x": 1}) is False
    assert time.monotonic() - started < 0.1 and layer.sends == 1
    monkeypatch.setattr(live_groups, "_paused_until", time.monotonic() - 1)  # the pause over: asked again
    assert live_groups.push("table.1.1", "table", {"x": 1}) is False and layer.sends == 2


def test_off_the_request_the_append_returns_before_its_pushes_which_follow_in_order(cast, settings):
    """Production's way (settings.DOMAIN_EVENTS_OFF_REQUEST): the judge's request does not wait for
    the live layer; the pushes run right after in the process's after-response thread, in the
    order of the events, and reach the sockets."""
    import threading

    from django.contrib.auth.models import AnonymousUser

    from tournaments import after_response
    from tournaments.domain_events import ConsoleEventStored, subscribe, unsubscribe

    settings.DOMAIN_EVENTS_OFF_REQUEST = True
    gate, heard = threading.Event(), []

    def listener(event):
        heard.append((event.index, threading.current_thread().name))

    subscribe(ConsoleEventStored, listener, off_request=True)
    path = f"/ws/t/{cast.game.tournament.slug}/tables/1/"
    try:
        def act():
            # the thread is busy first (the pushes queue behind it; on SQLite's shared test
            # database a read there beside a write here is refused, which a file database allows)
            after_response.submit(lambda: gate.wait(10))
            for index in range(2):
                services.append_event(game=cast.game, index=index, event=cast.events[index], user=cast.judge)
            assert heard == []  # both requests have returned; their pushes wait
            gate.set()
            assert after_response.drain(10)

        got = follow({path: AnonymousUser()}, act)
    finally:
        unsubscribe(ConsoleEventStored, listener)
        after_response.drain(10, close=True)  # the thread's connection: SQLite's shared test database
    assert heard == [(0, "after-response"), (1, "after-response")]
    # one push an event, each with the table's view as it is when the push runs: here both ran
    # after the second event, so both carry it (never an older view after a newer one)
    first, second = got[path]
    assert first["kind"] == second["kind"] == "table" and first == second
    assert second["data"]["state"]["timer"]["turn"] == "D1#1" and "role" not in json.dumps(second)
