"""The shape every rule has, and the context rules read."""
from __future__ import annotations

from typing import Any, NamedTuple

from ..model import Game, Seat, Tournament
from ..settings import Settings


class Award(NamedTuple):
    """Points one seat earns from one rule in one game (in hundredths, see decimals.py).

    Rules on the hot path build plain ``(seat, cents, detail)`` tuples of this same shape
    (a NamedTuple costs a Python-level call each), so readers index them: award[0] is the
    seat, award[1] the cents, award[2] the rule-specific detail for Rule.explain."""
    seat: Seat
    cents: int
    detail: Any = None


class ScoringContext:
    """What the rules may read: the tournament, the ranked games in playing order,
    the settings, and what each rule prepared (``prepared[rule.key]``)."""

    __slots__ = ("tournament", "games", "settings", "ruleset", "k_cents", "hard_result",
                 "prepared")

    def __init__(self, tournament: Tournament, games: list[Game], ruleset, settings: Settings):
        self.tournament = tournament
        self.games = games
        self.ruleset = ruleset
        self.settings = settings
        self.k_cents: int | None = None   # the difficulty coefficient K in hundredths
        self.hard_result: str | None = None  # the result of the "hard" games (8.7.1)
        self.prepared: dict[str, Any] = {}


class Rule:
    key: str = ""          # the breakdown component this rule feeds
    clause: str = ""       # where it comes from, e.g. "8.2.4"
    title: str = ""        # a few words for people
    notes: tuple[str, ...] = ()  # the codes its explanation lines may have (messages.NOTES)
    # True for a rule that only ever awards seats in game.notable_seats() (removals, extras,
    # penalties, gross violations): the calculator skips it for a game with none.
    notable_only: bool = False

    def prepare(self, ctx: ScoringContext) -> Any:
        """Tournament-wide values over the ranked games; stored in ctx.prepared[key]."""
        return None

    def award(self, ctx: ScoringContext, game: Game) -> list:
        """The non-zero (seat, cents, detail) awards of this rule in one game."""
        raise NotImplementedError

    def explain(self, ctx: ScoringContext, game: Game, award: Award) -> tuple[str, str, dict]:
        """(clause, code, params) for one award: the code names the note's wording
        (messages.NOTES), the params are its details as JSON-safe data, e.g.
        ("8.3.1", "best_move", {"named": [4, 6, 8], "blacks": 3})."""
        raise NotImplementedError

    def __repr__(self):
        return f"<rule {self.key} ({self.clause})>"
