"""The plain records the rating works on: a rated game, its seats, the season's order.

A ``RatedGame`` is what the model needs of a protocol and nothing more: who sat on which
side in which role, the result and the day it was played. The file reader (reader.py) and,
later, the Django app build them; the model (model.py) never sees a file or a row.
"""
from __future__ import annotations

from dataclasses import dataclass

RED, SHERIFF, BLACK, DON = "red", "sheriff", "black", "don"
ROLES = (RED, SHERIFF, BLACK, DON)
RED_TEAM = frozenset((RED, SHERIFF))
ROLE_COUNTS = {RED: 6, SHERIFF: 1, BLACK: 2, DON: 1}

RED_WIN, BLACK_WIN, DRAW, ANNULLED = "red", "black", "draw", "annulled"
RESULTS = (RED_WIN, BLACK_WIN, DRAW, ANNULLED)
RATED_RESULTS = (RED_WIN, BLACK_WIN, DRAW)
STAGES = ("qualifying", "semifinal", "final")


@dataclass(frozen=True, slots=True)
class RatedGame:
    """One game as the rating sees it.

    ``seats`` is ten (player id, role) pairs in seat order; ``result`` one of
    RATED_RESULTS; ``day`` the proleptic ordinal of the tournament's date
    (``date.toordinal()``) or None when the file has no date (then no time passes).
    ``source`` and ``game_id`` name it in the output (the file as given and the game's id);
    ``tournament`` is an index that groups the games of one file (rating change per
    tournament, the bench's bootstrap by tournament); ``ruleset`` the tournament's rules
    ("fiim", "mafclub"; "" when not known): red's base rate may differ between them.
    """

    source: str
    game_id: str
    tournament: int
    day: int | None
    seats: tuple[tuple[str, str], ...]
    result: str
    ruleset: str = ""

    def mirrored(self) -> RatedGame:
        """The same game with the sides swapped (red <-> black, sheriff <-> don) and the
        result swapped: a symmetric rating gives it 1 - p_red. Not a legal mafia game (the
        teams are 7 and 3), only a probe of the model's symmetry."""
        swap = {RED: BLACK, BLACK: RED, SHERIFF: DON, DON: SHERIFF}
        result = {RED_WIN: BLACK_WIN, BLACK_WIN: RED_WIN}.get(self.result, self.result)
        return RatedGame(self.source, self.game_id, self.tournament, self.day,
                         tuple((p, swap[r]) for p, r in self.seats), result, self.ruleset)
