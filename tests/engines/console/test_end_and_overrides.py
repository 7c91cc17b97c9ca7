"""7.14 the end of the game, 7.16 the judge's overrides and undo, in both presets."""
from __future__ import annotations

import pytest

from engines.console import replay

from .table import Table

BOTH = pytest.mark.parametrize("ruleset", ["fiim", "mafclub"])


@BOTH
def test_no_black_left_red_wins_and_end_confirms(ruleset):
    t = Table(ruleset).to_day1().speeches({1: 3, 2: 7}).votes(6).words().night(at=1).words()
    assert t.refuses("end", result="red") == ("END_NOT_OVER", "7.14.6")
    t.speeches({2: 7}).words().night(at=2).words().speeches({4: 9})
    assert (t.phase, t.state["result"], t.state["result_how"]) == ("over", "red", "normal")
    assert t.refuses("end", result="black") == ("END_RESULT", "7.14.6")
    t.push("end", result="red")
    assert t.refuses("next") == ("LOG_CLOSED", "7.14.6")
    t.push("undo")
    assert t.phase == "over"


@BOTH
def test_the_night_kill_that_brings_parity_ends_the_game_without_checks(ruleset):
    t = Table(ruleset).to_day1().speeches({1: 1, 2: 2}).votes(6).words().night(at=2).words()  # 1 out, 2 killed
    t.speeches({3: 4}).words()  # 4 out: 3 blacks, 4 reds
    t.push("shot", by=3, at=6).push("shot", by=7, at=6).push("shot", by=9, at=6).push("next")
    assert (t.phase, t.state["result"]) == ("over", "black")
    assert t.night_record(2)["don_check"] is None
    assert t.refuses("don_check", target=5) == ("GAME_OVER", "7.14.6")


def test_fiim_three_misses_count_only_at_four():
    t = Table("fiim").to_day1().speeches({1: 9, 2: 1}).votes(6).words()  # 9 out
    t.night().speeches({2: 3}).words()  # a miss with 9 in the game does not count; 3 out
    assert t.state["miss_streak"] == 0
    t.night(at=2).words().speeches({4: 10}).words()  # 2 killed, 10 out
    t.night(at=6).words().speeches({5: 8}).words()  # 6 killed, 8 out
    assert t.state["in_game"] == [1, 4, 5, 7]
    for n in (1, 2):
        t.night().speeches()
        assert t.state["miss_streak"] == n
    t.night()
    assert (t.phase, t.state["result"], t.state["result_how"]) == ("over", "red", "three_misses")
    t.push("end", result="red")
    proto = t.replayed()["mapped"]["protocol"]
    assert proto["result_kind"] == "awarded" and proto["awarded_reason"].startswith("000 ")


def test_mafclub_three_misses_in_a_row_lose_whatever_the_count():
    t = Table("mafclub").to_day1().speeches()
    for n in (1, 2):
        t.night().speeches()
        assert t.state["miss_streak"] == n
    t.night()
    assert (t.state["result"], t.state["result_how"]) == ("red", "three_misses")


def test_a_kill_resets_the_misses():
    t = Table("mafclub").to_day1().speeches().night().speeches().night().speeches().night(at=8)
    assert t.state["miss_streak"] == 0 and t.phase == "night_last_words"


def test_three_misses_off():
    t = Table("mafclub", settings={"three_misses": "off"}).to_day1().speeches()
    for _ in range(3):
        t.night().speeches()
    assert t.phase == "shooting" and t.state["miss_streak"] == 0


def test_draw_proposal_after_quiet_cycles():
    t = Table("fiim", settings={"draw_proposal_after": 2, "three_misses": "off"}).to_day1().speeches()
    t.night().speeches()
    assert t.state["draw_proposed"] is False
    t.night().speeches()
    assert t.state["draw_proposed"] is True  # it changes nothing by itself
    assert t.phase == "shooting"
    t.push("override", what="result", result="draw", reason="ничья присуждена")
    t.push("end", result="draw")
    assert t.replayed()["mapped"]["protocol"]["result_kind"] == "normal"


@BOTH
def test_overrides_need_a_reason(ruleset):
    t = Table(ruleset).to_day1()
    assert t.refuses("override", what="cancel_vote") == ("OVERRIDE_REASON", "7.16.2")
    assert t.refuses("override", what="cancel_vote", reason=" ") == ("OVERRIDE_REASON", "7.16.2")


@BOTH
def test_cancel_vote_once_a_day_before_it_is_determined(ruleset):
    t = Table(ruleset).to_day1().push("override", what="cancel_vote", reason="протест")
    assert t.refuses("override", what="cancel_vote", reason="again") == ("OVERRIDE_NOT_NOW", "7.16.1")
    t.speeches({1: 3, 2: 9})
    assert t.phase == "shooting" and t.day(1)["vote_cancelled"] is True
    assert t.refuses("override", what="cancel_vote", reason="at night") == ("OVERRIDE_NOT_NOW", "7.16.1")


@BOTH
def test_cancel_vote_stops_a_running_vote_but_not_a_determined_one(ruleset):
    t = Table(ruleset).to_day1().speeches({1: 2, 2: 4, 3: 6}).votes(6)
    assert t.refuses("override", what="cancel_vote", reason="x") == ("OVERRIDE_NOT_NOW", "7.16.1")
    t = Table(ruleset).to_day1().speeches({1: 2, 2: 4, 3: 6}).votes(3)
    t.push("override", what="cancel_vote", reason="x")
    assert t.phase == "shooting" and t.state["left"] == {}


@BOTH
def test_hold_vote_lifts_a_removals_cancellation(ruleset):
    t = Table(ruleset).push("remove", seat=4, kind="disqualifying").push("next").push("next")
    t.push("override", what="hold_vote", reason="решение главного судьи").speeches({1: 3, 2: 9})
    assert t.phase == "voting"
    assert t.state["cancel_pending"] == 0 and t.state["cancel_days"] == []
    assert t.refuses("override", what="hold_vote", reason="again") == ("OVERRIDE_NOT_NOW", "7.16.1")


@BOTH
def test_hold_vote_with_nothing_to_lift(ruleset):
    t = Table(ruleset).to_day1()
    assert t.refuses("override", what="hold_vote", reason="x") == ("OVERRIDE_NOT_NOW", "7.16.1")


@BOTH
def test_undo_cancels_the_last_events_and_undo_of_nothing_is_refused(ruleset):
    t = Table(ruleset)
    assert t.refuses("undo") == ("UNDO_EMPTY", "7.16.4")
    t.to_day1().push("nominate", by=1, seat=3).push("foul", seat=2)
    t.push("undo").push("undo")
    assert t.state["nominees"] == [] and t.state["fouls"] == {}
    t.push("nominate", by=1, seat=4)
    r = t.replayed()
    assert r["accepted"] and r["state"]["nominees"] == [4]
    t.push("undo").push("undo").push("undo")
    assert t.refuses("undo") == ("UNDO_EMPTY", "7.16.4")


def test_undo_in_a_log_replays_the_remaining_events():
    events = [{"type": "next"}, {"type": "next"}, {"type": "nominate", "by": 1, "seat": 3}, {"type": "undo"},
              {"type": "nominate", "by": 1, "seat": 5}]
    t = Table()
    doc = dict(t.doc, events=events)
    assert replay(doc)["state"]["nominees"] == [5]
