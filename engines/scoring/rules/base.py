"""The shape every rule has, and what rules read: the context and, for the tallies, the tables."""
from __future__ import annotations

from operator import itemgetter
from typing import Any, NamedTuple

import msgspec

from ..model import DON, SHERIFF, TEAM_BLACK_ROLES, TEAM_RED_ROLES, Game, Seat, Tournament
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
    the settings, and what each rule prepared (``prepared[rule.key]``).

    For a tally (``Rule.tally``) ``games`` are the ranked games as ``Table`` records and
    ``tournament`` is the file's head (only its counts are read); ``prepared`` stays empty."""

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


class Arrangement:
    """A valid arrangement of roles (6 red, 1 sheriff, 2 black, 1 don) by seat index 0..9:
    the seats of each team, of the captains and the black seat numbers. There are only
    2,520 arrangements, so each is worked out once (``of``) and shared by every table."""
    __slots__ = ("roles", "red", "black", "red_team", "black_team", "sheriff", "don",
                 "black_seats")
    _cache: dict[tuple, Arrangement] = {}

    def __init__(self, roles: tuple):
        self.roles = roles
        self.red = [i for i, r in enumerate(roles) if r in TEAM_RED_ROLES]
        self.black = [i for i, r in enumerate(roles) if r in TEAM_BLACK_ROLES]
        # players tuple -> the team's players, in C
        self.red_team, self.black_team = itemgetter(*self.red), itemgetter(*self.black)
        self.sheriff, self.don = roles.index(SHERIFF), roles.index(DON)
        self.black_seats = frozenset(i + 1 for i in self.black)

    @classmethod
    def of(cls, roles: tuple) -> Arrangement:
        """The arrangement of a roles tuple the caller has checked (validation.ROLE_ARRANGEMENT)."""
        found = cls._cache.get(roles)
        if found is None:
            found = cls._cache[roles] = cls(roles)
        return found


class Table(msgspec.Struct, gc=False):
    """One ranked game of a valid file, as the tallies read it: plain values, seat index
    0..9 is seat number 1..10 (a msgspec record: built in C, 20,000 in the bench).

    ``players`` and ``arrangement`` cover the ten seats. ``first_killed`` is the seat
    number (or None), ``killed`` and ``killed_role`` its player and role, ``named`` the
    frozenset of seats they named (valid: 1..10, not their own; None with no first-killed).
    ``extras`` holds ``(player, extra_cents)`` for the seats with extra points, ``marked``
    the seats with a removal, a penalty or a gross violation (with the model Seat's
    attributes: player, role, fouls, removed, penalties, gross_violation); most tables have
    neither, and a tally reads the seats' records only where it must."""
    id: str
    stage: str
    result: str
    players: tuple
    arrangement: Arrangement
    first_killed: int | None
    killed: str | None
    killed_role: str | None
    named: frozenset | None
    extras: tuple
    marked: tuple


class Tables(list):
    """The ranked games of a valid file as ``Table`` records, and what the one pass over
    them counted on the way (fastpath.py), so that no tally walks the games again for it:
    ``wins[result]`` maps each player to the games of that result (red, black) they won
    as a player of the winning team (the tiebreak of 8.8.2 counts the same wins)."""

    def __init__(self):
        super().__init__()
        self.wins: dict[str, dict[str, int]] = {}


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

    def tally(self, ctx: ScoringContext, tables: Tables) -> dict[str, int]:
        """player id -> this rule's points over all the ranked ``tables`` (hundredths; a
        player may be missing or have 0): the sum of ``award`` over the same games, in one
        sweep with no per-game records. The command line's standings are made of tallies
        (fastpath.py); tests/engines/scoring/test_one_engine.py holds each rule's tally equal
        to the sum of its awards."""
        raise NotImplementedError

    def __repr__(self):
        return f"<rule {self.key} ({self.clause})>"
