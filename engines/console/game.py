"""A game being played: its header, the events in force, and the state they fold to.

``Game.push(event)`` is what the console does with each event the judge enters (7.1.1): it is
checked and applied, or refused and not kept. ``undo`` (7.16.4) takes the last event in force
off the list and folds the rest again from the start.
"""
from __future__ import annotations

from .codes import Refused
from .header import Header, read_header
from .machine import apply, check
from .moves import legal_events
from .state import State


class Game:
    def __init__(self, header: Header):
        self.header = header
        self.in_force: list = []  # accepted events not undone, undo events excluded
        self.state = State.start(header)

    @classmethod
    def from_document(cls, doc) -> Game:
        """A game with the header of ``doc`` and no event yet (``Refused`` for a bad header)."""
        return cls(read_header(doc))

    def check(self, event) -> str:
        """The event's type if ``push`` would accept it now, else ``Refused``; changes nothing."""
        kind = check(self.state, event)
        if kind == "undo" and not self.in_force:
            raise Refused("UNDO_EMPTY")
        return kind

    def legal_events(self) -> list:
        """Every event ``push`` accepts now, ``undo`` included when there is one to undo."""
        return legal_events(self.state) + ([{"type": "undo"}] if self.in_force else [])

    def push(self, event) -> None:
        """Accept one event (or raise ``Refused`` and keep the game as it was)."""
        kind = self.check(event)
        if kind == "undo":
            self.in_force.pop()
            self.state = fold(self.header, self.in_force)
            return
        apply(self.state, event)
        self.in_force.append(event)


def fold(header: Header, events) -> State:
    """The state of a game whose events in force are ``events`` (all legal, none an undo)."""
    s = State.start(header)
    for event in events:
        apply(s, event)
    return s
