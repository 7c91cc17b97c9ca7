"""SQLite as the embedded default under concurrency, with processes as web workers are: two saves
of one protocol at once give one save and the conflict PostgreSQL gives (never "database is
locked"), two sign-offs of different games both land, and pages answer during a long write."""
import json
import os
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest
from django.db import connection
from django.urls import reverse

from protocols.models import Game
from protocols.services import sign_off
from scoring.recompute import recompute
from tests.protocols.helpers import complete_post, make_cast
from tests.protocols.test_services import entry_for

pytestmark = [pytest.mark.django_db(transaction=True)]
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def sqlite_file(tmp_path):
    """The test database (with what the test made, committed) copied to a file, as `make run` has it:
    in WAL mode, as `migrate` leaves a real file. (A copy of the in-memory test database comes out in
    rollback mode, and each racer's connection switched it to WAL as it connected; two switching at
    once clash, and SQLite refuses one at once with "database is locked", no busy wait: that racer
    died before the start barrier and the other waited there for the harness's 120 s and on.)"""
    if connection.vendor != "sqlite":
        pytest.skip("the SQLite cases; PostgreSQL's are in test_concurrency.py")

    def copy() -> Path:
        path = tmp_path / "db.sqlite3"
        connection.ensure_connection()
        target = sqlite3.connect(path)
        connection.connection.backup(target)
        assert target.execute("PRAGMA journal_mode=WAL").fetchone() == ("wal",)
        target.close()
        return path

    return copy


# SQLITE_RACE_REPEAT=20 runs every race of this file twenty times in a row (each round a fresh
# database and fresh racers), inside the full suite as well: how "never hangs" is shown, since one
# pass proves little about a race.
RACE_REPEAT = int(os.environ.get("SQLITE_RACE_REPEAT", "1"))


def pytest_generate_tests(metafunc):
    if RACE_REPEAT > 1:
        metafunc.fixturenames.append("race_round")
        metafunc.parametrize("race_round", range(1, RACE_REPEAT + 1))


RACE_SECONDS = 240  # a racer's start (Django, the apps) took 90 s on a loaded 2-core machine


def race(path: Path, *commands: list[str], env: dict | None = None) -> list[dict]:
    """Run each command as its own process against the file, all starting at the same moment.
    A racer that fails, or a race not over in RACE_SECONDS, ends every racer (killed, none left
    behind) and fails the test with each one's exit and stderr."""
    folder = path.parent / f"race-{time.monotonic_ns()}"
    folder.mkdir()
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{path}", "RACE_DIR": str(folder), "RACE_SIZE": str(len(commands)),
           "PYTHONPATH": str(ROOT), **(env or {})}
    env.pop("CELERY_BROKER_URL", None)  # in-process jobs: the race is the database's
    env.pop("REDIS_URL", None)
    # output to files, not pipes: a racer never blocks on a full pipe nobody reads yet
    logs = [(folder / f"out-{i}.txt", folder / f"err-{i}.txt") for i in range(len(commands))]
    processes = [subprocess.Popen([sys.executable, "-m", "tests.protocols.sqlite_race", *command], cwd=ROOT, env=env,
                                  stdout=out.open("w"), stderr=err.open("w")) for command, (out, err) in zip(commands, logs)]
    deadline = time.monotonic() + RACE_SECONDS
    try:
        while any(p.poll() is None for p in processes) and time.monotonic() < deadline:
            if any(p.returncode not in (None, 0) for p in processes):
                break  # the others would wait at the barrier for the one that died
            time.sleep(0.05)
    finally:
        unfinished = [p for p in processes if p.poll() is None]
        for p in unfinished:
            p.kill()
        for p in processes:
            p.wait()
    if unfinished or any(p.returncode for p in processes):
        why = f"not over in {RACE_SECONDS} s" if unfinished and not any(p.returncode for p in processes) else "a racer failed"
        report = [f"racer {' '.join(c)}: {'killed' if p in unfinished else f'exit {p.returncode}'}\n{err.read_text()[-3000:]}"
                  for c, p, (_, err) in zip(commands, processes, logs)]
        ready = sorted(n for n in os.listdir(folder) if n.startswith("ready-"))
        pytest.fail(f"the race: {why}; at the start barrier: {ready or 'nobody'}\n" + "\n".join(report))
    return [json.loads(out.read_text().strip().splitlines()[-1]) for out, _ in logs]


def test_two_saves_of_one_protocol_at_once_give_a_save_and_a_conflict(sqlite_file):
    cast = make_cast()
    path = sqlite_file()
    outcomes = race(path, ["save", str(cast.game.pk), str(cast.judge.pk), "1"],
                    ["save", str(cast.game.pk), str(cast.chief.pk), "3"])
    kinds = sorted(o["outcome"].split(":")[0] for o in outcomes)
    assert kinds == ["conflict", "saved"], outcomes
    assert "protocol is at version 2, the page had 1" in [o["outcome"] for o in outcomes if o["outcome"] != "saved"][0]
    version, fouls = sqlite3.connect(path).execute(
        "SELECT g.version, s.fouls FROM protocols_game g JOIN protocols_seat s ON s.game_id = g.id "
        "WHERE g.id = ? AND s.number = 2", [cast.game.pk]).fetchone()
    assert version == 2 and fouls in (1, 3)


def test_two_sign_offs_of_different_games_at_once_both_land_in_the_standings(sqlite_file):
    cast = make_cast()
    for game, judge in ((cast.game, cast.judge), (cast.other_game, cast.other_judge)):
        # the protocols are entered; the two judges press "sign off" at the same moment
        from protocols.services import save_protocol

        save_protocol(game=game, user=judge, entry=entry_for(game, complete_post(game, action="save")), expected_version=1)
    path = sqlite_file()
    outcomes = race(path, ["sign_off", str(cast.game.pk), str(cast.judge.pk)],
                    ["sign_off", str(cast.other_game.pk), str(cast.other_judge.pk)])
    assert [o["outcome"] for o in outcomes] == ["saved", "saved"], outcomes
    db = sqlite3.connect(path)
    statuses = db.execute("SELECT status FROM protocols_game WHERE id IN (?, ?)", [cast.game.pk, cast.other_game.pk]).fetchall()
    assert statuses == [("signed_off",), ("signed_off",)]
    requested, computed = db.execute("SELECT requested_version, computed_version FROM snapshots_standingsstate "
                                     "WHERE tournament_id = ?", [cast.game.tournament_id]).fetchone()
    games = db.execute("SELECT games FROM snapshots_standingssnapshot WHERE tournament_id = ? AND scope = 'all' "
                       "ORDER BY version DESC", [cast.game.tournament_id]).fetchone()[0]
    assert computed == requested and games == 2  # the newest snapshot holds both games


def test_pages_answer_while_a_long_write_holds_the_lock(sqlite_file):
    cast = make_cast()
    sign_off(game=cast.game, user=cast.judge, entry=entry_for(cast.game, complete_post(cast.game)), expected_version=1)
    recompute(cast.game.tournament_id)
    path = sqlite_file()
    slug = Game.objects.get(pk=cast.game.pk).tournament.slug
    held, page = race(path, ["hold_write", str(cast.game.tournament_id), "6"], ["read_page", f"/t/{slug}/", "2"])
    assert held["outcome"] == "held"
    assert page["outcome"] == 200 and page["seconds"] < 4  # it did not wait for the writer's 6 s


def test_a_sign_off_that_waits_out_the_busy_timeout_is_told_to_try_again(sqlite_file):
    """A judge presses "sign off" while a long import holds the write lock: the wait is bounded by the
    busy timeout (1 s here, SQLITE_BUSY_TIMEOUT), then a 503 in the judge's language says nothing was
    saved and to send it again; no 500, no page that hangs until gunicorn kills it."""
    cast = make_cast()
    post = complete_post(cast.game)
    path = sqlite_file()
    url = reverse("protocols:game", args=[cast.game.pk])
    held, page = race(path, ["hold_write", str(cast.game.tournament_id), "8"],
                      ["post_page", url, str(cast.judge.pk), json.dumps(post), "2", "en"],
                      env={"SQLITE_BUSY_TIMEOUT": "1"})
    assert held["outcome"] == "held"
    assert page["outcome"] == 503, page
    # a 503 at all shows the wait ended before the writer's 8 s did; 1 s plus the request itself
    assert page["retry_after"] == "5" and page["seconds"] < 6
    assert "nothing was saved" in page["body"] and "send it again in a few seconds" in page["body"]
    status = sqlite3.connect(path).execute("SELECT status FROM protocols_game WHERE id = ?", [cast.game.pk]).fetchone()
    assert status == ("scheduled",)  # nothing was saved, as the page says
