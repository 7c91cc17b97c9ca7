"""The form of each event (game-log.md "Events"; RULES.md 7.17 ``EVENT_FORM``).

``FIELDS`` is the table: each type's required and optional fields with the kind of value each
takes. Two checks, both refusing ``EVENT_FORM`` and naming the field (``Refused.field``; ``type``
for an unknown type, ``event`` for an event that is no object):

``check_form(event)``, the log's form as game-log.md states it, for every replay (the command
line, a stored log, the browser): an unknown type, a required field missing, a field of the wrong
kind. Unknown fields are ignored, and ``at`` and ``note`` are free text that change nothing.

``check_stored_form(event)``, the closed form an event must have to be stored by the console's
door, since a stored log becomes public with its protocol: the above, and no field the type does
not have, a ``note`` of at most 500 characters, an ``at`` of at most 64, a ``reason`` of at most
2,000 (docs/input-bounds.md), and no NUL or lone surrogate in any text (the stored log is
PostgreSQL's JSON). Every value is a number, a text or ``null``, except ``best_move``'s ``seats``,
a flat list of integers: anything nested deeper is refused by its field's test.

Ranges that have their own code (a vote count, a best move's seats, a removal's kind or reason,
an override's reason) are left to the event's own checks. ``at`` and ``note`` are not read
(except ``shot``'s ``at``, which is the target seat).
"""
from __future__ import annotations

from .codes import Refused, name


def _int(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def seat(v) -> bool:
    """A seat: an integer 1..10."""
    return _int(v) and 1 <= v <= 10


def seat_or_null(v) -> bool:
    return v is None or seat(v)


def integer(v) -> bool:
    return _int(v)


NOTE_MAX = 500
AT_MAX = 64
REASON_MAX = 2000


def clean(v: str) -> bool:
    """No NUL and no lone surrogate (U+D800–U+DFFF: a JSON text's paired ones are one character)."""
    return not any(c == "\x00" or "\ud800" <= c <= "\udfff" for c in v)


def text(v) -> bool:
    return isinstance(v, str)


def text_up_to(n: int):
    return lambda v: text(v) and len(v) <= n


def text_or_null(v) -> bool:
    return v is None or text(v)


def int_list(v) -> bool:
    return isinstance(v, list) and all(_int(x) for x in v)


def one_of(*values):
    return lambda v: isinstance(v, str) and v in values


RESULTS = ("red", "black", "draw", "annulled")
# the fields every type may have, free text (``shot``'s ``at`` is its target: its own field)
COMMON = ("at", "note")
# the closed form's longest texts
LONGEST = {"at": AT_MAX, "note": NOTE_MAX, "reason": REASON_MAX}
OVERRIDES = ("cancel_vote", "hold_vote", "fouls", "result")

MISSING = object()

# type -> (required {field: test}, optional {field: test})
FIELDS: dict[str, tuple[dict, dict]] = {
    "next": ({}, {"seat": seat_or_null}),
    "nominate": ({"by": seat, "seat": seat}, {}),
    "withdraw": ({"by": seat, "seat": seat}, {}),
    "vote": ({"seat": seat, "count": integer}, {}),
    "vote_all": ({"for": integer}, {}),
    "shot": ({"by": seat, "at": seat_or_null}, {}),
    "don_check": ({"target": seat_or_null}, {}),
    "sheriff_check": ({"target": seat_or_null}, {}),
    "best_move": ({"seats": int_list}, {}),
    "foul": ({"seat": seat}, {}),
    "remove": ({"seat": seat, "kind": text}, {"reason": text_or_null}),
    "override": ({"what": one_of(*OVERRIDES)}, {"reason": text_or_null}),
    "undo": ({}, {}),
    "end": ({"result": one_of(*RESULTS)}, {}),
}

# override: the fields each ``what`` needs besides the reason
OVERRIDE_FIELDS = {
    "cancel_vote": {},
    "hold_vote": {},
    "fouls": {"seat": seat, "fouls": integer},
    "result": {"result": one_of("red", "black", "draw")},
}


def _fields(event) -> tuple[str, dict, dict]:
    if not isinstance(event, dict):
        raise Refused("EVENT_FORM", field="event")
    kind = event.get("type")
    if not isinstance(kind, str) or kind not in FIELDS:
        raise Refused("EVENT_FORM", field="type")
    required, optional = FIELDS[kind]
    what = event.get("what")
    if kind == "override" and isinstance(what, str) and what in OVERRIDE_FIELDS:
        required = {**required, **OVERRIDE_FIELDS[what]}
    return kind, required, optional


def check_form(event) -> str:
    """The event's type, or ``Refused("EVENT_FORM", field=…)`` naming the first field at fault:
    ``type``, then the required fields, then the optional ones (game-log.md: others are ignored)."""
    kind, required, optional = _fields(event)
    for field, test in required.items():
        if field not in event or not test(event[field]):
            raise Refused("EVENT_FORM", field=field)
    for field, test in optional.items():
        if field in event and field not in required and not test(event[field]):
            raise Refused("EVENT_FORM", field=field)
    return kind


def _texts(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, list):
        for item in value:
            yield from _texts(item)


def check_stored_form(event) -> str:
    """``check_form``, and the closed form of a stored event (see the module): the type, or
    ``Refused("EVENT_FORM", field=…)`` naming the field at fault."""
    kind = check_form(event)
    _kind, required, optional = _fields(event)
    for field, value in event.items():
        if field != "type" and field not in required and field not in optional and field not in COMMON:
            raise Refused("EVENT_FORM", field=name(field))
        if field in COMMON and field not in required and not isinstance(value, str):
            raise Refused("EVENT_FORM", field=field)
        if isinstance(value, str) and len(value) > LONGEST.get(field, len(value)):
            raise Refused("EVENT_FORM", field=field)
        if not all(clean(t) for t in _texts(value)):
            raise Refused("EVENT_FORM", field=field)
    return kind
