"""What the judge's screen needs from the view to name the right players: the tied players of a
tie (7.7.5), "all leave?" with its players and the majority it needs (7.7.7, 7.7.9), and the
shooting's blacks numbered among those still in the game, with a flag once all have shot (7.9.1)."""
from __future__ import annotations

from engines.console import game_view

from .table import Table


def tie() -> Table:
    t = Table().to_day1().speeches({1: 2, 2: 4, 3: 6}).votes(4, 4)  # 2 and 4 tied on 4, 6 has 2
    assert t.phase == "tie_speech"
    return t


def test_7_7_5_the_tie_names_only_the_tied_players_through_the_revote():
    t = tie()
    assert t.state["tied"] == [2, 4] and t.state["nominees"] == [2, 4, 6]
    t.words()
    assert t.phase == "voting" and t.state["tied"] == [2, 4]
    t.votes(7)  # 2 leaves by the revote
    assert t.phase == "last_words" and t.state["tied"] == []


def test_no_tie_no_tied_players():
    t = Table().to_day1().speeches({1: 2, 2: 4})
    assert t.phase == "voting" and t.state["tied"] == []


def test_7_7_9_all_leave_names_the_players_and_the_majority_needed():
    t = tie().words().votes(5)  # the revote ties again: 2 and 4 on 5
    assert t.phase == "all_leave_vote"
    assert t.state["all_leave"] == {"seats": [2, 4], "voters": 10, "needed": 6}
    assert t.state["tied"] == []
    t.push("vote_all", **{"for": 5})  # exactly half: all stay
    assert t.phase == "shooting" and t.state["all_leave"] is None


def test_7_7_9_the_majority_needed_with_an_odd_number_in_the_game():
    t = Table().to_day1().push("remove", seat=10, kind="disqualifying").speeches({1: 2, 2: 4})
    assert t.phase == "shooting"  # the removal cancelled day 1's vote (7.13)
    t.night().speeches({2: 4, 3: 2, 4: 6}).votes(3, 3).words().votes(3, 3)  # 9 in the game, three tied twice
    assert t.state["all_leave"] == {"seats": [4, 2, 6], "voters": 9, "needed": 5}
    t.push("vote_all", **{"for": 4})  # 4 of 9 is not more than half
    assert t.phase == "shooting" and "4" not in t.state["left"]


def shooting(t: Table):
    return game_view(t.game)["shooting"]


def test_7_9_1_the_blacks_in_seat_order_numbered_among_those_in_the_game():
    t = Table().to_day1().speeches()
    assert shooting(t) == {"blacks": [
        {"seat": 3, "role": "black", "ordinal": 1, "of": 3, "shot": False, "at": None},
        {"seat": 7, "role": "don", "ordinal": 2, "of": 3, "shot": False, "at": None},
        {"seat": 9, "role": "black", "ordinal": 3, "of": 3, "shot": False, "at": None}], "all_shot": False}


def test_7_9_1_black_1_of_2_when_the_first_black_is_out():
    t = Table().to_day1().speeches({1: 3, 2: 4}).votes(6).words()  # black 3 voted out
    assert t.phase == "shooting"
    assert [(b["seat"], b["ordinal"], b["of"]) for b in shooting(t)["blacks"]] == [(7, 1, 2), (9, 2, 2)]


def test_7_9_1_all_shot_once_every_black_in_the_game_has_shot():
    t = Table().to_day1().speeches().push("shot", by=3, at=8).push("shot", by=7, at=None)
    panel = shooting(t)
    assert panel["all_shot"] is False and panel["blacks"][1] == {"seat": 7, "role": "don", "ordinal": 2, "of": 3,
                                                                   "shot": True, "at": None}
    t.push("shot", by=9, at=8)
    assert shooting(t)["all_shot"] is True


def test_7_9_1_a_black_removed_tonight_no_longer_counts():
    t = Table().to_day1().speeches().push("shot", by=3, at=8).push("shot", by=7, at=8)
    t.push("remove", seat=9, kind="disqualifying")
    assert shooting(t)["all_shot"] is True and [b["seat"] for b in shooting(t)["blacks"]] == [3, 7]


def test_the_shooting_panel_is_none_outside_the_shooting_and_not_in_the_state():
    t = Table().to_day1()
    assert shooting(t) is None and "shooting" not in t.state
    t.speeches().night()
    assert shooting(t) is None
