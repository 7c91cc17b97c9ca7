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
for 50). 2026-12-04 18:41-18:49 UTC, 50 games, medians of 4 runs of each alternated, load
average 2.8-6.5 on 2 cores: before (07b6844) PostgreSQL p50 13.2 / p99 25.4 ms wall, CPU p50 6.1 /
p99 7.8 ms, SQLite p50 4.0 / p99 9.8 ms wall, CPU 3.9 / 4.5 ms; after PostgreSQL p50 10.6 / p99
20.8 ms wall, CPU p50 4.5 / p99 5.8 ms, SQLite p50 3.4 / p99 7.2 ms wall, CPU 3.3 / 4.2 ms. The
floor (below) had p99 12-13 ms in both: at that load the wall-clock p99 is mostly waiting for a CPU
and for PostgreSQL (3 runs of each at 18:30-18:34, load 2.5-4.2: PostgreSQL p99 10.6-32.1 ms
before, 7.2-14.3 ms after). An append sends 4 queries with the game cached, 5 after a restart
(tests/console/test_append_queries.py). The wall-clock figures include
waiting for the CPU on a shared machine, so the process's CPU time of each append and the load
average are printed too.
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
    from tests.factories import GameFactory, JudgeFactory, PlayerFactory, SeatFactory, TournamentFactory

    doc = long_game(LENGTH)
    events = doc["events"]
    chief = JudgeFactory()
    tournament = TournamentFactory(chief_judge=chief, ruleset="fiim")
    players = [PlayerFactory() for _ in ROLES]
    judge = JudgeFactory()
    built = []
    for _ in range(games):
        game = GameFactory(tournament=tournament, judge=judge)
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
