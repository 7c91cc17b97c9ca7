"""The form of each event (game-log.md "Events"; RULES.md 7.17 ``EVENT_FORM``).

``FIELDS`` is the table: each type's required and optional fields with the kind of value each
takes. ``check_form(event)`` refuses an unknown type, a required field missing or a field of the
wrong kind. Ranges that have their own code (a vote count, a best move's seats, a removal's
kind or reason, an override's reason) are left to the event's own checks. ``at`` and ``note``
change nothing and are not read (except ``shot``'s ``at``, which is the target seat).
"""
from __future__ import annotations

from .codes import Refused


def _int(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def seat(v) -> bool:
    """A seat: an integer 1..10."""
    return _int(v) and 1 <= v <= 10


def seat_or_null(v) -> bool:
    return v is None or seat(v)


def integer(v) -> bool:
    return _int(v)


def text(v) -> bool:
    return isinstance(v, str)


def text_or_null(v) -> bool:
    return v is None or isinstance(v, str)


def int_list(v) -> bool:
    return isinstance(v, list) and all(_int(x) for x in v)


def one_of(*values):
    return lambda v: isinstance(v, str) and v in values


RESULTS = ("red", "black", "draw", "annulled")
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


def check_form(event) -> str:
    """The event's type, or ``Refused("EVENT_FORM")``."""
    if not isinstance(event, dict):
        raise Refused("EVENT_FORM")
    kind = event.get("type")
    if not isinstance(kind, str) or kind not in FIELDS:
        raise Refused("EVENT_FORM")
    required, optional = FIELDS[kind]
    what = event.get("what")
    if kind == "override" and isinstance(what, str) and what in OVERRIDE_FIELDS:
        required = {**required, **OVERRIDE_FIELDS[what]}
    for name, test in required.items():
        if name not in event or not test(event[name]):
            raise Refused("EVENT_FORM")
    for name, test in optional.items():
        if name in event and not test(event[name]):
            raise Refused("EVENT_FORM")
    return kind
