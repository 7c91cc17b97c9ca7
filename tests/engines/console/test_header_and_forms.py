"""The log's header (7.1.1, 7.1.3, 7.2.1) and the events' form and order of checks (7.17,
game-log.md "Refusals")."""
from __future__ import annotations

import copy

import pytest

from engines.console import replay

from .table import Table, document


def refused(doc) -> tuple:
    r = replay(doc)
    assert r["accepted"] is False
    return r["refused"]["index"], r["refused"]["code"], r["refused"]["rule"]


def with_change(change) -> dict:
    doc = document()
    change(doc)
    return doc


@pytest.mark.parametrize("change, code", [
    (lambda d: d.update(format="mafia-game-log/2"), "LOG_FORMAT"),
    (lambda d: d.update(events={}), "LOG_FORMAT"),
    (lambda d: d.update(ruleset="polemica"), "LOG_RULESET"),
    (lambda d: d.pop("ruleset"), "LOG_RULESET"),
    (lambda d: d.update(settings={"night_timer": 5}), "LOG_SETTING"),
    (lambda d: d.update(settings={"withdrawal": "yes"}), "LOG_SETTING"),
    (lambda d: d.update(settings={"silenced_turn_s": -1}), "LOG_SETTING"),
    (lambda d: d.update(settings={"three_misses": "at_five"}), "LOG_SETTING"),
    (lambda d: d.update(settings={"best_move_min_in_game": 11}), "LOG_SETTING"),
    (lambda d: d.update(settings={"draw_proposal_after": 0}), "LOG_SETTING"),
    (lambda d: d.update(settings={"timers": {"speech": 0}}), "LOG_SETTING"),
    (lambda d: d.update(settings={"timers": {"lunch": 60}}), "LOG_SETTING"),
    (lambda d: d["seats"].pop(), "LOG_SEATS"),
    (lambda d: d["seats"][1].update(seat=1), "LOG_SEATS"),
    (lambda d: d["seats"][1].update(player="p01"), "LOG_SEATS"),
    (lambda d: d["seats"][0].update(role="citizen"), "LOG_ROLES"),
    (lambda d: d["seats"][0].update(role="black"), "LOG_ROLES"),
])
def test_a_bad_header_is_refused_with_index_null(change, code):
    index, got, rule = refused(with_change(change))
    assert (index, got) == (None, code)
    assert rule == {"LOG_FORMAT": "7.1.1", "LOG_RULESET": "7.1.3", "LOG_SETTING": "7.1.3"}.get(code, "7.2.1")


def test_not_an_object_is_log_format():
    assert refused([1, 2]) == (None, "LOG_FORMAT", "7.1.1")


def test_settings_replace_single_keys_of_the_preset():
    t = Table("mafclub", settings={"timers": {"speech": 45}, "silenced_turn_s": 15}).to_day1()
    assert t.state["turn"] == {"seat": 1, "kind": "normal", "seconds": 45}
    t.push("foul", seat=3).push("foul", seat=3).push("foul", seat=3).speeches(stop_at=3)
    assert t.state["turn"] == {"seat": 3, "kind": "silenced", "seconds": 15}


def test_keys_of_the_document_other_than_the_known_are_ignored():
    doc = document(events=[{"type": "next", "at": "2026-03-01T18:04:11Z", "note": "x"}])
    doc["source"] = "a recorded game"
    assert replay(doc)["accepted"] is True


@pytest.mark.parametrize("event", [
    "next", {"type": "sleep"}, {"type": "nominate", "by": 1}, {"type": "nominate", "by": 1, "seat": "3"},
    {"type": "foul", "seat": 11}, {"type": "foul", "seat": True}, {"type": "shot", "by": 3},
    {"type": "vote", "seat": 3, "count": 2.0}, {"type": "best_move", "seats": "3 7 9"},
    {"type": "override", "what": "roles", "reason": "x"}, {"type": "override", "what": "fouls", "seat": 3, "reason": "x"},
    {"type": "end", "result": "red wins"}, {"type": "remove", "seat": 3},
])
def test_an_ill_formed_event_is_event_form(event):
    doc = document(events=[event])
    assert refused(doc) == (0, "EVENT_FORM", "7.17")


@pytest.mark.parametrize("what", [["fouls"], {"result": "red"}, 3, None])
def test_an_override_whose_what_is_not_a_text_is_event_form(what):
    """7.17: a field of the wrong type is EVENT_FORM, the replay result says so (it does not crash
    on a list or an object where ``what`` names one of the four overrides)."""
    doc = document(events=[{"type": "override", "what": what, "reason": "x"}])
    assert refused(doc) == (0, "EVENT_FORM", "7.17")


def test_the_form_is_checked_before_the_log_is_closed():
    t = Table().push("override", what="result", result="draw", reason="awarded").push("end", result="draw")
    assert t.refuses("foul", seat="x") == ("EVENT_FORM", "7.17")
    assert t.refuses("next") == ("LOG_CLOSED", "7.14.6")


def test_while_over_only_end_undo_and_result_override():
    t = Table().push("override", what="result", result="red", reason="ruling")
    assert t.refuses("next") == ("GAME_OVER", "7.14.6")
    assert t.refuses("foul", seat=1) == ("GAME_OVER", "7.14.6")
    assert t.refuses("override", what="cancel_vote", reason="x") == ("GAME_OVER", "7.14.6")
    t.push("override", what="result", result="black", reason="second thoughts")
    assert t.refuses("end", result="red") == ("END_RESULT", "7.14.6")
    t.push("end", result="black")
    assert t.phase == "ended"


def test_the_replayer_stops_at_the_first_refused_event_and_reports_its_index_and_type():
    doc = document(events=[{"type": "next"}, {"type": "shot", "by": 3, "at": 4}, {"type": "next"}])
    assert replay(doc) == {"accepted": False,
                           "refused": {"index": 1, "type": "shot", "code": "SHOT_NOT_NOW", "rule": "7.9.1"}}


def test_a_refused_event_leaves_the_game_as_it_was():
    t = Table().to_day1()
    before = copy.deepcopy(t.state)
    t.refuses("vote", seat=1, count=1)
    assert t.state == before and len(t.game.in_force) == 2
