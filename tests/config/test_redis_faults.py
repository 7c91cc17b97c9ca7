"""Redis is a helper, never a single point of failure: with the cache (REDIS_URL) and the broker
(CELERY_BROKER_URL) on a Redis that is stopped, or hung (a port that accepts and never answers), the
public pages, the API (its throttles included) and the public XLSX answer 200 from the database,
each in well under 3 s, and a judge's sign-off is saved. Each test runs its own Redis or socket on
a free port; the machine's Redis is never touched."""
import shutil
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from django.core.cache import caches
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from config.cache import caches_for
from protocols.models import Game
from protocols.services import sign_off
from scoring.recompute import recompute
from tests.conftest import CeleryWorker, missing_service
from tests.factories import UserFactory
from tests.protocols.helpers import complete_post, make_cast
from tests.protocols.test_services import entry_for

pytestmark = pytest.mark.services
ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_redis(port: int) -> subprocess.Popen:
    if not shutil.which("redis-server"):
        missing_service("redis-server is not installed")
    process = subprocess.Popen(["redis-server", "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 20
    while subprocess.run(["redis-cli", "-p", str(port), "ping"], capture_output=True).stdout.strip() != b"PONG":
        if time.monotonic() > deadline:
            process.kill()
            pytest.fail("a private Redis did not start")
        time.sleep(0.1)
    return process


def keys_in(port: int) -> int:
    return int(subprocess.run(["redis-cli", "-p", str(port), "dbsize"], capture_output=True, text=True).stdout)


class HungServer:
    """A port that accepts connections and never answers a byte."""

    def __init__(self):
        self.listener = socket.socket()
        self.listener.bind(("127.0.0.1", 0))
        self.listener.listen(64)
        self.port = self.listener.getsockname()[1]
        self.held = []
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self):
        while True:
            try:
                self.held.append(self.listener.accept()[0])
            except OSError:
                return

    def close(self):
        self.listener.close()
        for s in self.held:
            s.close()


@pytest.fixture(params=["stopped", "hung"])
def broken_redis(request):
    """The URL of a Redis that was running and has been killed, or of a hung port."""
    if request.param == "stopped":
        port = free_port()
        redis = start_redis(port)
        redis.kill()
        redis.wait(timeout=20)
        yield f"redis://127.0.0.1:{port}/0"
    else:
        hung = HungServer()
        yield f"redis://127.0.0.1:{hung.port}/0"
        hung.close()


def signed_off_cast():
    cast = make_cast()
    sign_off(game=cast.game, user=cast.judge, entry=entry_for(cast.game, complete_post(cast.game)), expected_version=1)
    recompute(cast.game.tournament_id)
    return cast


def public_requests(cast) -> dict:
    slug, number = cast.game.tournament.slug, Game.objects.get(pk=cast.game.pk).number
    UserFactory(username="petrov")
    return {
        "tournament list": lambda: Client().get(reverse("public:list")),
        "standings page": lambda: Client().get(reverse("public:detail", args=[slug])),
        "game page": lambda: Client().get(reverse("public:game", args=[slug, number])),
        "API standings": lambda: APIClient().get(f"/api/v1/tournaments/{slug}/standings/"),
        "API token (throttled)": lambda: APIClient().post("/api/v1/auth/token/", {"username": "petrov", "password": "pass"},
                                                          format="json"),
        "standings XLSX": lambda: Client().get(reverse("exports:standings", args=[slug, "xlsx"])),
    }


@pytest.mark.django_db
def test_with_redis_running_the_pages_are_cached_there(settings):
    """The wiring the fault tests rely on: REDIS_URL's cache is Redis, and the pages go into it."""
    port = free_port()
    redis = start_redis(port)
    try:
        settings.CACHES = caches_for(f"redis://127.0.0.1:{port}/0")
        cast = signed_off_cast()
        for what, request in public_requests(cast).items():
            assert request().status_code == 200, what
        assert keys_in(port) > 0
    finally:
        redis.kill()
        redis.wait(timeout=20)


@pytest.mark.django_db
def test_with_redis_stopped_or_hung_every_public_door_answers_from_the_database(settings, broken_redis):
    settings.CACHES = caches_for(broken_redis)
    cast = signed_off_cast()
    for what, request in public_requests(cast).items():
        for cache in caches.all():
            cache._down_until = 0  # each request meets the fault afresh, not the pause after one
        started = time.monotonic()
        response = request()
        seconds = time.monotonic() - started
        assert response.status_code == 200, (what, response.content[:300])
        assert seconds < 3, (what, seconds)


SIGN_OFF = """
import sys, time, django
django.setup()
from django.contrib.auth import get_user_model
from protocols.entry import entry_from_game
from protocols.models import Game
from protocols.services import sign_off
game = Game.objects.get(pk=int(sys.argv[1]))
started = time.monotonic()
sign_off(game=game, user=get_user_model().objects.get(pk=int(sys.argv[2])), entry=entry_from_game(game))
print(round(time.monotonic() - started, 2))
"""


@pytest.mark.django_db(transaction=True)
def test_a_sign_off_with_redis_stopped_or_hung_is_saved_and_the_standings_follow(broken_redis):
    """As a web worker signs off: its own process, cache and broker on the broken Redis."""
    from tests.conftest import _database_url_for_subprocess

    if _database_url_for_subprocess() is None:
        missing_service("the test database is in memory; the web process needs PostgreSQL")
    from tests.scoring.test_faults import entered

    cast = make_cast()
    entered(cast)
    recompute(cast.game.tournament_id)
    env = {**CeleryWorker(broken_redis).env, "DJANGO_SETTINGS_MODULE": "config.settings", "REDIS_URL": broken_redis}
    result = subprocess.run([sys.executable, "-c", SIGN_OFF, str(cast.game.pk), str(cast.judge.pk)], capture_output=True,
                            text=True, env=env, cwd=ROOT, timeout=120)
    assert result.returncode == 0, result.stderr
    assert float(result.stdout.strip().splitlines()[-1]) < 5  # 3.9 s hung, on a loaded 2-core machine (recompute included)
    assert Game.objects.get(pk=cast.game.pk).is_signed_off
    from scoring.models import StandingsState

    state = StandingsState.objects.get(pk=cast.game.tournament_id)
    assert state.computed_version == state.requested_version  # recomputed in-process
