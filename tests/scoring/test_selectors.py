"""The standings' one read side (scoring/selectors.py): which snapshot is current, a player's line
and a game's points as records, read in a constant number of queries."""
import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from protocols.models import Game
from scoring import selectors
from scoring.models import PlayerStanding, StandingsState
from scoring.recompute import recompute
from scoring.services import request_recompute
from tests.tournament_builders import played, sign_off

pytestmark = pytest.mark.django_db


def test_the_current_snapshot_is_the_computed_version_of_the_tournament(django_capture_on_commit_callbacks):
    t = played("sel-current", players=20, rounds=2)
    recompute(t.pk)
    state = StandingsState.objects.get(pk=t.pk)
    current = selectors.current(t.slug)
    assert (current.tournament_id, current.version, current.computed_at) == (t.pk, state.computed_version, state.computed_at)
    assert current.standings_public and current.up_to_date
    assert selectors.current_of(t).version == current.version
    request_recompute(t)  # a change waits for the job: the snapshot stays current, but behind
    assert not selectors.current(t.slug).up_to_date
    assert selectors.current("no-such-tournament") is None


def test_a_players_line_and_its_games_add_up_to_the_stored_row():
    t = played("sel-line", players=20, rounds=3)
    recompute(t.pk)
    current = selectors.current(t.slug)
    stored = PlayerStanding.objects.get(snapshot__tournament=t, snapshot__scope="all", place=1)
    line, snapshot = selectors.player_line(t.pk, current.version, stored.player_id)
    assert (line.place, line.nickname, line.total) == (1, stored.nickname, stored.total)
    assert len(line.points) == stored.games
    assert sum(game.total for game in line.points) == int(stored.total * 100)
    assert sum(game.main for game in line.points) == int(stored.main * 100)
    assert all(snapshot.scored[game.number].stage == "qualifying" for game in line.points)
    assert all(line_.code and line_.clause for game in line.points for line_ in game.lines)
    by_place = selectors.lines(snapshot)
    assert [row.place for row in by_place] == list(range(1, 21)) and by_place[0].points is None


def test_a_games_points_are_those_of_its_ten_players_lines():
    t = played("sel-game", players=20, rounds=2)
    recompute(t.pk)
    current = selectors.current(t.slug)
    game = Game.objects.filter(tournament=t).order_by("number").first()
    seats = {seat.number: seat.player_id for seat in game.seats.all()}
    points = selectors.game_points(current, [game.number], player_ids=seats.values())[game.number]
    assert set(points) == set(seats)
    for seat, player_id in seats.items():
        line, _snapshot = selectors.player_line(t.pk, current.version, player_id)
        assert points[seat] == next(g for g in line.points if g.number == game.number)
    assert selectors.points_as_recomputed(t, {game.number})[game.number] == points


def test_points_as_recomputed_follow_a_change_the_snapshot_does_not_have_yet():
    t = played("sel-behind", players=10, rounds=1)
    recompute(t.pk)
    game = Game.objects.get(tournament=t, number=1)
    before = selectors.points_as_recomputed(t, {1})[1]
    sign_off(game, result="black")  # signed off again with the other side winning; no job has run
    assert not selectors.current(t.slug).up_to_date
    after = selectors.points_as_recomputed(t, {1})[1]
    assert after != before
    assert selectors.game_points(selectors.current(t.slug), [1])[1] == before  # the snapshot says what it said


def test_a_stage_without_games_has_no_snapshot_and_one_played_stage_is_the_overall():
    t = played("sel-scope", players=20, rounds=2)
    recompute(t.pk)
    version = selectors.current(t.slug).version
    final = selectors.scoped(t.pk, version, "final")
    assert final.snapshot is None and final.overall is not None and final.stages == ("qualifying",)
    qualifying = selectors.scoped(t.pk, version, "qualifying")
    assert qualifying.snapshot == qualifying.overall
    assert selectors.scoped(t.pk, 0, "all").overall is None


def test_the_ranking_for_a_final_comes_from_the_current_snapshot():
    t = played("sel-rank", players=20, rounds=2)
    assert selectors.ranking(t.pk) == (None, [])
    recompute(t.pk)
    snapshot, ranked = selectors.ranking(t.pk)
    assert snapshot.version == selectors.current(t.slug).version
    assert ranked == list(PlayerStanding.objects.filter(snapshot_id=snapshot.pk).order_by("place")
                          .values_list("player_id", flat=True))


def test_reads_take_the_same_queries_whatever_the_size():
    counts = {}
    for slug, players, rounds in (("sel-few", 10, 1), ("sel-many", 40, 4)):
        t = played(slug, players=players, rounds=rounds)
        recompute(t.pk)
        current = selectors.current(t.slug)
        player = PlayerStanding.objects.filter(snapshot__tournament=t, place=1).values_list("player_id", flat=True)[0]
        with CaptureQueriesContext(connection) as ctx:
            snapshot = selectors.scoped(t.pk, current.version).snapshot
            selectors.lines(snapshot, explained=True)
            selectors.player_line(t.pk, current.version, player)
            selectors.game_points(current, [1, 2])
            selectors.ranking(t.pk)
        counts[slug] = len(ctx)
    assert counts["sel-few"] == counts["sel-many"], counts
