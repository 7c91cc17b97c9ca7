"""The recompute job: after commit, versioned, idempotent, never stale, in constant queries."""
import threading
import time
from unittest import mock

import pytest
from django.core.management import call_command
from django.db import OperationalError, connection, connections, transaction
from django.test.utils import CaptureQueriesContext

from engines.scoring.standings import compute_standings
from protocols.scoring_records import load, tournament_data
from scoring import recompute as recompute_module
from scoring.models import PlayerStanding, StandingsSnapshot, StandingsState
from scoring.recompute import recompute
from scoring.services import request_recompute
from scoring.tasks import recompute_standings
from tests.tournament_builders import add_scheduled_round, played, sign_off
from tournaments.tournament_changes import save_tournament


@pytest.mark.django_db
def test_the_job_is_sent_only_after_the_transaction_commits(django_capture_on_commit_callbacks):
    t = played("after-commit", players=10, rounds=2)
    recompute(t.pk)
    with mock.patch.object(recompute_standings, "delay") as delay:
        with django_capture_on_commit_callbacks(execute=False) as callbacks:
            request_recompute(t)
            assert not delay.called  # still inside the transaction
        assert len(callbacks) == 1
        callbacks[0]()
        delay.assert_called_once_with(t.pk)


@pytest.mark.django_db
def test_a_rolled_back_change_sends_no_job(django_capture_on_commit_callbacks):
    t = played("rollback", players=10, rounds=1)
    before = StandingsState.objects.get(pk=t.pk).requested_version
    with django_capture_on_commit_callbacks() as callbacks:
        with pytest.raises(RuntimeError):
            with transaction.atomic():
                request_recompute(t)
                raise RuntimeError("the sign-off failed")
    assert callbacks == []
    assert StandingsState.objects.get(pk=t.pk).requested_version == before


@pytest.mark.django_db
def test_a_sign_off_recomputes_eagerly_after_commit(django_capture_on_commit_callbacks):
    t = played("eager", players=10, rounds=2)
    [game] = add_scheduled_round(t)
    assert recompute(t.pk) == 1
    with django_capture_on_commit_callbacks(execute=True):
        sign_off(game, extra_seat=1)
    state = StandingsState.objects.get(pk=t.pk)
    assert state.computed_version == state.requested_version == 2
    rows = PlayerStanding.objects.filter(snapshot__tournament=t, snapshot__version=2)
    assert sum(r.games for r in rows) == 30


@pytest.mark.django_db
def test_the_snapshot_matches_the_core_document():
    t = played("matches", players=20, rounds=3, final_games=2)
    version = recompute(t.pk)
    overall = StandingsSnapshot.objects.get(tournament=t, version=version, scope="all")
    assert overall.document == compute_standings(tournament_data(t)).to_document()
    assert set(StandingsSnapshot.objects.filter(tournament=t, version=version).values_list("scope", flat=True)) == {
        "all", "qualifying", "final"}
    final = StandingsSnapshot.objects.get(tournament=t, version=version, scope="final")
    assert final.document == compute_standings(tournament_data(t), ("final",)).to_document()
    rows = list(overall.rows.order_by("place"))
    assert [r.place for r in rows] == list(range(1, 21))
    for row, doc in zip(rows, overall.document["standings"]):
        assert f"{row.total:.2f}" == doc["total"] and row.file_id == doc["player"]
        assert row.player_id is not None
        # the explanation adds up to the total
        cents = sum(line[2] for _n, _seat, _role, lines in row.explanation for line in lines)
        assert cents == int(row.total * 100)
        assert len(row.explanation) == row.games
        assert all(str(number) in overall.game_meta for number, *_rest in row.explanation)


@pytest.mark.django_db
def test_it_is_idempotent_and_a_stale_job_writes_nothing():
    t = played("idem", players=10, rounds=2)
    assert recompute(t.pk) == 1
    assert recompute(t.pk) is None  # nothing new was requested
    assert StandingsSnapshot.objects.filter(tournament=t).count() == 1
    StandingsState.objects.filter(pk=t.pk).update(requested_version=5)
    assert recompute(t.pk) == 5
    # a job for an older request that runs late finds v5 stored and leaves it alone
    StandingsState.objects.filter(pk=t.pk).update(requested_version=4)
    assert recompute(t.pk) is None
    assert StandingsState.objects.get(pk=t.pk).computed_version == 5
    assert recompute(t.pk, force=True) == 6


@pytest.mark.django_db
def test_old_versions_are_pruned():
    t = played("prune", players=10, rounds=1)
    versions = [recompute(t.pk, force=True) for _ in range(6)]
    assert versions == list(range(versions[0], versions[0] + 6))
    assert sorted(StandingsSnapshot.objects.filter(tournament=t).values_list("version", flat=True)) == versions[-3:]


@pytest.mark.django_db
def test_recompute_runs_a_constant_number_of_queries():
    small = played("q-small", players=10, rounds=2)
    large = played("q-large", players=70, rounds=6)  # beyond one SQLite bulk_create batch
    counts = []
    for t in (small, large):
        with CaptureQueriesContext(connection) as ctx:
            recompute(t.pk, force=True)
        counts.append(len(ctx))
    assert counts[0] == counts[1], counts


@pytest.mark.django_db
def test_a_failing_job_is_retried():
    t = played("retry", players=10, rounds=1)
    real = recompute_module.recompute
    calls = []

    def flaky(tournament_id):
        calls.append(tournament_id)
        if len(calls) == 1:
            raise OperationalError("could not obtain lock")
        return real(tournament_id)

    with mock.patch("scoring.tasks.recompute", side_effect=flaky):
        result = recompute_standings.apply(args=[t.pk], throw=False)
    assert result.successful() and result.result == 1
    assert calls == [t.pk, t.pk]


@pytest.mark.django_db
def test_an_unreachable_broker_falls_back_to_recomputing_in_process(django_capture_on_commit_callbacks):
    t = played("no-broker", players=10, rounds=1)
    with mock.patch.object(recompute_standings, "delay", side_effect=ConnectionError("broker down")):
        with django_capture_on_commit_callbacks(execute=True):
            request_recompute(t)  # must not raise after the commit
    state = StandingsState.objects.get(pk=t.pk)
    assert state.computed_version == state.requested_version >= 1


@pytest.mark.django_db
def test_a_missing_tournament_is_a_no_op():
    assert recompute(987654) is None


@pytest.mark.django_db
def test_a_settings_change_requests_a_recompute(django_capture_on_commit_callbacks):
    t = played("settings-trigger", players=10, rounds=1)
    with mock.patch.object(recompute_standings, "delay") as delay:
        with django_capture_on_commit_callbacks(execute=True):
            t.best_move_three = "0.50"
            save_tournament(t)
        assert delay.call_count == 1
        with django_capture_on_commit_callbacks(execute=True):
            t.standings_public = False  # not a scoring setting
            save_tournament(t)
        assert delay.call_count == 1


@pytest.mark.django_db
def test_the_management_command_recomputes_synchronously(capsys):
    t = played("command", players=10, rounds=1)
    call_command("recompute_standings", "command")
    version = StandingsState.objects.get(pk=t.pk).computed_version
    assert f"version {version}" in capsys.readouterr().out
    assert StandingsSnapshot.objects.filter(tournament=t, version=version).exists()
    from django.core.management import CommandError
    with pytest.raises(CommandError):
        call_command("recompute_standings", "no-such-slug")


@pytest.mark.django_db(transaction=True)
def test_two_jobs_never_interleave(settings):
    """Job B waits for job A's row lock (PostgreSQL: SELECT … FOR UPDATE) and writes after it."""
    if connection.vendor != "postgresql":
        pytest.skip("row locks need PostgreSQL; SQLite serialises writers by itself")
    t = played("locks", players=10, rounds=2)
    StandingsState.objects.filter(pk=t.pk).update(requested_version=10)
    events = []
    a_has_lock = threading.Event()
    real_load = recompute_module.load

    def slow_load(tournament, **kw):
        events.append(("load", threading.current_thread().name))
        if threading.current_thread().name == "A":
            a_has_lock.set()
            time.sleep(1.0)
        return real_load(tournament, **kw)

    results = {}

    def job(name):
        try:
            results[name] = recompute(t.pk)
        finally:
            connections.close_all()

    with mock.patch.object(recompute_module, "load", side_effect=slow_load):
        a = threading.Thread(target=job, args=("A",), name="A")
        a.start()
        assert a_has_lock.wait(10)
        b = threading.Thread(target=job, args=("B",), name="B")
        b.start()
        a.join(20)
        b.join(20)
    # A stored v10; B waited for the lock, then found v10 current and wrote nothing
    assert results == {"A": 10, "B": None}
    assert events == [("load", "A")]
    assert StandingsSnapshot.objects.filter(tournament=t).count() == 1


@pytest.mark.django_db
def test_explain_all_agrees_with_the_cores_explain_player():
    from engines.scoring.explain import explain_all
    from engines.scoring.standings import explain_player

    t = played("agree", players=20, rounds=4)
    loaded = load(t)
    data = loaded.tournament
    every = explain_all(data, loaded.game_numbers)
    ids = {number: gid for gid, number in loaded.game_numbers.items()}
    for player in data.players[:5]:
        mine = [(ids[number], c, clause, cents, code, params) for number, _s, _r, lines in every[player.id]
                for c, clause, cents, code, params in lines]
        core_lines = [(ln.game, ln.component, ln.clause, int(ln.points * 100), ln.code, ln.params)
                      for ln in explain_player(data, player.id) if ln.component != "none"]
        assert mine == core_lines


@pytest.mark.django_db
def test_an_import_of_a_thousand_players_queues_one_job(django_capture_on_commit_callbacks):
    from engines.scoring.fileformat import parse_document
    from protocols.tournament_file import import_tournament
    from tests.engines.scoring.builders import document, game

    players = [f"p{i:04d}" for i in range(1, 1001)]
    games = [game(f"Q1-T{t}", players=players[10 * (t - 1):10 * t], table=t) for t in range(1, 101)]
    with mock.patch.object(recompute_standings, "delay") as delay:
        with django_capture_on_commit_callbacks(execute=True):
            tournament, _created = import_tournament(parse_document(document(games, players=players, participants=1000)))
    assert tournament.registrations.count() == 1000
    assert delay.call_count == 1


@pytest.mark.django_db
def test_the_sweep_recomputes_what_a_lost_job_left_stale(django_capture_on_commit_callbacks):
    from datetime import timedelta

    from django.utils import timezone

    from scoring.recompute import SWEEP_AFTER, sweep

    t = played("sweep", players=10, rounds=1)
    recompute(t.pk)
    with mock.patch.object(recompute_standings, "delay"):  # the job is lost (a killed worker)
        with django_capture_on_commit_callbacks(execute=True):
            request_recompute(t)
    state = StandingsState.objects.get(pk=t.pk)
    assert state.requested_version > state.computed_version and state.stale_since is not None
    assert sweep() == []  # not a minute yet: a job may still be on its way
    assert sweep(now=timezone.now() + SWEEP_AFTER + timedelta(seconds=1)) == [t.pk]
    state.refresh_from_db()
    assert state.computed_version == state.requested_version and state.stale_since is None
    assert sweep(now=timezone.now() + 2 * SWEEP_AFTER) == []
