"""7.7 voting and 7.8 last words, in both presets."""
from __future__ import annotations

import pytest

from .table import Table

BOTH = pytest.mark.parametrize("ruleset", ["fiim", "mafclub"])


def three_nominees(ruleset="fiim", **settings) -> Table:
    return Table(ruleset, settings=settings or None).to_day1().speeches({1: 2, 2: 4, 3: 6})


@BOTH
def test_the_last_nominees_count_is_the_votes_not_yet_counted(ruleset):
    t = three_nominees(ruleset)
    assert t.phase == "voting"
    assert t.refuses("vote", seat=4, count=1) == ("VOTE_ORDER", "7.7.2")
    assert t.refuses("vote", seat=2, count=11) == ("VOTE_COUNT", "7.7.3")
    assert t.refuses("vote", seat=2, count=-1) == ("VOTE_COUNT", "7.7.3")
    t.votes(3)
    assert t.refuses("vote", seat=4, count=8) == ("VOTE_COUNT", "7.7.3")
    t.votes(2)
    assert t.day(1)["rounds"] == [{"kind": "vote", "counts": [[2, 3], [4, 2], [6, 5]]}]
    assert t.state["left"] == {"6": "voted@D1"}
    assert t.state["turn"] == {"seat": 6, "kind": "last_words", "seconds": 60}


@BOTH
def test_a_tie_gives_30_s_speeches_in_vote_order_then_the_revote(ruleset):
    t = three_nominees(ruleset).votes(4, 2)  # 2: 4, 4: 2, 6: 4
    assert t.state["turn"] == {"seat": 2, "kind": "tie", "seconds": 30}
    assert t.refuses("nominate", by=2, seat=1) == ("NOMINATE_NOT_NOW", "7.5.1")
    t.push("next", seat=2)
    assert t.speaker == 6
    t.push("next", seat=6)
    assert t.phase == "voting"
    t.votes(7)
    assert t.state["left"] == {"2": "voted@D1"}
    assert t.day(1)["rounds"][1] == {"kind": "revote", "counts": [[2, 7], [6, 3]]}


@BOTH
def test_a_third_foul_player_speaks_in_the_tie(ruleset):
    t = Table(ruleset).to_day1()
    for _ in range(3):
        t.push("foul", seat=6)
    t.speeches({1: 2, 2: 6}).votes(5)
    t.push("next", seat=2)
    assert t.state["turn"] == {"seat": 6, "kind": "tie", "seconds": 30}


@BOTH
def test_a_second_tie_asks_all_leave_and_a_majority_takes_them_with_30_s_each(ruleset):
    t = three_nominees(ruleset).votes(4, 2).words().votes(5)  # revote 2: 5, 6: 5
    assert t.phase == "all_leave_vote"
    assert t.refuses("vote_all", **{"for": 11}) == ("VOTE_ALL_COUNT", "7.7.9")
    t.push("vote_all", **{"for": 6})
    assert t.state["left"] == {"2": "voted@D1", "6": "voted@D1"}
    assert t.state["turn"] == {"seat": 2, "kind": "last_words", "seconds": 30}
    assert t.day(1)["rounds"][2] == {"kind": "all_leave", "seats": [2, 6], "for": 6, "voters": 10, "leave": True}


@BOTH
def test_exactly_half_for_all_leave_keeps_them_all(ruleset):
    t = three_nominees(ruleset).votes(4, 2).words().votes(5).push("vote_all", **{"for": 5})
    assert t.phase == "shooting" and t.state["left"] == {}
    assert t.day(1)["no_vote"] == "7.7.9"


def test_vote_all_outside_its_phase():
    t = three_nominees()
    assert t.refuses("vote_all", **{"for": 6}) == ("VOTE_ALL_NOT_NOW", "7.7.7")


def to_four(ruleset, **settings) -> Table:
    """5, 6, 7, 8 in the game (blacks 3 and 9 voted out; 1, 2, 4 killed and 10 voted out)."""
    t = Table(ruleset, settings=settings or None).to_day1().speeches({1: 3, 2: 9}).votes(6).words().night(at=1).words()
    t.speeches({2: 9}).words().night(at=2).words()
    t.speeches({4: 10}).words().night(at=4).words()
    assert t.state["in_game"] == [5, 6, 7, 8]
    return t


@BOTH
def test_with_four_players_a_second_tie_ends_the_days_voting(ruleset):
    t = to_four(ruleset).speeches({5: 7, 6: 8}).votes(2).words().votes(2)
    assert t.phase == "shooting" and t.day(4)["no_vote"] == "7.7.8"


def test_all_leave_at_four_setting_puts_the_question():
    t = to_four("fiim", all_leave_at_four=True).speeches({5: 7, 6: 8}).votes(2).words().votes(2)
    assert t.phase == "all_leave_vote"


def test_day1_vote_eliminates_off_records_the_vote_and_nobody_leaves():
    t = three_nominees(day1_vote_eliminates=False).votes(2, 2)  # 6 gets 6
    assert t.phase == "shooting" and t.state["left"] == {}
    assert t.day(1)["no_vote"] == "7.7.4"
    assert t.day(1)["rounds"] == [{"kind": "vote", "counts": [[2, 2], [4, 2], [6, 6]]}]


@BOTH
def test_last_words_then_night(ruleset):
    t = three_nominees(ruleset).votes(0, 0)
    assert t.refuses("nominate", by=6, seat=1) == ("NOMINATE_NOT_NOW", "7.5.1")
    t.push("foul", seat=6)  # fouls are legal during last words
    t.push("next", seat=6)
    assert t.phase == "shooting"
    assert t.refuses("foul", seat=6) == ("FOUL_NOT_AT_TABLE", "7.11.1")


@BOTH
def test_a_player_removed_during_his_last_words_loses_them(ruleset):
    t = three_nominees(ruleset).votes(0, 0).push("remove", seat=6, kind="disqualifying")
    assert t.phase == "shooting"
    assert t.state["left"] == {"6": "voted@D1"} and t.state["removed"] == {"6": "disqualifying_foul"}


def test_mafclub_a_player_voted_out_before_serving_his_silence_has_no_last_words():
    t = Table("mafclub").to_day1().speeches({1: 2, 2: 4, 3: 6}, stop_at=7)
    for _ in range(3):
        t.push("foul", seat=6)
    t.speeches().votes(0, 0)
    assert t.state["left"] == {"6": "voted@D1"}
    assert t.phase == "shooting"


def test_mafclub_a_player_who_served_his_silence_keeps_his_last_words():
    t = Table("mafclub").to_day1()
    for _ in range(3):
        t.push("foul", seat=6)
    t.speeches({1: 2, 2: 4, 3: 6}).votes(0, 0)
    assert t.state["turn"] == {"seat": 6, "kind": "last_words", "seconds": 60}


def test_fiim_a_silenced_player_voted_out_keeps_his_last_words():
    t = Table("fiim").to_day1()
    for _ in range(3):
        t.push("foul", seat=6)
    t.speeches({1: 2, 2: 4, 3: 6}).votes(0, 0)
    assert t.state["turn"] == {"seat": 6, "kind": "last_words", "seconds": 60}


@BOTH
def test_the_elimination_that_ends_the_game_has_no_last_words(ruleset):
    # peers' bug: a mafia win right after a vote that did not end the game
    t = Table(ruleset).to_day1().speeches({1: 3, 2: 9}).votes(6).words().night(at=1).words()
    t.speeches({2: 10}).words().night(at=2).words()
    t.speeches({4: 8}).words().night().words()  # a miss: 4, 5, 6, 7, 9 in the game
    t.speeches({5: 6})
    assert t.state["left"]["6"] == "voted@D4" and t.state["in_game"] == [4, 5, 7, 9]
    assert (t.phase, t.state["result"], t.state["result_how"]) == ("over", "black", "normal")
    assert t.refuses("next", seat=6) == ("GAME_OVER", "7.14.6")
    t.push("end", result="black")
    assert t.phase == "ended"
