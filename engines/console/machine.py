"""The state as a fold over the events: ``apply(state, event)`` checks one event against the
state (RULES.md 7.17, in game-log.md's order) and, if legal, changes the state by it.

The checks never change the state, so a refused event leaves it as it was (7.1.1).
"""
from __future__ import annotations

from .codes import Refused
from .forms import check_form
from .legality import LEGALITY, allowed_in_over
from .state import State


def check(s: State, ev) -> str:
    """The event's type if it is legal now, else ``Refused`` with the first failing check:
    form, ``LOG_CLOSED``, ``GAME_OVER``, then the event's own (legality.LEGALITY). ``undo``
    passes here; whether there is anything to undo is the log's to say (game.Game)."""
    kind = check_form(ev)
    if kind == "undo":
        return kind
    if s.phase == "ended":
        raise Refused("LOG_CLOSED")
    if s.phase == "over" and not allowed_in_over(ev):
        raise Refused("GAME_OVER")
    row = LEGALITY[kind]
    if row.first is not None:
        row.first(s, ev)
    if s.phase not in row.phases:
        raise Refused(row.not_now)
    row.check(s, ev)
    return kind


def apply(s: State, ev) -> None:
    """Check ``ev`` and, if it is legal, apply it to ``s`` in place (``undo`` excluded)."""
    kind = check(s, ev)
    if kind == "undo":
        raise ValueError("undo is applied to a log, not a state (game.Game.push)")
    LEGALITY[kind].effect(s, ev)
