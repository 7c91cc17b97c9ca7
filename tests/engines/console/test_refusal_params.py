"""A refusal carries the plain values its sentence names (codes.PARAMS): the seats, counts and
names a screen needs to say it in words, in the view's JSON next to the code and the clause."""
from __future__ import annotations

import pytest

from engines.console import CLAUSES, Refused, view
from engines.console.codes import PARAMS

from .table import Table, document


def params(t: Table, type_, **fields) -> tuple[str, dict]:
    try:
        t.game.push({"type": type_, **fields})
    except Refused as exc:
        return exc.code, exc.params
    raise AssertionError(f"{type_} {fields} was accepted")


def day1(ruleset="fiim", **settings) -> Table:
    return Table(ruleset, settings=settings or None).to_day1()


def all_leave() -> Table:
    t = day1().speeches({1: 2, 2: 4}).votes(5).words().votes(5)
    assert t.phase == "all_leave_vote"
    return t


CASES = [
    ("NEXT_SEAT", lambda: params(day1(), "next", seat=2), {"seat": 2}),
    ("NOMINATE_NOT_SPEAKER", lambda: params(day1(), "nominate", by=2, seat=3), {"by": 2}),
    ("NOMINATE_THREE_FOULS", lambda: params(
        Table("mafclub", settings={"silenced_turn_s": 10}).push("foul", seat=1).push("foul", seat=1)
        .push("foul", seat=1).to_day1(), "nominate", by=1, seat=3), {"by": 1}),
    ("NOMINATE_TWICE", lambda: params(day1().push("nominate", by=1, seat=3), "nominate", by=1, seat=4),
     {"by": 1, "nominee": 3}),
    ("NOMINEE_NOT_IN_GAME", lambda: params(day1().push("remove", seat=4, kind="disqualifying"), "nominate",
                                           by=1, seat=4), {"seat": 4}),
    ("NOMINEE_TAKEN", lambda: params(day1().push("nominate", by=1, seat=3).push("next", seat=1), "nominate",
                                     by=2, seat=3), {"seat": 3}),
    ("NOMINATE_SELF", lambda: params(day1(self_nomination=False), "nominate", by=1, seat=1), {"by": 1}),
    ("WITHDRAW_NOT_OWN", lambda: params(day1("mafclub"), "withdraw", by=1, seat=3), {"by": 1, "seat": 3}),
    ("VOTE_ORDER", lambda: params(day1().speeches({1: 2, 2: 4}), "vote", seat=4, count=1), {"seat": 4, "called": 2}),
    ("VOTE_COUNT", lambda: params(day1().speeches({1: 2, 2: 4}), "vote", seat=2, count=11),
     {"seat": 2, "count": 11, "uncast": 10}),
    ("VOTE_ALL_COUNT", lambda: params(all_leave(), "vote_all", **{"for": 11}), {"for": 11, "voters": 10}),
    ("SHOT_NOT_BLACK", lambda: params(day1().speeches(), "shot", by=1, at=2), {"by": 1}),
    ("SHOT_TWICE", lambda: params(day1().speeches().push("shot", by=3, at=1), "shot", by=3, at=2), {"by": 3}),
    ("CHECK_TARGET", lambda: params(day1().speeches().push("next"), "don_check", target=7), {"target": 7}),
    ("BEST_MOVE_ONCE", lambda: params(day1().speeches().night(at=8).push("best_move", seats=[]), "best_move",
                                      seats=[3]), {"seat": 8}),
    ("BEST_MOVE_SEATS", lambda: params(day1().speeches().night(at=8), "best_move", seats=[3, 8]), {"seat": 8}),
    ("FOUL_NOT_AT_TABLE", lambda: params(day1().push("remove", seat=4, kind="disqualifying"), "foul", seat=4),
     {"seat": 4}),
    ("REMOVE_NOT_AT_TABLE", lambda: params(day1().push("remove", seat=4, kind="disqualifying"), "remove", seat=4,
                                           kind="disqualifying"), {"seat": 4}),
    ("OVERRIDE_NOT_NOW", lambda: params(day1(), "override", what="hold_vote", reason="x"), {"what": "hold_vote"}),
]


@pytest.mark.parametrize("code, refuse, expected", CASES, ids=[c[0] for c in CASES])
def test_a_refusal_carries_the_values_its_sentence_names(code, refuse, expected):
    assert refuse() == (code, expected)


def test_every_code_with_params_has_a_case_here_and_a_clause():
    assert set(PARAMS) <= set(CLAUSES)
    assert set(PARAMS) - {"EVENT_FORM", "LOG_SETTING"} == {c[0] for c in CASES}


@pytest.mark.parametrize("given, key", [({"colour": "red"}, "colour"), ({"timers": {"speech": 0}}, "timers.speech"),
                                           ({"timers": []}, "timers"), ({"vote_cancel": "never"}, "vote_cancel")])
def test_a_setting_refused_names_its_key(given, key):
    refused = view(document(settings=given))["refused"]
    assert (refused["index"], refused["code"], refused["params"]) == (None, "LOG_SETTING", {"key": key})


def test_a_refusal_without_values_carries_empty_params_in_the_view():
    refused = view(document(events=[{"type": "next"}, {"type": "next"}, {"type": "vote", "seat": 1, "count": 1}]))
    assert refused["refused"] == {"index": 2, "type": "vote", "code": "VOTE_NOT_NOW", "rule": "7.7.2",
                                  "field": None, "params": {}}


def test_the_view_of_a_refused_log_carries_the_params():
    doc = document(events=[{"type": "next"}, {"type": "next"}, {"type": "nominate", "by": 1, "seat": 3},
                           {"type": "nominate", "by": 1, "seat": 4}])
    refused = view(doc)["refused"]
    assert refused == {"index": 3, "type": "nominate", "code": "NOMINATE_TWICE", "rule": "7.5.2", "field": None,
                       "params": {"by": 1, "nominee": 3}}


def test_a_code_refused_with_other_values_than_its_own_is_a_programming_error():
    with pytest.raises(TypeError):
        Refused("NOMINATE_TWICE", seat=2)
