"""Plain typed data for a tournament, its games and seats (no Django, no I/O).

These are slotted classes rather than dataclasses: a 10,000-player tournament has
200,000 seats, and the parser builds one object per seat, so construction cost
matters (see bench/scoring.py). They behave like frozen-ish records: equality and
repr are defined, and nothing in the core mutates them after parsing.
"""
from __future__ import annotations

from decimal import Decimal

# Roles (protocol letters, 9.4.1): К, Ш, Ч, Д.
RED = "red"
SHERIFF = "sheriff"
BLACK = "black"
DON = "don"
ROLES = (RED, SHERIFF, BLACK, DON)
TEAM_RED_ROLES = frozenset((RED, SHERIFF))
TEAM_BLACK_ROLES = frozenset((BLACK, DON))
ROLE_COUNTS = {RED: 6, SHERIFF: 1, BLACK: 2, DON: 1}

# Results. "red"/"black" name the winning team.
RESULT_RED = "red"
RESULT_BLACK = "black"
RESULT_DRAW = "draw"
RESULT_ANNULLED = "annulled"  # mafclub: replay after a gross violation (003 item 10)
RESULTS = (RESULT_RED, RESULT_BLACK, RESULT_DRAW, RESULT_ANNULLED)

# Stages, in playing order.
QUALIFYING = "qualifying"
SEMIFINAL = "semifinal"
FINAL = "final"
STAGES = (QUALIFYING, SEMIFINAL, FINAL)
STAGE_ORDER = {QUALIFYING: 0, SEMIFINAL: 1, FINAL: 2}

# Removal from the table (8.2.4).
REMOVED_FOURTH_FOUL = "fourth_foul"
REMOVED_DISQUALIFYING = "disqualifying_foul"
REMOVALS = (REMOVED_FOURTH_FOUL, REMOVED_DISQUALIFYING)

# Penalty clauses (8.5).
CLAUSE_8_5_1 = "8.5.1"
CLAUSE_8_5_2 = "8.5.2"
CLAUSE_8_5_3 = "8.5.3"
CLAUSE_8_5_4 = "8.5.4"
PENALTY_CLAUSES = (CLAUSE_8_5_1, CLAUSE_8_5_2, CLAUSE_8_5_3, CLAUSE_8_5_4)

RULESET_FIIM = "fiim"
RULESET_MAFCLUB = "mafclub"
RULESETS = (RULESET_FIIM, RULESET_MAFCLUB)

SEATS_PER_GAME = 10
ZERO = Decimal("0")


def team_of(role: str) -> str | None:
    """The team ("red" or "black") a role plays for."""
    if role in TEAM_RED_ROLES:
        return RESULT_RED
    if role in TEAM_BLACK_ROLES:
        return RESULT_BLACK
    return None


class _Record:
    __slots__ = ()
    _fields: tuple = ()

    def _values(self):
        return tuple(getattr(self, name) for name in self._fields)

    def __eq__(self, other):
        if type(other) is not type(self):
            return NotImplemented
        return self._values() == other._values()

    def __hash__(self):
        return hash((type(self).__name__,) + tuple(
            tuple(v) if isinstance(v, list) else v for v in self._values()))

    def __repr__(self):
        inner = ", ".join(f"{n}={getattr(self, n)!r}" for n in self._fields)
        return f"{type(self).__name__}({inner})"


class Player(_Record):
    __slots__ = _fields = ("id", "nickname")

    def __init__(self, id: str, nickname: str):
        self.id = id
        self.nickname = nickname


class Penalty(_Record):
    """A judge's penalty of 8.5 (−0.4), with its clause and the written reason (9.10)."""
    __slots__ = _fields = ("clause", "reason")

    def __init__(self, clause: str, reason: str = ""):
        self.clause = clause
        self.reason = reason


class FirstKilled(_Record):
    """The player killed in the first shooting night and the seats they named (8.3, 9.6)."""
    __slots__ = _fields = ("seat", "named")

    def __init__(self, seat: int, named: tuple = ()):
        self.seat = seat
        self.named = tuple(named)


class Seat(_Record):
    __slots__ = _fields = ("seat", "player", "role", "fouls", "removed", "extra",
                           "extra_approved", "penalties", "gross_violation")

    def __init__(self, seat: int, player: str, role: str, fouls: int = 0,
                 removed: str | None = None, extra: Decimal = ZERO,
                 extra_approved: bool = False, penalties: tuple = (),
                 gross_violation: bool = False):
        self.seat = seat
        self.player = player
        self.role = role
        self.fouls = fouls
        self.removed = removed
        self.extra = extra
        self.extra_approved = extra_approved
        self.penalties = penalties
        self.gross_violation = gross_violation


class Game(_Record):
    _fields = ("id", "stage", "round", "table", "judge", "result", "replay_of",
               "first_killed", "seats")
    __slots__ = _fields + ("_notable",)

    def __init__(self, id: str, stage: str, round: int, table: int, judge: str = "",
                 result: str = RESULT_RED, replay_of: str | None = None,
                 first_killed: FirstKilled | None = None, seats: tuple = ()):
        self.id = id
        self.stage = stage
        self.round = round
        self.table = table
        self.judge = judge
        self.result = result
        self.replay_of = replay_of
        self.first_killed = first_killed
        self.seats = tuple(seats)
        self._notable = None

    def notable_seats(self) -> tuple:
        """The seats with anything beyond role and fouls: a removal, extra points (or their
        approval), a penalty or a gross violation. Most seats have none, so rules and checks
        that only look at these skip the rest (computed once, on first use; the file parser
        fills it in as it reads the seats)."""
        notable = self._notable
        if notable is None:
            notable = self._notable = tuple(
                s for s in self.seats
                if s.removed is not None or s.extra or s.penalties or s.gross_violation
                or s.extra_approved)
        return notable

    @property
    def order_key(self):
        """(stage, round, table, id); ``standings.in_playing_order`` puts a replay after the game
        it replays, which the id alone need not."""
        return (STAGE_ORDER.get(self.stage, 3), self.round, self.table, self.id)

    def seat_by_number(self, number: int) -> Seat | None:
        seats = self.seats
        if 1 <= number <= len(seats):  # seats are usually listed in order
            s = seats[number - 1]
            if s.seat == number:
                return s
        for s in seats:
            if s.seat == number:
                return s
        return None


class Tournament(_Record):
    __slots__ = _fields = ("name", "ruleset", "participants", "games_before_final",
                           "lot_seed", "players", "games", "settings", "date", "city", "stars")

    def __init__(self, name: str, ruleset: str, participants: int, games_before_final: int,
                 lot_seed: str, players: tuple = (), games: tuple = (), settings=None,
                 date: str | None = None, city: str | None = None, stars: int | None = None):
        from .settings import Settings  # local: settings is tiny, avoids a cycle

        # date, city and stars are the file's optional details, kept as written: no standing
        # reads them (a season orders its files by date, the database stores them on import).
        self.date = date
        self.city = city
        self.stars = stars
        self.name = name
        self.ruleset = ruleset
        self.participants = participants
        self.games_before_final = games_before_final
        self.lot_seed = lot_seed
        self.players = tuple(players)
        self.games = tuple(games)
        self.settings = settings if settings is not None else Settings()
