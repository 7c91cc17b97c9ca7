"""The game-flow checks of the entry page and the core's checks, each naming seat and field."""
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from protocols.entry import check_entry, entry_from_game
from protocols.forms import ProtocolForm
from tests.protocols.helpers import complete_post

pytestmark = pytest.mark.django_db


def problems(game, **overrides):
    players = {s.player_id: s.player.nickname for s in game.seats.select_related("player")}
    form = ProtocolForm(complete_post(game, **overrides), base=entry_from_game(game), players=players)
    assert form.problems == []
    return [(p.seat, p.field, p.code) for p in check_entry(form.entry, game, complete=True)]


def test_the_complete_protocol_has_no_problems(cast):
    assert problems(cast.game) == []


@pytest.mark.parametrize("overrides, expected", [
    ({"s4-role": "black"}, (None, "role", "role_counts")),
    ({"s4-role": ""}, (4, "role", "role_missing")),
    ({"outcome": ""}, (None, "result", "result_missing")),
    ({"s5-fouls": "3", "s5-removed": "disqualifying_foul", "s5-left_how": "removed", "s5-left_on": "2"}, None),
    ({"s5-removed": "disqualifying_foul"}, (5, "left_how", "removal_not_left")),
    ({"s5-fouls": "4"}, (5, "removed", "fourth_foul_without_removal")),
    ({"s5-fouls": "4", "s5-removed": "fourth_foul", "s5-left_how": "removed", "s5-left_on": "2"}, None),
    ({"s1-extra": "0.33"}, (1, "extra", "extra_not_in_steps")),
    ({"s1-extra": "0.75"}, (1, "extra", "extra_over_winner_limit")),
    ({"s3-extra": "0.5", "s3-extra_reason": "x"}, (3, "extra", "extra_over_loser_limit")),
    ({"s1-extra_reason": ""}, (1, "extra_reason", "extra_without_reason")),
    ({"pen0-seat": "3", "pen0-clause": "8.5.1", "pen0-reason": "ломился"}, (3, "penalties", "penalty_does_not_fit")),
    ({"pen0-seat": "4", "pen0-clause": "8.5.1", "pen0-reason": ""}, (4, "penalties", "penalty_without_reason")),
    ({"named1": "10"}, (None, "best_move", "best_move_own_seat")),
    ({"named2": "3"}, (None, "best_move", "best_move_repeated")),
    ({"first_killed": "4"}, (None, "first_killed", "first_killed_mismatch")),
    ({"first_killed": ""}, (None, "first_killed", "first_killed_missing")),
    ({"s8-left_on": "1"}, (8, "left_on", "killed_twice_in_night")),
    ({"s8-left_how": "killed", "s8-left_on": "0"}, (8, "left_on", "killed_on_night_zero")),
    ({"d2-nom3": "4"}, (3, "nominations", "nominated_after_leaving")),
    ({"d3-nom4": "10"}, (10, "nominations", "nominee_not_alive")),
    ({"d1-v1-6": "2"}, (6, "votes", "votes_not_nominated")),
    ({"d1-v1-3": "9"}, (None, "votes", "too_many_votes")),
    ({"s7-left_on": "3"}, (7, "left_how", "voted_out_not_nominated")),
    ({"s9-left_how": ""}, (9, "result", "red_wins_black_alive")),
    ({"outcome": "black"}, (None, "result", "black_wins_no_black_alive")),
    ({"outcome": "awarded_red", "awarded_reason": ""}, (None, "awarded_reason", "awarded_without_reason")),
    ({"outcome": "awarded_red", "awarded_reason": "подсказка", "s1-extra": "", "s1-extra_reason": ""}, None),
    ({"outcome": "draw"}, (1, "extra", "extra_in_draw")),
    ({"s5-left_how": "voted"}, (5, "left_on", "left_without_when")),
])
def test_it_names_the_seat_and_field(cast, overrides, expected):
    found = problems(cast.game, **overrides)
    if expected is None:
        assert found == []
    else:
        assert expected in found


def test_black_wins_at_parity(cast):
    # Black win: red 1, 2, 4 out; black 3 stays... two red and two black left after these.
    found = problems(cast.game, **{
        "outcome": "black", "s1-extra": "", "s1-extra_reason": "", "s3-left_how": "", "s3-left_on": "",
        "s7-left_how": "", "s7-left_on": "", "s9-left_how": "", "s9-left_on": "",
        "s1-left_how": "voted", "s1-left_on": "1", "s4-left_how": "voted", "s4-left_on": "2",
        "s5-left_how": "killed", "s5-left_on": "3", "s6-left_how": "voted", "s6-left_on": "3",
        "d1-nom1": "1", "d1-v1-3": "", "d1-v1-5": "", "d2-nom2": "4", "d3-nom1": "", "d3-nom2": "6",
    })
    assert found == []
    found = problems(cast.game, **{"outcome": "black", "s1-extra": "", "s1-extra_reason": "", "s9-left_how": ""})
    assert (None, "result", "black_wins_without_parity") in found


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(junk=st.dictionaries(
    st.sampled_from(["s1-fouls", "s2-player", "s3-role", "s4-extra", "s5-left_on", "s6-left_how", "s7-removed",
                     "d1-nom1", "d2-v1-3", "d1-v3", "pen0-seat", "pen0-clause", "pen1-reason", "first_killed",
                     "named1", "outcome", "awarded_reason", "s8-extra_approved", "s9-gross"]),
    st.text(max_size=12), max_size=8,
))
def test_the_form_and_checks_never_raise(cast, junk):
    game = cast.game
    players = {s.player_id: s.player.nickname for s in game.seats.select_related("player")}
    form = ProtocolForm(complete_post(game, **junk), base=entry_from_game(game), players=players)
    check_entry(form.entry, game, complete=True)
