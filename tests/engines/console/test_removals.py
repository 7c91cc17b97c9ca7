"""7.11 fouls, 7.12 removals and 7.13 which vote a removal cancels, in both presets."""
from __future__ import annotations

import pytest

from .table import Table

BOTH = pytest.mark.parametrize("ruleset", ["fiim", "mafclub"])


def fouls(t: Table, seat: int, n: int) -> Table:
    for _ in range(n):
        t.push("foul", seat=seat)
    return t


@BOTH
def test_the_fourth_foul_removes_at_once_without_last_words(ruleset):
    t = Table(ruleset).to_day1().speeches(stop_at=5)
    fouls(t, 5, 4)
    assert t.speaker == 6
    assert t.state["removed"] == {"5": "fourth_foul"} and t.state["left"] == {"5": "removed@D1"}
    assert t.state["fouls"] == {"5": 4}
    assert t.refuses("foul", seat=5) == ("FOUL_NOT_AT_TABLE", "7.11.1")
    assert t.refuses("remove", seat=5, kind="disqualifying") == ("REMOVE_NOT_AT_TABLE", "7.12.1")


@BOTH
def test_a_removed_nominator_keeps_his_nomination_on_record(ruleset):
    t = Table(ruleset).to_day1().speeches({1: 3}, stop_at=2).push("remove", seat=1, kind="disqualifying")
    assert t.state["nominees"] == [3]


@BOTH
def test_removal_kinds_and_reasons(ruleset):
    t = Table(ruleset).to_day1()
    assert t.refuses("remove", seat=3, kind="warning") == ("REMOVE_KIND", "7.12.1")
    assert t.refuses("remove", seat=3, kind="team_loss") == ("REMOVE_REASON", "7.12.1")
    assert t.refuses("remove", seat=3, kind="team_loss", reason="  ") == ("REMOVE_REASON", "7.12.1")
    if ruleset == "fiim":
        assert t.refuses("remove", seat=3, kind="replay", reason="hint") == ("REMOVE_KIND", "7.12.1")


@BOTH
def test_a_team_loss_ends_the_game_at_once_and_removes_nobody(ruleset):
    t = Table(ruleset).to_day1().push("remove", seat=7, kind="team_loss", reason="клятва")
    s = t.state
    assert (s["phase"], s["result"], s["result_how"]) == ("over", "red", "team_loss")
    assert s["violation"] == {"seat": 7, "kind": "team_loss"} and s["removed"] == {}
    t.push("end", result="red")
    assert t.replayed()["mapped"]["protocol"]["result_kind"] == "awarded"
    assert t.replayed()["mapped"]["protocol"]["awarded_reason"] == "клятва"


def test_mafclub_replay_annuls_the_game():
    t = Table("mafclub").to_day1().push("remove", seat=4, kind="replay", reason="подсказка из зала")
    assert (t.state["result"], t.state["result_how"]) == ("annulled", "replay")
    t.push("end", result="annulled")
    game = t.replayed()["mapped"]["game"]
    assert game["result"] == "annulled" and game["seats"][3]["gross_violation"] is True


# --- 7.13: the vote a removal cancels (peers' bug: votes not cancelled after a removal)

def test_fiim_a_removal_before_the_vote_cancels_that_days_vote():
    t = Table("fiim").to_day1().speeches({1: 3, 2: 9}, stop_at=4).push("remove", seat=4, kind="disqualifying")
    t.speeches()
    assert t.phase == "shooting" and t.day(1)["vote_cancelled"] is True and t.day(1)["no_vote"] == "7.6.5"
    assert t.state["cancel_days"] == [1]


def test_mafclub_a_removal_before_the_vote_cancels_the_nearest_vote():
    t = Table("mafclub").to_day1().speeches({1: 3, 2: 9}, stop_at=4).push("remove", seat=4, kind="disqualifying")
    assert t.state["cancel_pending"] == 1
    t.speeches()
    assert t.phase == "shooting" and t.day(1)["vote_cancelled"] is True and t.state["cancel_pending"] == 0


@BOTH
def test_a_removal_at_night_cancels_the_next_days_vote(ruleset):
    t = Table(ruleset).to_day1().speeches().push("remove", seat=4, kind="disqualifying").night()
    t.speeches({2: 3, 3: 9})
    assert t.phase == "shooting" and t.day(2)["vote_cancelled"] is True
    t.night().speeches({3: 9, 5: 6})
    assert t.phase == "voting"  # only one vote was cancelled


@BOTH
def test_a_removal_on_night_0_cancels_day_1s_vote(ruleset):
    t = Table(ruleset).push("remove", seat=4, kind="disqualifying").push("next").push("next").speeches({1: 3, 2: 9})
    assert t.phase == "shooting" and t.day(1)["vote_cancelled"] is True


def test_fiim_two_removals_on_one_day_cancel_it_once():
    t = Table("fiim").to_day1().speeches({1: 3, 2: 9}, stop_at=4)
    t.push("remove", seat=4, kind="disqualifying").push("remove", seat=6, kind="disqualifying").speeches()
    assert t.state["cancel_days"] == [1]
    t.night().speeches({2: 3, 3: 9})
    assert t.phase == "voting"


def test_mafclub_two_removals_cancel_two_votes():
    t = Table("mafclub").to_day1().speeches({1: 3, 2: 9}, stop_at=4)
    t.push("remove", seat=4, kind="disqualifying").push("remove", seat=6, kind="disqualifying").speeches()
    assert t.state["cancel_pending"] == 1
    t.night().speeches({2: 3, 3: 9})
    assert t.phase == "shooting" and t.day(2)["vote_cancelled"] is True


def test_mafclub_a_day_with_no_nominee_takes_no_cancellation():
    t = Table("mafclub").to_day1().push("remove", seat=4, kind="disqualifying").speeches()
    assert t.state["cancel_pending"] == 1 and t.day(1)["no_vote"] == "7.6.1"
    t.night().speeches({2: 3, 3: 9})
    assert t.phase == "shooting" and t.day(2)["vote_cancelled"] is True


def test_mafclub_day_1_with_one_nomination_takes_the_cancellation():
    t = Table("mafclub").to_day1().push("remove", seat=4, kind="disqualifying").speeches({1: 3})
    assert t.state["cancel_pending"] == 0 and t.day(1)["vote_cancelled"] is True
    t.night().speeches({2: 3, 3: 9})
    assert t.phase == "voting"


def test_fiim_a_cancellation_meeting_a_day_without_a_vote_is_spent():
    t = Table("fiim").push("remove", seat=4, kind="disqualifying").push("next").push("next").speeches()
    t.night().speeches({2: 3, 3: 9})
    assert t.phase == "voting"


@BOTH
def test_a_removal_after_the_vote_is_determined_cancels_the_next_days_vote(ruleset):
    t = Table(ruleset).to_day1().speeches({1: 2, 2: 4}).votes(0)  # 4 voted out, his last words
    t.push("remove", seat=6, kind="disqualifying")
    assert t.phase == "last_words" and t.speaker == 4
    t.words().night().speeches({2: 3, 3: 9})
    assert t.phase == "shooting" and t.day(2)["vote_cancelled"] is True


@BOTH
def test_removing_the_voted_out_player_during_his_last_words_cancels_nothing(ruleset):
    t = Table(ruleset).to_day1().speeches({1: 2, 2: 4}).votes(0).push("remove", seat=4, kind="disqualifying")
    assert t.state["cancel_pending"] == 0 and t.state["cancel_days"] == []
    t.night().speeches({2: 3, 3: 9})
    assert t.phase == "voting"


@BOTH
def test_removing_tonights_victim_cancels_nothing(ruleset):
    t = Table(ruleset).to_day1().speeches().night(at=8)
    t.push("remove", seat=8, kind="disqualifying")
    assert t.state["cancel_pending"] == 0 and t.state["cancel_days"] == []
    assert t.phase == "day_speech"


@BOTH
def test_a_removal_during_an_undetermined_vote_stops_it(ruleset):
    t = Table(ruleset).to_day1().speeches({1: 2, 2: 4, 3: 6}).votes(3)
    t.push("remove", seat=8, kind="disqualifying")
    assert t.phase == "shooting" and t.state["left"] == {"8": "removed@D1"}
    assert t.day(1)["rounds"] == [{"kind": "vote", "counts": [[2, 3], [4, None], [6, None]], "closed_early": True}]
    assert t.day(1)["no_vote"] == "7.13"
    assert t.state["cancel_pending"] == 0
    t.night().speeches({2: 3, 3: 9})
    assert t.phase == "voting"  # the stopped vote was the cancelled one


@BOTH
def test_a_removal_during_the_tie_speeches_stops_the_vote(ruleset):
    t = Table(ruleset).to_day1().speeches({1: 2, 2: 4}).votes(5)
    assert t.phase == "tie_speech"
    t.push("remove", seat=2, kind="disqualifying")
    assert t.phase == "shooting" and t.state["left"] == {"2": "removed@D1"}


@BOTH
def test_a_removal_when_the_vote_is_determined_for_another_player(ruleset):
    t = Table(ruleset).to_day1().speeches({1: 2, 2: 4, 3: 6}).votes(6)  # 2 is certain to leave
    t.push("remove", seat=8, kind="disqualifying")
    assert t.state["left"] == {"8": "removed@D1", "2": "voted@D1"}
    assert t.state["turn"] == {"seat": 2, "kind": "last_words", "seconds": 60}
    assert t.day(1)["rounds"][0]["closed_early"] is True
    t.words().night().speeches({2: 3, 3: 9})
    assert t.phase == "shooting" and t.day(2)["vote_cancelled"] is True


@BOTH
def test_removing_the_certain_winner_votes_him_out_and_cancels_nothing(ruleset):
    t = Table(ruleset).to_day1().speeches({1: 2, 2: 4, 3: 6}).votes(6).push("foul", seat=2)
    fouls(t, 2, 3)
    assert t.state["left"] == {"2": "voted@D1"} and t.state["removed"] == {"2": "fourth_foul"}
    assert t.phase == "shooting"
    t.night().speeches({3: 9, 4: 3})
    assert t.phase == "voting"


@BOTH
def test_a_removal_that_ends_the_game(ruleset):
    t = Table(ruleset).to_day1().speeches({1: 3, 2: 7}).votes(6).words()  # black 3 out
    t.night(at=1).words().speeches({2: 7}).words()  # don 7 out: only black 9 left
    t.push("remove", seat=9, kind="disqualifying")
    assert (t.phase, t.state["result"]) == ("over", "red")


@BOTH
def test_override_fouls_corrects_a_foul_and_its_silence(ruleset):
    t = Table(ruleset).to_day1()
    fouls(t, 4, 3)
    assert t.refuses("override", what="fouls", seat=4, fouls=4, reason="x") == ("OVERRIDE_NOT_NOW", "7.16.1")
    t.push("override", what="fouls", seat=4, fouls=2, reason="the foul was seat 5's").push("foul", seat=5)
    t.speeches(stop_at=4)
    assert t.state["turn"]["kind"] == "normal" and t.state["fouls"] == {"4": 2, "5": 1}
