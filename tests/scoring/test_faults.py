"""Faults on the real services (PostgreSQL, Redis, a Celery worker; REQUIRE_SERVICES=1 in .ci/run):
a worker killed in the middle of a recomputation, Redis stopped while a judge signs off,
PostgreSQL dropping its connections between two requests, two sign-offs at the same moment.
In each the standings end right without anyone acting."""
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from urllib.request import urlopen

import pytest
from django.db import connection, connections, transaction
from django.urls import reverse

from protocols.models import Game
from protocols.services import save_protocol, sign_off
from scoring.models import StandingsSnapshot, StandingsState
from scoring.recompute import recompute
from tests.conftest import CeleryWorker, redis_broker
from tests.protocols.helpers import complete_post, make_cast
from tests.protocols.test_services import entry_for

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.services]
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def postgres(require_services):
    if connection.vendor != "postgresql":
        require_services("the fault tests need PostgreSQL: run them with DATABASE_URL=postgres://…")


def wait_for(condition, seconds: float, what: str):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.2)
    pytest.fail(f"{what} did not happen within {seconds} s")


def state_of(tournament_id) -> StandingsState:
    return StandingsState.objects.get(pk=tournament_id)


def entered(cast, game=None, judge=None):
    """A complete protocol saved (not signed off) at the game's table."""
    game, judge = game or cast.game, judge or cast.judge
    save_protocol(game=game, user=judge, entry=entry_for(game, complete_post(game, action="save")), expected_version=1)
    return Game.objects.get(pk=game.pk)


def children_of(pid: int) -> list[int]:
    out = subprocess.run(["ps", "-o", "pid=", "--ppid", str(pid)], capture_output=True, text=True).stdout
    return [int(x) for x in out.split()]


def test_a_worker_killed_in_the_middle_of_a_recomputation_loses_nothing(postgres):
    cast = make_cast()
    game = entered(cast)
    tournament_id = game.tournament_id
    recompute(tournament_id)
    worker = CeleryWorker(redis_broker(), pool="prefork").route()
    blocker = connections.create_connection("default")
    try:
        # the sign-off's job waits in the worker's queue
        sign_off(game=game, user=cast.judge, entry=entry_for(game, complete_post(game, version="2")), expected_version=2)
        requested = state_of(tournament_id).requested_version
        # hold the standings' row lock, so the worker's job stops in the middle of its transaction
        blocker.set_autocommit(False)
        with blocker.cursor() as cursor:
            cursor.execute("SELECT 1 FROM snapshots_standingsstate WHERE tournament_id = %s FOR UPDATE", [tournament_id])
        worker.start()

        def job_waits():
            with connection.cursor() as cursor:
                cursor.execute("SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
                               "AND wait_event_type = 'Lock'")
                return cursor.fetchone()[0] > 0

        wait_for(job_waits, 60, "the job reaching the lock")
        child = children_of(worker.process.pid)
        assert len(child) == 1
        os.kill(child[0], signal.SIGKILL)  # the process running the job dies mid-job
        blocker.rollback()
        # nobody acts: the job comes back to the worker's new child and completes
        wait_for(lambda: state_of(tournament_id).computed_version >= requested, 90, "the recomputation after the kill")
        newest = StandingsSnapshot.objects.filter(tournament_id=tournament_id, scope="all").order_by("-version").first()
        assert newest.games == 1 and newest.version >= requested
    finally:
        blocker.close()
        worker.stop()


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _redis(port: int) -> subprocess.Popen:
    process = subprocess.Popen(["redis-server", "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wait_for(lambda: subprocess.run(["redis-cli", "-p", str(port), "ping"], capture_output=True).returncode == 0, 20,
             "a private Redis starting")
    return process


SIGN_OFF = """
import os, sys, time, django
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


def _sign_off_in_a_web_process(game, user, broker: str) -> float:
    """Sign off as a web worker would: its own process, its own connection to the broker."""
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings", "CELERY_BROKER_URL": broker, "PYTHONPATH": str(ROOT),
           "DATABASE_URL": CeleryWorker(broker).env["DATABASE_URL"]}
    result = subprocess.run([sys.executable, "-c", SIGN_OFF, str(game.pk), str(user.pk)], capture_output=True, text=True,
                            env=env, cwd=ROOT, timeout=120)
    assert result.returncode == 0, result.stderr
    return float(result.stdout.strip().splitlines()[-1])


def test_a_sign_off_with_redis_stopped_is_saved_and_the_standings_follow(postgres, client):
    redis_broker()  # CI has Redis; this test runs its own on a free port, to stop it
    port = _free_port()
    broker = f"redis://127.0.0.1:{port}/0"
    redis = _redis(port)
    cast = make_cast()
    entered(cast)
    entered(cast, cast.other_game, cast.other_judge)
    tournament_id = cast.game.tournament_id
    recompute(tournament_id)
    worker = CeleryWorker(broker, queue="celery").start()  # the web processes below publish as usual
    try:
        redis.terminate()
        redis.wait(timeout=20)
        seconds = _sign_off_in_a_web_process(cast.game, cast.judge, broker)
        assert Game.objects.get(pk=cast.game.pk).is_signed_off
        assert seconds < 5  # it was 19 s of retries; the figure itself is in the README's fault table
        # the web process recomputed the standings itself: the public page shows the game
        state = state_of(tournament_id)
        assert state.computed_version == state.requested_version
        assert StandingsSnapshot.objects.get(tournament_id=tournament_id, version=state.computed_version, scope="all").games == 1
        # Redis comes back; the next sign-off goes through the worker again
        redis = _redis(port)
        _sign_off_in_a_web_process(cast.other_game, cast.other_judge, broker)
        wait_for(lambda: StandingsSnapshot.objects.filter(tournament_id=tournament_id, scope="all", games=2).exists(), 90,
                 "the worker's recomputation after Redis is back")
        page = client.get(reverse("public:detail", args=[cast.game.tournament.slug]))
        assert page.status_code == 200
    finally:
        worker.stop()
        redis.terminate()


def test_the_next_request_after_postgresql_drops_every_connection_succeeds(postgres):
    cast = make_cast()
    entered(cast)
    recompute(cast.game.tournament_id)
    slug = cast.game.tournament.slug
    port = _free_port()
    env = {**os.environ, "PYTHONPATH": str(ROOT), "DJANGO_SETTINGS_MODULE": "config.settings",
           "DATABASE_URL": CeleryWorker(redis_broker()).env["DATABASE_URL"]}
    # the production server: one sync worker keeps its connection from request to request
    server = subprocess.Popen([sys.executable, "-m", "gunicorn", "config.wsgi:application", "--bind", f"127.0.0.1:{port}",
                               "--workers", "1"], cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        base = f"http://127.0.0.1:{port}"
        wait_for(lambda: _answers(base + "/"), 60, "gunicorn starting")
        pages = [f"{base}/t/{slug}/", f"{base}/t/{slug}/seating/"]
        for url in pages:
            assert urlopen(url).status == 200
        # what a restart does to the web server: its connection is gone (terminated from here, so
        # the machine's other databases and test processes are not touched)
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() "
                           "AND pid <> pg_backend_pid()")
            assert cursor.fetchall(), "the server held a connection"
        for url in pages:  # the health check at the next request reconnects: no 500
            assert urlopen(url).status == 200
    finally:
        server.terminate()
        server.wait(timeout=20)


def _answers(url: str) -> bool:
    try:
        return urlopen(url, timeout=2).status == 200
    except OSError:
        return False


def test_two_sign_offs_at_the_same_moment_both_land_in_the_standings(postgres):
    cast = make_cast()
    games = [entered(cast), entered(cast, cast.other_game, cast.other_judge)]
    tournament_id = cast.game.tournament_id
    recompute(tournament_id)
    barrier = threading.Barrier(2)
    errors = []

    def press(game, user):
        try:
            barrier.wait()
            with transaction.atomic():
                sign_off(game=game, user=user, entry=entry_for(game, complete_post(game, version="2")), expected_version=2)
        except Exception as exc:  # reported below
            errors.append(exc)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=press, args=(g, u)) for g, u in zip(games, (cast.judge, cast.other_judge))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    state = state_of(tournament_id)
    assert state.computed_version == state.requested_version
    newest = StandingsSnapshot.objects.get(tournament_id=tournament_id, version=state.computed_version, scope="all")
    assert newest.games == 2
