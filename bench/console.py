"""Benchmark of the console's log: ``python bench/console.py [--games 200]``.

The time the server takes to accept one event (``console.services.append_event``: lock the log,
bring the replayed game up to date, the core's check, store the event, the new view) at the
300th event of a long game, p50 / p99 over ``--games`` games, on SQLite (a fresh file in a
temporary directory) and on PostgreSQL (DATABASE_URL, default
``postgres://postgres@127.0.0.1:5432/mafia_cserver``, dropped and created afresh); and the core's
replay of the whole 300-event log (no database).

Each game's log is stored with 298 events (bench/console_game.py: a long fiim game, legal per
the core); the 299th is appended through the service (it fills the process's replayed-game
cache, as the judge's previous event does), then the 300th is timed. "cold" is the 300th with
the cache emptied first: the first event a freshly started server process accepts for a game.
Target (issue 35): p99 <= 20 ms at the 300th event on PostgreSQL (it was 45.9 ms; issue 27 asked
for 50). Each game sits at a table of its own, so every append is to its table's current game and
pays, after its commit and in the same request, for the pushes of the live layer (the table's page
and the projector get the public view, the desk a notice, the judge's screen the new length). Until
2026-12-06 every game sat at table 1 and only the first paid for the view, which hid their cost.

2026-12-06 05:05-05:20 UTC, 50 games, load average 1.2-1.8 on 2 cores, one run of each:
  before (all at table 1)            PostgreSQL p50 29.7 / p99 179.0 ms; SQLite p50 21.9 / p99 159.2 ms
                                     (the push asked the table's every game with its seats: 50 here)
  pushes read less (all at table 1)  PostgreSQL p50 9.0 / p99 27.1 ms; SQLite p50 6.7 / p99 26.4 ms
  a table each, before the last two  PostgreSQL p50 15.6 / p99 20.2 ms; SQLite p50 10.7 / p99 15.8 ms
  a table each, now                  PostgreSQL p50 15.2 / p99 19.5 ms (CPU p50 11.5 / p99 15.1 ms);
                                     SQLite p50 9.9 / p99 14.9 ms; cold p99 22.2 / 19.6 ms
2026-12-06 09:15 UTC, 100 games, load 1.1: the pushes handed to the after-response thread
(tournaments/after_response.py; they took 60 % of an append, py-spy), the live layer on Redis
(CHANNEL_LAYER_URL, default redis://127.0.0.1:6379/7) as in production, the thread's work done
before the next timed append (a judge's taps are seconds apart; back to back, the previous
event's pushes shared the CPU with the timed one: p99 22.4 ms): PostgreSQL p50 8.5 / p99 11.3 ms,
cold p99 12.2 ms (it was p50 18.1 / p99 27.1 ms an hour before with them in the request); SQLite
p50 7.1 / p99 10.9 ms.
The pushes now take the table and the game's number from the stored event (no query for them), ask
only the id of the table's current game, and read that one game for the view. An append sends 4
queries with the game cached, 5 after a restart (tests/console/test_append_queries.py), then the
pushes' 4-6. The wall-clock figures include waiting for the CPU on a shared machine, so the
process's CPU time of each append and the load average are printed too.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(1, str(ROOT / "bench"))

from console_game import ROLES, long_game  # noqa: E402

PG_URL = "postgres://postgres@127.0.0.1:5432/mafia_cserver"
LENGTH = 300
TARGET_MS = 20  # issue 35: p99 at the 300th event on PostgreSQL


REDIS_URL = "redis://127.0.0.1:6379/7"  # the live layer's, unless CHANNEL_LAYER_URL says otherwise


def percentile(values, p):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(p / 100 * len(ordered)) - 1))]


def core_replay(repeat: int = 50) -> dict:
    from engines import console as core

    doc = long_game(LENGTH)
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        game, refused = core.replay_game(doc)
        times.append(time.perf_counter() - started)
        assert refused is None and game.state.phase not in ("over", "ended")
    return {"p50_ms": statistics.median(times) * 1000, "best_ms": min(times) * 1000}


def child(games: int) -> dict:
    """Runs in a process whose DATABASE_URL is the database to measure."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from bench_db import ensure_database

    ensure_database()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    from django.db import connection

    from console import replay_cache, services
    from console.models import ConsoleEvent, ConsoleLog
    from tests.factories import GameFactory, JudgeFactory, PlayerFactory, SeatFactory, TableFactory, TournamentFactory
    from tournaments import after_response

    doc = long_game(LENGTH)
    events = doc["events"]
    chief = JudgeFactory()
    tournament = TournamentFactory(chief_judge=chief, ruleset="fiim")
    players = [PlayerFactory() for _ in ROLES]
    judge = JudgeFactory()
    built = []
    for number in range(1, games + 1):
        # each game at a table of its own: every append is to its table's current game, as a judge's
        # is, so each pays for the pushes to the table's page, the projector, the desk and the screen
        game = GameFactory(tournament=tournament, judge=judge, table=TableFactory(tournament=tournament, number=number))
        for n, (role, player) in enumerate(zip(ROLES, players), start=1):
            SeatFactory(game=game, number=n, player=player, role=role)
        log = ConsoleLog.objects.create(game=game, header=services.header_of(game), length=LENGTH - 2)
        ConsoleEvent.objects.bulk_create(ConsoleEvent(log=log, index=i, payload=e) for i, e in enumerate(events[:LENGTH - 2]))
        built.append(game)
    user = judge.user
    warm, cold, warm_cpu, cold_cpu = [], [], [], []
    for i, game in enumerate(built):
        services.append_event(game=game, index=LENGTH - 2, event=events[LENGTH - 2], user=user)
        if i % 4 == 3:  # every fourth game: the first event after the process started
            replay_cache.clear()
        # a judge's taps are seconds apart: the previous event's pushes (after the response, in
        # this process's thread) are done before the next tap, as they are in a game
        after_response.drain(30)
        started, cpu = time.perf_counter(), time.process_time()
        services.append_event(game=game, index=LENGTH - 1, event=events[LENGTH - 1], user=user)
        (cold if i % 4 == 3 else warm).append(time.perf_counter() - started)
        (cold_cpu if i % 4 == 3 else warm_cpu).append(time.process_time() - cpu)
        assert ConsoleLog.objects.get(game=game).length == LENGTH
    # the floor any append pays here: lock the log's row, one UPDATE, COMMIT (no Django view, no core)
    from django.db import transaction
    from django.db.models import F

    floor = []
    for game in built[:100]:
        started = time.perf_counter()
        with transaction.atomic():
            ConsoleLog.objects.select_for_update().filter(game=game).first()
            ConsoleLog.objects.filter(game=game).update(length=F("length"))
        floor.append(time.perf_counter() - started)
    try:
        tournament.delete()  # the next run starts from the same size
    except Exception as exc:  # noqa: BLE001 - a bench leaves its rows rather than fail at the end
        print(f"rows kept: {exc}", file=sys.stderr)
    return {"vendor": connection.vendor, "games": len(warm), "p50_ms": percentile(warm, 50) * 1000,
            "p99_ms": percentile(warm, 99) * 1000, "cold_games": len(cold), "cold_p50_ms": percentile(cold, 50) * 1000,
            "cold_p99_ms": percentile(cold, 99) * 1000, "cpu_p50_ms": percentile(warm_cpu, 50) * 1000,
            "cpu_p99_ms": percentile(warm_cpu, 99) * 1000, "cold_cpu_p50_ms": percentile(cold_cpu, 50) * 1000,
            "load": os.getloadavg()[0], "floor_p50_ms": percentile(floor, 50) * 1000,
            "floor_p99_ms": percentile(floor, 99) * 1000}


def fresh_postgres(url: str) -> None:
    """Drop and create the bench's PostgreSQL database: each run measures the same sizes (the
    factories' names start again at 1 in each process)."""
    from urllib.parse import urlparse

    import psycopg

    u = urlparse(url)
    name = u.path.lstrip("/")
    if not name.startswith("mafia_"):
        raise SystemExit(f"refusing to recreate {name!r}: the bench's database is named mafia_<something>")
    params = {"host": u.hostname or "127.0.0.1", "port": u.port or 5432, "user": u.username or "postgres",
              "password": u.password}
    with psycopg.connect(dbname="postgres", autocommit=True, **params) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}"')
        admin.execute(f'CREATE DATABASE "{name}"')


def run_child(url: str, games: int) -> dict:
    env = {**os.environ, "DATABASE_URL": url, "DJANGO_SETTINGS_MODULE": "config.settings"}
    env.pop("CELERY_BROKER_URL", None)
    # the live layer on Redis as in production: the pushes then run after the response (settings)
    env.setdefault("CHANNEL_LAYER_URL", REDIS_URL)
    out = subprocess.run([sys.executable, __file__, "--child", "--games", str(games)], env=env, cwd=ROOT,
                         capture_output=True, text=True, check=False)
    if out.returncode != 0:
        raise SystemExit(out.stderr[-3000:])
    return json.loads(out.stdout.strip().splitlines()[-1])


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--skip-postgres", action="store_true")
    args = parser.parse_args()
    if args.child:
        print(json.dumps(child(args.games)))
        return
    replay = core_replay()
    print(f"core replay of a {LENGTH}-event log: p50 {replay['p50_ms']:.2f} ms, best {replay['best_ms']:.2f} ms")
    targets = []
    with tempfile.TemporaryDirectory() as tmp:
        targets.append(("SQLite", f"sqlite:///{tmp}/bench-console.sqlite3"))
        if not args.skip_postgres:
            targets.append(("PostgreSQL", os.environ.get("DATABASE_URL") or PG_URL))
        for name, url in targets:
            if url.startswith("postgres"):
                fresh_postgres(url)
            r = run_child(url, args.games)
            print(f"{name}: accepting the {LENGTH}th event: p50 {r['p50_ms']:.1f} ms, p99 {r['p99_ms']:.1f} ms "
                  f"({r['games']} games); cold cache p50 {r['cold_p50_ms']:.1f} ms, p99 {r['cold_p99_ms']:.1f} ms "
                  f"({r['cold_games']} games); target p99 <= {TARGET_MS} ms: {'met' if r['p99_ms'] <= TARGET_MS else 'NOT met'}")
            print(f"  this process's CPU time (the server's own work; PostgreSQL's is in its own process): "
                  f"p50 {r['cpu_p50_ms']:.1f} ms, p99 {r['cpu_p99_ms']:.1f} ms, cold p50 {r['cold_cpu_p50_ms']:.1f} ms; "
                  f"load average {r['load']:.1f} on {os.cpu_count()} cores")
            print(f"  the floor (lock the log's row, one UPDATE, COMMIT): p50 {r['floor_p50_ms']:.1f} ms, "
                  f"p99 {r['floor_p99_ms']:.1f} ms")


if __name__ == "__main__":
    main()
