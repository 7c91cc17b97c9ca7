"""The production ASGI server (gunicorn's uvicorn workers, as docker/compose.yml runs `live`) serves
the pages and holds the live sockets; an event stored in another process (here: this test's, as
a Celery worker or another web worker would) reaches a socket it holds through the Redis channel
layer. Needs PostgreSQL (the server reads the test's database) and Redis."""
from __future__ import annotations

import json
import os
import secrets
import signal
import subprocess
import sys
import time
from urllib.request import urlopen

import pytest
import yaml
from redis import Redis
from websockets.sync.client import connect

from config.channel_layers import channel_layers_for
from tests.conftest import ROOT, _database_url_for_subprocess, missing_service, redis_broker
from tests.protocols.helpers import make_cast
from tests.scoring.test_faults import _free_port, wait_for

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


def web_command(port: int) -> list[str]:
    """docker/compose.yml's own command of the live service, bound here and with one worker."""
    command = list(yaml.safe_load((ROOT / "docker" / "compose.yml").read_text())["services"]["live"]["command"])
    command[command.index("--bind") + 1] = f"127.0.0.1:{port}"
    command[command.index("--workers") + 1] = "1"
    return command


def _answers(url: str) -> bool:
    try:
        return urlopen(url, timeout=2).status == 200
    except OSError:
        return False


@pytest.fixture
def redis_layer(settings):
    """This process's channel layer on the machine's Redis, as the server's."""
    from channels.layers import channel_layers

    broker = redis_broker()
    settings.CHANNEL_LAYERS = channel_layers_for(broker)
    channel_layers.backends.clear()
    yield broker
    channel_layers.backends.clear()


@pytest.fixture
def asgi_server(redis_layer):
    database = _database_url_for_subprocess()
    if database is None or not database.startswith("postgres"):
        missing_service("the test database is in memory; the server process needs PostgreSQL")
    port = _free_port()
    env = {k: v for k, v in os.environ.items() if k not in {"DJANGO_ALLOW_ASYNC_UNSAFE", "DEBUG"}}
    env.update(DJANGO_SETTINGS_MODULE="config.settings.production", SECRET_KEY=secrets.token_urlsafe(64),
               ALLOWED_HOSTS="127.0.0.1", DATABASE_URL=database, CHANNEL_LAYER_URL=redis_layer, REDIS_URL=redis_layer,
               BEHIND_TLS_PROXY="0", SECURE_SSL_REDIRECT="0", SECURE_COOKIES="0", PYTHONPATH=str(ROOT))
    server = subprocess.Popen([sys.executable, "-m", *web_command(port)], cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
                              stderr=subprocess.PIPE, start_new_session=True)
    try:
        wait_for(lambda: _answers(f"http://127.0.0.1:{port}/health/") or server.poll() is not None, 60, "the server starting")
        assert server.poll() is None, server.stderr.read().decode()[-3000:]
        yield port
    finally:
        # gunicorn's quick shutdown (SIGINT): a graceful one (SIGTERM) waits up to 30 s for the
        # connections a test left open
        # connections a test left open; the whole process group, so no worker outlives its master
        os.killpg(server.pid, signal.SIGINT)
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait(timeout=20)


def test_an_event_stored_here_reaches_the_live_table_the_server_holds(asgi_server, redis_layer):
    from console import services
    from tests.console.test_log_service import seat_roles

    cast = seat_roles(make_cast(), "g1_fiim_red_win.json")
    slug = cast.game.tournament.slug
    base = f"127.0.0.1:{asgi_server}"
    assert urlopen(f"http://{base}/t/{slug}/").status == 200  # the pages over the same server
    group = f"mafia-live:group:table.{cast.game.tournament_id}.1"  # channels-redis's key of the table's group
    redis = Redis.from_url(redis_layer)
    members = redis.zcard(group)
    with connect(f"ws://{base}/ws/t/{slug}/tables/1/", origin=f"http://{base}", open_timeout=10) as socket:
        # the server adds the socket to its group after the handshake: a push before that is lost
        wait_for(lambda: redis.zcard(group) > members, 10, "the server's socket joining the table's group")
        for index, event in enumerate(cast.events[:2]):
            services.append_event(game=cast.game, index=index, event=event, user=cast.judge)
            json.loads(socket.recv(timeout=5))
        started = time.monotonic()
        # stored here; its listener (after the commit) pushes through Redis to the server's socket
        services.append_event(game=cast.game, index=2, event=cast.events[2], user=cast.judge)
        message = json.loads(socket.recv(timeout=5))
        assert time.monotonic() - started < 1
    assert message["kind"] == "table"
    view = message["data"]
    assert view["table"] == 1 and view["game"] == cast.game.number and view["state"] is not None
    text = json.dumps(view, ensure_ascii=False)
    for secret in ('"role"', "sheriff", "don_check", "sheriff_check", '"shots"'):
        assert secret not in text


def test_a_socket_from_another_sites_page_is_refused_by_the_server(asgi_server, redis_layer):
    cast = make_cast()
    base = f"127.0.0.1:{asgi_server}"
    from websockets.exceptions import InvalidStatus

    with pytest.raises(InvalidStatus):
        connect(f"ws://{base}/ws/t/{cast.game.tournament.slug}/tables/1/", origin="https://evil.example", open_timeout=10)
