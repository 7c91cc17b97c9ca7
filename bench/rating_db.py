"""The stored rating in the database (bench/rating.py --db, --incremental).

``--incremental`` builds (once) a season of demo tournaments in the configured database
(PostgreSQL when DATABASE_URL says so, else the project's SQLite file): ``BENCH_TOURNAMENTS``
published tournaments of 40 players at 4 tables, 10 rounds each (400 games a tournament),
then times

1. the full recompute (``ratings.recompute.recompute(force=True)``: read every rated game, rate,
   store a new snapshot with every game's before and after), and
2. one sign-off's update: a round of the last tournament is seated, each of its games signed
   off (as tests/tournament_builders does) and ``recompute()`` run after it, which resumes from
   the stored model state and applies that game alone (target: under 50 ms).

At the end it recomputes in full and checks that every stored number is the same as after the
incremental updates. ``--db`` reads the rated games as the job does, for bench/rating.py's
measures."""
from __future__ import annotations

import statistics
import time

BENCH_TOURNAMENTS = 10
SLUG = "bench-rating-{}"


def setup_django():
    import os

    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    django.setup()
    from bench_db import ensure_database

    ensure_database()
    from config.celery import app

    app.conf.task_always_eager = True
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def database_games():
    from ratings.recompute import rated_games

    return rated_games()


def _stored():
    from ratings.models import GameRating, PlayerRating
    from ratings.recompute import current_snapshot

    snapshot = current_snapshot()
    players = sorted(PlayerRating.objects.filter(snapshot=snapshot).values_list(
        "player_id", "rating", "skill", "uncertainty", "games", "wins", "provisional"))
    games = list(GameRating.objects.filter(snapshot=snapshot).order_by("pk").values_list(
        "game_id", "player_id", "p_red", "before", "after", "sigma_before", "sigma_after"))
    return players, games


def incremental(updates: int) -> None:
    import os

    from django.db import connection, transaction
    from django.test.utils import CaptureQueriesContext

    from demo.builder import build_tournament
    from ratings.models import RatingState
    from ratings.recompute import recompute
    from tests.tournament_builders import add_scheduled_round, sign_off
    from tournaments.models import Tournament

    for i in range(1, BENCH_TOURNAMENTS + 1):
        if not Tournament.objects.filter(slug=SLUG.format(i)).exists():
            with transaction.atomic():
                build_tournament(SLUG.format(i), players=40, tables=4, qualifying_rounds=10, final_games=0, seed=i)
    last = Tournament.objects.get(slug=SLUG.format(BENCH_TOURNAMENTS))
    t0, c0 = time.perf_counter(), time.process_time()
    recompute(force=True)
    full, full_cpu = time.perf_counter() - t0, time.process_time() - c0
    state = RatingState.objects.get()
    print(f"database: {connection.vendor}; full recompute of {len(database_games())} games: "
          f"{full:.2f} s wall, {full_cpu:.2f} s CPU")
    times, cpu, db, counts = [], [], [], []
    while len(times) < updates:
        for game in add_scheduled_round(last):
            sign_off(game, result="red" if len(times) % 3 else "black")
            RatingState.raise_requested()  # what the rating's GameRecordChanged listener does at a sign-off
            with CaptureQueriesContext(connection) as queries:
                t0, c0 = time.perf_counter(), time.process_time()
                version = recompute()
                times.append((time.perf_counter() - t0) * 1e3)
                cpu.append((time.process_time() - c0) * 1e3)
            db.append(sum(float(q["time"]) for q in queries.captured_queries) * 1e3)
            counts.append(len(queries.captured_queries))
            assert version is not None
            if len(times) >= updates:
                break
    state.refresh_from_db()
    print(f"one sign-off's incremental update ({len(times)} sign-offs, each a game later than every rated one): "
          f"median {statistics.median(times):.1f} ms, max {max(times):.1f} ms wall; median {statistics.median(cpu):.1f} ms "
          f"CPU of this process, {statistics.median(db):.1f} ms in {max(counts)} queries; load average {os.getloadavg()[0]:.1f} "
          f"on {os.cpu_count()} cores")
    incremental_numbers = _stored()
    t0 = time.perf_counter()
    recompute(force=True)
    print(f"full recompute afterwards: {time.perf_counter() - t0:.2f} s; the same stored numbers as the incremental "
          f"updates: {_stored() == incremental_numbers}")
