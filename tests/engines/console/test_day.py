"""7.3 phases, 7.4 day speeches, 7.5 nominations, 7.6 the end of the speeches, in both presets."""
from __future__ import annotations

import pytest

from .table import Table

BOTH = pytest.mark.parametrize("ruleset", ["fiim", "mafclub"])


@BOTH
def test_night_0_is_the_agreement_then_the_sheriff_then_day_1_at_seat_1(ruleset):
    t = Table(ruleset)
    assert (t.phase, t.state["label"], t.state["turn"]) == ("night0_mafia", "N0", None)
    assert t.refuses("shot", by=3, at=4) == ("SHOT_NOT_NOW", "7.9.1")
    assert t.refuses("don_check", target=5) == ("DON_CHECK_NOT_NOW", "7.9.4")
    t.push("next")
    assert t.phase == "night0_sheriff"
    assert t.refuses("sheriff_check", target=7) == ("SHERIFF_CHECK_NOT_NOW", "7.9.5")
    assert t.refuses("next", seat=5) == ("NEXT_SEAT", "7.4.5")
    t.push("next")
    assert t.state["turn"] == {"seat": 1, "kind": "normal", "seconds": 60}
    assert t.trace["speeches"]["N0"] == [[None, "mafia_agreement", 60], [None, "sheriff_look", 20]]


@BOTH
def test_day_1_opens_at_the_next_seat_when_seat_1_was_removed_on_night_0(ruleset):
    t = Table(ruleset).push("remove", seat=1, kind="disqualifying").push("next").push("next")
    assert t.speaker == 2
    assert t.state["left"] == {"1": "removed@N0"}


@BOTH
def test_the_opener_moves_one_seat_on_past_players_who_left(ruleset):
    # 7.4.2's example: D1 opener 1; 1 voted out on D1, 2 killed on N1 -> D2 opener 3; 4 killed on N2 -> D3 opener 5
    t = Table(ruleset).to_day1().speeches({1: 1, 2: 6}).votes(6).words()
    assert t.state["left"] == {"1": "voted@D1"}
    t.night(at=2).words()
    assert t.speaker == 3
    t.speeches().night(at=4).words()
    assert t.speaker == 5


@BOTH
def test_a_player_out_of_the_game_never_gets_a_turn(ruleset):
    # the killed player had his night last words; the voted-out and the removed are skipped
    t = Table(ruleset).to_day1().speeches({1: 10, 2: 6}).votes(6).words().night(at=4)
    assert t.speaker == 4 and t.phase == "night_last_words"
    t.push("next", seat=4).push("remove", seat=6, kind="disqualifying")
    order = []
    while t.phase == "day_speech":
        order.append(t.speaker)
        t.push("next", seat=t.speaker)
    assert order == [2, 3, 5, 7, 8, 9, 1]
    assert [s for s, _, _ in t.trace["speeches"]["D2"]] == [4, 2, 3, 5, 7, 8, 9, 1]


@BOTH
def test_a_removal_during_his_turn_ends_it_and_the_next_speaker_begins(ruleset):
    t = Table(ruleset).to_day1().speeches(stop_at=3)
    t.push("remove", seat=3, kind="disqualifying")
    assert t.speaker == 4


def test_fiim_silenced_turn_is_10_s_and_he_may_nominate():
    t = Table("fiim").to_day1()
    for _ in range(3):
        t.push("foul", seat=4)
    t.speeches(stop_at=3).push("next", seat=3)
    assert t.state["turn"] == {"seat": 4, "kind": "silenced", "seconds": 10}
    t.push("nominate", by=4, seat=8)
    assert t.state["nominees"] == [8]


def test_mafclub_silenced_turn_is_skipped_and_three_fouls_never_nominate():
    t = Table("mafclub").to_day1()
    for _ in range(3):
        t.push("foul", seat=4)
    t.speeches(stop_at=3).push("next", seat=3)
    assert t.speaker == 5
    assert t.trace["speeches"]["D1"][3] == [4, "skipped", 0]
    t.speeches().night(at=8).words()
    t.speeches(stop_at=4)
    assert t.state["turn"]["kind"] == "normal"  # the silence was served once
    assert t.refuses("nominate", by=4, seat=3) == ("NOMINATE_THREE_FOULS", "7.5.5")


@BOTH
def test_a_third_foul_during_his_own_speech_does_not_cut_it_and_silences_the_next_day(ruleset):
    t = Table(ruleset).to_day1().speeches(stop_at=2)
    for _ in range(3):
        t.push("foul", seat=2)
    assert t.speaker == 2
    t.speeches().night(at=8).words().speeches()
    kinds = {seat: kind for seat, kind, _ in t.trace["speeches"]["D2"]}
    assert kinds[2] == ("silenced" if ruleset == "fiim" else "skipped")


def to_four_in_the_game(ruleset) -> Table:
    """Blacks 3 and 9 voted out, reds 1, 2, 4 and 10 killed or voted out: 5, 6, 7, 8 are left."""
    t = Table(ruleset).to_day1().speeches({1: 3, 2: 9}).votes(6).words().night(at=1).words()
    t.speeches({2: 9}).words().night(at=2).words()
    t.speeches({4: 10}).words()
    return t


@BOTH
def test_with_four_in_the_game_a_silenced_turn_is_30_s(ruleset):
    t = to_four_in_the_game(ruleset)
    for _ in range(3):
        t.push("foul", seat=5)
    t.night(at=4).words()
    assert t.state["in_game"] == [5, 6, 7, 8]
    kinds = {}
    while t.phase == "day_speech":
        kinds[t.speaker] = t.state["turn"]
        t.push("next", seat=t.speaker)
    assert kinds[5] == {"seat": 5, "kind": "short", "seconds": 30}
    assert kinds[6]["kind"] == "normal"


@BOTH
def test_nominations_refusals_in_order(ruleset):
    t = Table(ruleset).to_day1()
    assert t.refuses("nominate", by=2, seat=3) == ("NOMINATE_NOT_SPEAKER", "7.5.1")
    t.push("nominate", by=1, seat=3)
    assert t.refuses("nominate", by=1, seat=4) == ("NOMINATE_TWICE", "7.5.2")
    t.push("next", seat=1)
    assert t.refuses("nominate", by=2, seat=3) == ("NOMINEE_TAKEN", "7.5.3")
    t.push("nominate", by=2, seat=2)  # self-nomination is allowed in both presets (001 rule 4)
    t.push("next", seat=2).push("remove", seat=9, kind="disqualifying")
    assert t.refuses("nominate", by=3, seat=9) == ("NOMINEE_NOT_IN_GAME", "7.5.3")
    t.speeches()
    assert t.refuses("nominate", by=4, seat=5) == ("NOMINATE_NOT_NOW", "7.5.1")


def test_self_nomination_off():
    t = Table("fiim", settings={"self_nomination": False}).to_day1()
    assert t.refuses("nominate", by=1, seat=1) == ("NOMINATE_SELF", "7.5.4")


def test_fiim_has_no_withdrawal():
    t = Table("fiim").to_day1().push("nominate", by=1, seat=3)
    assert t.refuses("withdraw", by=1, seat=3) == ("WITHDRAW_NOT_ALLOWED", "7.5.6")


def test_mafclub_withdraws_his_own_and_nominates_again_and_the_protocol_keeps_his_last_act():
    t = Table("mafclub").to_day1().push("nominate", by=1, seat=3)
    assert t.refuses("withdraw", by=1, seat=4) == ("WITHDRAW_NOT_OWN", "7.5.6")
    t.push("withdraw", by=1, seat=3)
    assert t.state["nominees"] == []
    t.push("nominate", by=1, seat=4).push("next", seat=1)
    assert t.refuses("withdraw", by=1, seat=4) == ("WITHDRAW_NOT_OWN", "7.5.6")
    t.push("nominate", by=2, seat=3).push("withdraw", by=2, seat=3).speeches()
    assert t.day(1)["nominations"] == [[1, 4]]
    assert t.day(1)["withdrawn"] == [[1, 3], [2, 3]]
    assert t.game.state.acts == [{"day": 1, "by_seat": 1, "nominee_seat": 4, "withdrawn": False},
                                 {"day": 1, "by_seat": 2, "nominee_seat": 3, "withdrawn": True}]
    assert t.refuses("withdraw", by=3, seat=4) == ("WITHDRAW_NOT_NOW", "7.5.6")


@BOTH
def test_day_1_single_nomination_holds_no_vote_and_the_game_does_not_hang(ruleset):
    t = Table(ruleset).to_day1().speeches({4: 3})
    assert t.phase == "shooting" and t.state["label"] == "N1"
    assert t.day(1)["no_vote"] == "7.6.2"
    assert t.refuses("vote", seat=3, count=10) == ("VOTE_NOT_NOW", "7.7.2")


@BOTH
def test_no_nominee_no_vote(ruleset):
    t = Table(ruleset).to_day1().speeches()
    assert t.phase == "shooting" and t.day(1)["no_vote"] == "7.6.1"


@BOTH
def test_a_single_nominee_from_day_2_leaves_with_every_vote(ruleset):
    t = Table(ruleset).to_day1().speeches().night(at=8).words().speeches({3: 6})
    assert t.state["left"]["6"] == "voted@D2"
    assert t.day(2)["rounds"] == [{"kind": "single", "counts": [[6, 9]]}]
    assert t.phase == "last_words"


@BOTH
def test_a_removal_during_the_speeches_cancels_that_days_vote_in_both_presets(ruleset):
    t = Table(ruleset).to_day1().speeches({1: 3, 2: 4}, stop_at=2).push("next", seat=2)
    assert t.state["nominees"] == [3, 4]
    t.push("foul", seat=4).push("foul", seat=4).push("foul", seat=4).push("foul", seat=4).speeches()
    # the removal cancelled today's vote (fiim) / the nearest vote (mafclub): no vote either way
    assert t.phase == "shooting"
    assert t.day(1)["vote_cancelled"] is True
