"""7.13 in the view: the day's vote a removal (or the judge's decision, 7.16.1) cancels is said,
with why, so the screen can tell the table; nominations stay legal on that day (7.5.8); and under
``fiim`` a cancellation that meets a day without a vote is spent there (7.13.3)."""
from __future__ import annotations

import pytest

from engines.console import game_view

from .table import Table

BOTH = pytest.mark.parametrize("ruleset", ["fiim", "mafclub"])
CLAUSE = {"fiim": "7.13.3", "mafclub": "7.13.4"}


def cancelled(t: Table):
    return t.state["vote_cancelled"]


@BOTH
def test_7_13_a_removal_during_the_speeches_is_said_and_nominations_stay_legal_7_5_8(ruleset):
    t = Table(ruleset).to_day1().speeches({1: 3}, stop_at=2)
    assert cancelled(t) is None
    t.push("remove", seat=4, kind="disqualifying")
    assert cancelled(t) == {"day": 1, "reason": "removal", "clause": CLAUSE[ruleset], "seats": [4]}
    assert {"type": "nominate", "by": 2, "seat": 9} in game_view(t.game)["legal"]
    t.push("nominate", by=2, seat=9).speeches({3: 6})
    assert t.day(1)["nominations"] == [[1, 3], [2, 9], [3, 6]]
    assert t.phase == "shooting" and t.day(1)["no_vote"] == "7.6.5"
    assert cancelled(t) is None  # day 1's vote is past; day 2's is untouched


@BOTH
def test_7_13_a_removal_at_night_is_said_for_the_next_day(ruleset):
    t = Table(ruleset).to_day1().speeches().push("remove", seat=4, kind="disqualifying")
    assert cancelled(t) == {"day": 2, "reason": "removal", "clause": CLAUSE[ruleset], "seats": [4]}
    t.night()
    assert t.phase == "day_speech" and cancelled(t)["day"] == 2


def test_7_13_3_fiim_two_removals_on_one_day_name_both_players():
    t = Table("fiim").to_day1().speeches(stop_at=4)
    t.push("remove", seat=4, kind="disqualifying").push("remove", seat=6, kind="disqualifying")
    assert cancelled(t) == {"day": 1, "reason": "removal", "clause": "7.13.3", "seats": [4, 6]}


def test_7_13_4_mafclub_a_day_with_no_nominee_passes_the_cancellation_on():
    t = Table("mafclub").to_day1().push("remove", seat=4, kind="disqualifying").speeches()
    assert t.day(1)["no_vote"] == "7.6.1"
    assert cancelled(t) == {"day": 2, "reason": "removal", "clause": "7.13.4", "seats": [4]}


def test_7_16_1_the_judges_decision_is_said_as_a_decision():
    t = Table("fiim").to_day1().push("override", what="cancel_vote", reason="noise at the table")
    assert cancelled(t) == {"day": 1, "reason": "decision", "clause": "7.16.1", "seats": []}
    t.speeches({1: 3, 2: 9})
    assert t.phase == "shooting" and cancelled(t) is None


def test_7_16_1_hold_vote_lifts_what_the_view_says():
    t = Table("fiim").to_day1().speeches().push("remove", seat=4, kind="disqualifying").night()
    t.push("override", what="hold_vote", reason="the chief judge's ruling")
    assert cancelled(t) is None


def test_7_13_3_fiim_a_cancellation_meeting_day_1_with_one_nomination_is_spent():
    """7.13.3: a cancellation that meets a day without a vote (7.6.2) is spent; day 2 votes."""
    t = Table("fiim").push("remove", seat=4, kind="disqualifying").to_day1().speeches({1: 3})
    assert t.day(1)["no_vote"] == "7.6.2" and cancelled(t) is None
    t.night().speeches({2: 3, 3: 9})
    assert t.phase == "voting"


def test_7_13_3_fiim_a_removal_after_the_vote_meeting_a_day_with_no_nominee_is_spent():
    """7.13.3: a removal after day 1's vote is determined cancels day 2's; day 2 has no nominee
    (7.6.1), so it is spent there and day 3 votes (under ``mafclub``, 7.13.4, it would carry)."""
    t = Table("fiim").to_day1().speeches({1: 2, 2: 4}).votes(0)  # 4 voted out
    t.push("remove", seat=6, kind="disqualifying")
    assert cancelled(t) == {"day": 2, "reason": "removal", "clause": "7.13.3", "seats": [6]}
    t.words().night().speeches()
    assert t.day(2)["no_vote"] == "7.6.1" and cancelled(t) is None
    t.night().speeches({3: 9, 5: 10})
    assert t.phase == "voting" and t.day(3)["vote_cancelled"] is False


def test_7_13_3_fiim_the_judges_cancel_on_a_day_without_a_vote_is_spent():
    t = Table("fiim").to_day1().push("override", what="cancel_vote", reason="noise").speeches()
    assert t.day(1)["no_vote"] == "7.6.1" and cancelled(t) is None
    t.night().speeches({2: 3, 3: 9})
    assert t.phase == "voting"


def test_the_view_says_nothing_once_the_game_is_over():
    t = Table("fiim").to_day1().push("remove", seat=4, kind="disqualifying")
    t.push("override", what="result", result="red", reason="ruling")
    assert cancelled(t) is None
