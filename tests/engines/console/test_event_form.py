"""7.17 ``EVENT_FORM`` (engines/console/forms.py). A stored event is a closed form
(``check_stored_form``, the console's door): a key the type does not have, a ``note`` that is no
text of at most 500 characters, a NUL or a lone surrogate in any text, and a value nested deeper
than the form allows are refused, naming the field. A replay reads the log as game-log.md says:
unknown fields are ignored and ``at`` and ``note`` are free text; a field of the wrong kind is
refused there too, and the game is left as it was (7.1.1: nothing of a refused event is kept)."""
from __future__ import annotations

import pytest

from engines.console import Refused, check_stored_form, replay, view

from .table import Table, document


def form_refusal(t: Table, **event) -> str | None:
    """The field the stored form's ``EVENT_FORM`` refusal of ``event`` names (as the console's door
    checks it before the game: the game is left unchanged)."""
    before = t.state, len(t.game.in_force)
    try:
        check_stored_form(event)
        t.game.push(event)
    except Refused as exc:
        assert (exc.code, exc.rule) == ("EVENT_FORM", "7.17"), exc
        assert (t.state, len(t.game.in_force)) == before
        assert exc.params == {"field": exc.field}
        return exc.field
    raise AssertionError(f"{event} was accepted")


def day1() -> Table:
    return Table().to_day1()


@pytest.mark.parametrize("event, field", [
    ({"type": "next", "seat": 1, "extra": 1}, "extra"),
    ({"type": "nominate", "by": 1, "seat": 3, "reason": "x"}, "reason"),  # another type's field
    ({"type": "override", "what": "cancel_vote", "reason": "x", "seat": 3}, "seat"),  # another override's
    ({"type": "foul", "seat": 1, "Seat": 2}, "Seat"),
])
def test_a_key_the_type_does_not_have_is_refused_by_name(event, field):
    assert form_refusal(day1(), **event) == field


def test_an_unknown_key_that_is_not_printable_is_named_escaped():
    field = form_refusal(day1(), **{"type": "next", "a\x00b": 1})
    assert field == "'a\\x00b'"


@pytest.mark.parametrize("note", [5, ["x"], {"text": "x"}, True, "x" * 501])
def test_a_note_that_is_not_a_text_of_at_most_500_characters_is_refused(note):
    assert form_refusal(day1(), type="next", seat=1, note=note) == "note"


def test_a_note_of_500_characters_and_at_as_a_timestamp_are_accepted():
    t = day1().push("next", seat=1, note="ы" * 500, at="2026-03-01T18:04:11Z")
    assert t.speaker == 2


@pytest.mark.parametrize("at", [1700000000, None, "x" * 65])
def test_an_at_that_is_not_a_short_text_is_refused(at):
    assert form_refusal(day1(), type="next", seat=1, at=at) == "at"


@pytest.mark.parametrize("field, event", [
    ("note", {"type": "next", "seat": 1, "note": "a\x00b"}),
    ("note", {"type": "next", "seat": 1, "note": "a\ud800b"}),
    ("at", {"type": "next", "seat": 1, "at": "2026\udfff"}),
    ("reason", {"type": "override", "what": "cancel_vote", "reason": "x\x00"}),
    ("kind", {"type": "remove", "seat": 3, "kind": "disqualifying\x00"}),
    ("type", {"type": "next\x00"}),
])
def test_a_nul_or_a_lone_surrogate_in_any_text_is_refused(field, event):
    assert form_refusal(day1(), **event) == field


def test_a_paired_surrogate_is_one_character_and_accepted():
    t = day1().push("next", seat=1, note="«7» \U0001F600")
    assert t.speaker == 2


@pytest.mark.parametrize("field, event", [
    ("seat", {"type": "nominate", "by": 1, "seat": [3]}),
    ("seat", {"type": "foul", "seat": {"seat": 3}}),
    ("reason", {"type": "override", "what": "cancel_vote", "reason": ["x"]}),
    ("count", {"type": "vote", "seat": 3, "count": [[2]]}),
])
def test_a_value_nested_where_the_form_has_none_is_refused(field, event):
    assert form_refusal(day1(), **event) == field


def test_best_move_seats_is_a_flat_list_of_integers():
    t = Table().to_day1().speeches().night(at=8)
    assert t.phase == "night_last_words" and t.speaker == 8
    assert form_refusal(t, type="best_move", seats=[[3], 7]) == "seats"
    assert form_refusal(t, type="best_move", seats=[3, "7"]) == "seats"
    t.push("best_move", seats=[3, 7])
    assert t.state["first_killed"] == {"seat": 8, "named": [3, 7]}


def test_a_reason_over_2000_characters_is_refused_and_2000_accepted():
    t = Table().to_day1()
    assert form_refusal(t, type="remove", seat=3, kind="team_loss", reason="r" * 2001) == "reason"
    t.push("remove", seat=3, kind="team_loss", reason="r" * 2000)
    assert t.phase == "over"


@pytest.mark.parametrize("event, field", [
    ("next", "event"), ({"type": "sleep"}, "type"), ({"seat": 1}, "type"),
    ({"type": "nominate", "by": 1}, "seat"), ({"type": "override", "what": "roles", "reason": "x"}, "what"),
])
def test_the_view_names_the_field_and_the_replay_result_keeps_game_logs_shape(event, field):
    doc = document(events=[event])
    refused = view(doc)["refused"]
    assert refused["code"] == "EVENT_FORM"
    assert refused["field"] == field and refused["params"] == {"field": field}
    assert set(replay(doc)["refused"]) == {"index", "type", "code", "rule"}


def test_a_refusal_of_another_code_names_no_field():
    refused = view(document(events=[{"type": "vote", "seat": 3, "count": 1}]))["refused"]
    assert refused["code"] == "VOTE_NOT_NOW" and refused["field"] is None


def test_a_replay_ignores_unknown_fields_and_reads_note_and_at_as_free_text():
    """game-log.md "Events": unknown fields are ignored; at and note change nothing. A log from
    another program (a recorded game, with its own keys) replays as its events say."""
    t = day1()
    t.push("next", seat=1, note="x" * 5000, at=1700000000, source={"app": "other", "id": [1, 2]})
    assert t.speaker == 2
    assert form_refusal(day1(), type="next", seat=1, source={"app": "other"}) == "source"


def test_a_field_of_the_wrong_kind_is_refused_by_the_replay_too():
    t = day1()
    with pytest.raises(Refused) as refused:
        t.game.push({"type": "nominate", "by": 1, "seat": [3]})
    assert (refused.value.code, refused.value.field) == ("EVENT_FORM", "seat")
