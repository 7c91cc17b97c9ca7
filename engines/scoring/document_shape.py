"""The shape of a ``mafia-tournament/1`` document: types, required fields, defaults.

Two readers of the one shape, side by side so that a field is changed in both at once:

* ``DocumentReader`` builds the model objects from parsed JSON and collects a Problem for
  every field of the wrong type or missing (the rule checks are validation.py's). A
  well-formed seat takes a fast path (a 10,000-player file has 200,000 of them); anything
  else takes the careful path that names each fault.
* ``DECODER`` (the typed records at the end) decodes the file's bytes with msgspec into
  slotted records, checking every field's type in C; it names no fault, a file it refuses
  goes to ``DocumentReader``. The command line's standings start there (fastpath.py).

tests/scoring holds the two equal.
"""
from __future__ import annotations

from decimal import Decimal, InvalidOperation
from operator import itemgetter
from typing import Literal

import msgspec

from .bounds import decimal_problem, decimal_too_long
from .decimals import NotCents, to_cents
from .model import (
    PENALTY_CLAUSES,
    REMOVALS,
    RESULTS,
    ROLES,
    STAGES,
    ZERO,
    FirstKilled,
    Game,
    Penalty,
    Player,
    Seat,
    Tournament,
)
from .problems import Problem
from .settings import Settings

FORMAT = "mafia-tournament/1"

_PLAIN_SEAT = itemgetter("seat", "player", "role", "fouls")

# Distinct extra values are few ("0.25", "0.4", ...): parse each string once.
_DECIMAL_CACHE: dict[str, Decimal] = {"0": ZERO}


def _decimal(value) -> Decimal | None:
    """A JSON string or number as an exact Decimal, or None when it is not one."""
    t = type(value)
    if decimal_too_long(value):  # never converted (nor cached): the reader names the field
        return None
    if t is str:
        d = _DECIMAL_CACHE.get(value)
        if d is not None:
            return d
        try:
            d = Decimal(value.strip())
        except InvalidOperation:
            return None
        if not d.is_finite():
            return None
        if len(_DECIMAL_CACHE) < 10_000:
            _DECIMAL_CACHE[value] = d
        return d
    if t is Decimal:
        return value if value.is_finite() else None
    if t is int:
        return Decimal(value)
    if t is float:  # a caller that used json.load without parse_float=Decimal
        d = Decimal(repr(value))
        return d if d.is_finite() else None
    return None


def _type_name(value) -> str:
    """The kind of a JSON value, for a problem's parameters (messages.GOT words it)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, (int, float, Decimal)):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list):
        return "list"
    if isinstance(value, dict):
        return "object"
    return type(value).__name__


class DocumentReader:
    """Builds model objects from a document, collecting shape problems."""

    def __init__(self):
        self.problems: list[Problem] = []
        self.game_ids: set[str] = set()

    # -- helpers -----------------------------------------------------------------
    def problem(self, game, seat, field, code, params=None):
        self.problems.append(Problem(game, seat, field, code, params=params))

    def require(self, d, key, kind, game, seat, field=None, *, default=..., nullable=False):
        """d[key] checked against kind ("str", "int", "bool", "list", "dict").

        Returns (ok, value)."""
        field = field or key
        if key not in d:
            if default is not ...:
                return True, default
            self.problem(game, seat, field, "missing_field")
            return False, None
        value = d[key]
        if value is None and nullable:
            return True, None
        expected = {"str": str, "int": int, "bool": bool, "list": list, "dict": dict}[kind]
        ok = type(value) is expected if kind != "int" else (
            isinstance(value, int) and not isinstance(value, bool))
        if not ok:
            self.problem(game, seat, field, "wrong_type",
                         {"expected": kind, "nullable": nullable, "got": _type_name(value)})
            return False, None
        return True, value

    # -- document ----------------------------------------------------------------
    def document(self, obj) -> Tournament | None:
        if not isinstance(obj, dict):
            self.problem(None, None, "document", "not_an_object", {"got": _type_name(obj)})
            return None
        fmt = obj.get("format")
        if fmt != FORMAT:
            self.problem(None, None, "format", "unknown_format",
                         {"value": fmt, "format": FORMAT} if "format" in obj
                         else {"form": "missing", "format": FORMAT})
            return None
        ok_t, head = self.require(obj, "tournament", "dict", None, None)
        ok_p, players = self.require(obj, "players", "list", None, None)
        ok_g, games = self.require(obj, "games", "list", None, None)
        if not (ok_t and ok_p and ok_g):
            return None
        fields = {}
        ok = True
        for key, kind in (("name", "str"), ("ruleset", "str"), ("participants", "int"),
                          ("games_before_final", "int"), ("lot_seed", "str")):
            good, value = self.require(head, key, kind, None, None, f"tournament.{key}")
            ok &= good
            fields[key] = value
        # Not refused: a negative count, an empty id, a round or table below 1. They are of
        # the right type, and tournament-file.md's "Validity" list is the complete list of
        # reasons to refuse a file.
        settings = self.settings(head.get("settings"))
        parsed_players = self.players(players)
        parsed_games = []
        for index, g in enumerate(games):
            game = self.game(index, g)
            if game is not None:
                parsed_games.append(game)
        if not ok:
            return None
        # Broken players or settings are already reported; the rest is still checked
        # (with the players that did parse and the default settings).
        return Tournament(fields["name"], fields["ruleset"], fields["participants"],
                          fields["games_before_final"], fields["lot_seed"],
                          parsed_players, parsed_games, settings or Settings(), **_details(head))

    def settings(self, obj) -> Settings | None:
        if obj is None:
            return Settings()
        if not isinstance(obj, dict):
            self.problem(None, None, "tournament.settings", "wrong_type",
                         {"expected": "dict", "nullable": False, "got": _type_name(obj)})
            return None
        values = {}
        known = Settings.field_names()
        good = True
        for key, value in obj.items():
            field = f"tournament.settings.{key}"
            if key not in known:
                self.problem(None, None, field, "unknown_setting", {"known": list(known)})
                good = False
            elif key == "k_max_participants":
                if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                    self.problem(None, None, field, "wrong_type", {"form": "setting", "expected": "non_negative_integer"})
                    good = False
                else:
                    values[key] = value
            elif key == "fourth_foul_removal_counts":
                if type(value) is not bool:
                    self.problem(None, None, field, "wrong_type", {"form": "setting", "expected": "bool"})
                    good = False
                else:
                    values[key] = value
            elif decimal_too_long(value):
                self.problems.append(decimal_problem(value, field=field))
                good = False
            else:
                d = _decimal(value) if type(value) is not bool else None
                if d is None or d < 0:
                    self.problem(None, None, field, "wrong_type", {"form": "setting", "expected": "non_negative_decimal"})
                    good = False
                else:
                    values[key] = d
        return Settings(**values) if good else None

    def players(self, items) -> list[Player]:
        """The players that parse (the others are reported)."""
        out = []
        for index, p in enumerate(items):
            if type(p) is dict:
                pid = p.get("id")
                nick = p.get("nickname")
                if type(pid) is str and type(nick) is str:
                    out.append(Player(pid, nick))
                    continue
            field = f"players[{index}]"
            if not isinstance(p, dict):
                self.problem(None, None, field, "wrong_type", {"expected": "dict", "nullable": False, "got": _type_name(p)})
                continue
            good_id, pid = self.require(p, "id", "str", None, None, f"{field}.id")
            good_nick, nick = self.require(p, "nickname", "str", None, None,
                                           f"{field}.nickname")
            if good_id and good_nick:
                out.append(Player(pid, nick))
        return out

    def game(self, index, g) -> Game | None:
        if type(g) is dict:
            get = g.get
            gid = get("id")
            stage = get("stage")
            rnd = get("round")
            table = get("table")
            judge = get("judge", "")
            result = get("result")
            replay_of = get("replay_of")
            fk = get("first_killed", 0)
            seat_items = get("seats")
            if (type(gid) is str and type(stage) is str and type(rnd) is int
                    and type(table) is int
                    and (judge is None or type(judge) is str) and type(result) is str
                    and (replay_of is None or type(replay_of) is str)
                    and type(seat_items) is list and (fk is None or type(fk) is dict)):
                before = len(self.problems)
                self.game_ids.add(gid)
                first_killed = None
                if fk is not None:
                    named = fk.get("named")
                    seat = fk.get("seat")
                    if (type(seat) is int and type(named) is list
                            and all(type(n) is int for n in named)):
                        first_killed = FirstKilled(seat, named)
                    else:
                        first_killed = self.first_killed(gid, fk)
                seats = []
                notable = []
                append = seats.append
                for s in seat_items:
                    # Inline fast path for the plain seat (seat, player, role, fouls only).
                    if type(s) is dict and len(s) == 4:
                        try:
                            number, player, role, fouls = _PLAIN_SEAT(s)
                        except KeyError:
                            pass
                        else:
                            if (type(number) is int and type(player) is str
                                    and type(role) is str and type(fouls) is int):
                                append(Seat(number, player, role, fouls))
                                continue
                    seat = self.seat(gid, s)
                    if seat is not None:
                        append(seat)
                        if (seat.removed is not None or seat.extra or seat.penalties
                                or seat.gross_violation or seat.extra_approved):
                            notable.append(seat)
                if len(self.problems) != before:
                    return None
                game = Game(gid, stage, rnd, table, judge or "", result, replay_of,
                            first_killed, seats)
                game._notable = tuple(notable)  # saves Game.notable_seats() a pass
                return game
        return self.game_slow(index, g)

    def game_slow(self, index, g) -> Game | None:
        if not isinstance(g, dict):
            self.problem(f"#{index + 1}", None, "game", "wrong_type",
                         {"expected": "dict", "nullable": False, "got": _type_name(g)})
            return None
        gid = g.get("id")
        name = gid if isinstance(gid, str) else f"#{index + 1}"
        before = len(self.problems)
        ok, gid = self.require(g, "id", "str", name, None)
        if ok:
            self.game_ids.add(gid)
        _, stage = self.require(g, "stage", "str", name, None)
        _, rnd = self.require(g, "round", "int", name, None)
        _, table = self.require(g, "table", "int", name, None)
        _, judge = self.require(g, "judge", "str", name, None, default="", nullable=True)
        _, result = self.require(g, "result", "str", name, None)
        _, replay_of = self.require(g, "replay_of", "str", name, None, default=None,
                                    nullable=True)
        first_killed = None
        if "first_killed" not in g:
            self.problem(name, None, "first_killed", "missing_field", {"form": "first_killed"})
        else:
            first_killed = self.first_killed(name, g["first_killed"])
        ok_s, seat_items = self.require(g, "seats", "list", name, None)
        seats = []
        if ok_s:
            for s in seat_items:
                seat = self.seat(name, s)
                if seat is not None:
                    seats.append(seat)
        if len(self.problems) != before:
            return None
        return Game(gid, stage, rnd, table, judge or "", result, replay_of, first_killed,
                    tuple(seats))

    def first_killed(self, name, fk) -> FirstKilled | None:
        if fk is None:
            return None
        if not isinstance(fk, dict):
            self.problem(name, None, "first_killed", "wrong_type",
                         {"expected": "dict", "nullable": True, "got": _type_name(fk)})
            return None
        ok, seat = self.require(fk, "seat", "int", name, None, "first_killed.seat")
        # tournament-file.md gives ``named`` no default: a first-killed who named nobody has [].
        ok_n, named = self.require(fk, "named", "list", name, None, "first_killed.named")
        if ok_n:
            for value in named:
                if isinstance(value, bool) or not isinstance(value, int):
                    self.problem(name, None, "first_killed.named", "wrong_type",
                                 {"form": "items", "expected": "seat_numbers", "got": _type_name(value)})
                    ok_n = False
                    break
        if ok and ok_n:
            return FirstKilled(seat, tuple(named))
        return None

    def seat(self, name, s) -> Seat | None:
        # Fast path: a well-formed seat costs a handful of dict lookups and type tests
        # (200,000 seats in a 10,000-player file; bench/scoring.py).
        if type(s) is dict:
            if len(s) == 4:  # seat, player, role, fouls: every other field at its default
                number = s.get("seat")
                player = s.get("player")
                role = s.get("role")
                fouls = s.get("fouls")
                if (type(number) is int and type(player) is str and type(role) is str
                        and type(fouls) is int):
                    return Seat(number, player, role, fouls)
            else:
                get = s.get
                number = get("seat")
                player = get("player")
                role = get("role")
                fouls = get("fouls", 0)
                removed = get("removed")
                extra = get("extra", "0")
                approved = get("extra_approved", False)
                gross = get("gross_violation", False)
                extra_d = _DECIMAL_CACHE.get(extra) if type(extra) is str else None
                if (type(number) is int and type(player) is str and type(role) is str
                        and type(fouls) is int and (removed is None or type(removed) is str)
                        and extra_d is not None and type(approved) is bool
                        and "penalties" not in s and type(gross) is bool):
                    return Seat(number, player, role, fouls, removed, extra_d, approved, (),
                                gross)
        return self.seat_slow(name, s)

    def seat_slow(self, name, s) -> Seat | None:
        if not isinstance(s, dict):
            self.problem(name, None, "seats", "wrong_type", {"form": "items", "expected": "objects", "got": _type_name(s)})
            return None
        number = s.get("seat")
        where = number if isinstance(number, int) and not isinstance(number, bool) else None
        before = len(self.problems)
        _, number = self.require(s, "seat", "int", name, where)
        _, player = self.require(s, "player", "str", name, where)
        _, role = self.require(s, "role", "str", name, where)
        _, fouls = self.require(s, "fouls", "int", name, where, default=0)
        _, removed = self.require(s, "removed", "str", name, where, default=None, nullable=True)
        extra = ZERO
        if "extra" in s:
            if decimal_too_long(s["extra"]):
                self.problems.append(decimal_problem(s["extra"], game=name, seat=where, field="extra"))
                extra = None
            else:
                extra = _decimal(s["extra"]) if type(s["extra"]) is not bool else None
                if extra is None:
                    self.problem(name, where, "extra", "not_a_decimal", {"value": s["extra"]})
        _, approved = self.require(s, "extra_approved", "bool", name, where, default=False)
        _, gross = self.require(s, "gross_violation", "bool", name, where, default=False)
        ok_p, items = self.require(s, "penalties", "list", name, where, default=[],
                                   nullable=True)
        penalties = []
        if ok_p and items:
            for p in items:
                if not isinstance(p, dict):
                    self.problem(name, where, "penalties", "wrong_type",
                                 {"form": "items", "expected": "objects", "got": _type_name(p)})
                    continue
                ok_c, clause = self.require(p, "clause", "str", name, where, "penalties.clause")
                # reason has no default in tournament-file.md: missing is a missing field;
                # an empty or blank one is still a string, and the file takes it.
                ok_r, reason = self.require(p, "reason", "str", name, where,
                                            "penalties.reason")
                if ok_c and ok_r:
                    penalties.append(Penalty(clause, reason))
        if len(self.problems) != before:
            return None
        return Seat(number, player, role, fouls, removed, extra, approved, tuple(penalties),
                    gross)


# -- the typed records (msgspec) ------------------------------------------------------
# The same shape for msgspec (pinned in pyproject.toml): its checks are strict in the same
# way as DocumentReader's: an ``int`` field refuses ``true`` and ``1.0``, a ``str`` field
# refuses a number, and a field without a default must be there. Where a field has a
# default in tournament-file.md it has the same default here. Unknown keys are ignored by
# both, and a key given twice keeps its last value in both.
#
# Numbers are the one place the readers differ: DocumentReader reads every non-integer
# JSON number as an exact Decimal, msgspec would read a float. So no field here accepts a
# float (``extra`` takes a decimal string or an integer): a file with ``"extra": 0.35``
# fails to decode here and DocumentReader, which reads it exactly, takes the file.
# ``settings`` stays a plain dict, read by DocumentReader.settings.
#
# Fields with a closed set of values are Literals of the model's values: msgspec checks
# them in C and hands back the one interned string of each value (its hash computed once,
# compared by identity), where a ``str`` field makes a new string for every seat.
RoleValue = Literal[ROLES]
StageValue = Literal[STAGES]
ResultValue = Literal[RESULTS]
RemovalValue = Literal[REMOVALS]
ClauseValue = Literal[PENALTY_CLAUSES]


class PenaltyRecord(msgspec.Struct, gc=False):
    clause: ClauseValue
    reason: str  # no default in tournament-file.md: a missing reason is a missing field


class SeatRecord(msgspec.Struct, gc=False):
    seat: int
    player: str
    role: RoleValue
    fouls: int = 0
    removed: RemovalValue | None = None
    extra: str | int = "0"  # a decimal string or an integer; never a float
    extra_approved: bool = False
    penalties: list[PenaltyRecord] | None = None
    gross_violation: bool = False


class FirstKilledRecord(msgspec.Struct, gc=False):
    seat: int
    named: list[int]  # required ([] when nobody is named): tournament-file.md gives no default


class GameRecord(msgspec.Struct, gc=False):
    id: str
    stage: StageValue
    round: int
    table: int
    result: ResultValue
    first_killed: FirstKilledRecord | None  # required, null for a miss
    seats: list[SeatRecord]
    judge: str | None = ""
    replay_of: str | None = None


class PlayerRecord(msgspec.Struct, gc=False):
    id: str
    nickname: str


class HeadRecord(msgspec.Struct, gc=False):
    name: str
    ruleset: str
    participants: int
    games_before_final: int
    lot_seed: str
    settings: dict | None = None


class DocumentRecord(msgspec.Struct, gc=False):
    format: str
    tournament: HeadRecord
    players: list[PlayerRecord]
    games: list[GameRecord]


DECODER = msgspec.json.Decoder(DocumentRecord)
# What a file DECODER does not take raises while decoding (UnicodeDecodeError for bytes
# that are not UTF-8 is a ValueError; RecursionError: nested thousands deep).
NOT_DECODED = (msgspec.MsgspecError, ValueError, RecursionError)


EXTRA_CENTS: dict[str, int] = {"0": 0}  # a decoded extra's text -> hundredths, parsed once


def extra_cents(value) -> int | None:
    """Hundredths of a decoded ``extra`` (a decimal string read exactly as DocumentReader
    reads it, never as a float, or an integer), or None when it is no decimal or is finer
    than 0.01."""
    if type(value) is int:
        return value * 100
    cents = EXTRA_CENTS.get(value)
    if cents is None:
        d = _decimal(value)
        if d is None:
            return None
        try:
            cents = to_cents(d)
        except NotCents:
            return None
        if len(EXTRA_CENTS) < 10_000:
            EXTRA_CENTS[value] = cents
    return cents


def _details(head: dict) -> dict:
    """The head's optional details (date, city, stars), each kept when it is of its JSON type.
    They are not refused otherwise: tournament-file.md's "Validity" list does not name them, and
    no standing reads them (the import into the database checks the date it stores)."""
    date, city, stars = head.get("date"), head.get("city"), head.get("stars")
    return {"date": date if isinstance(date, str) else None, "city": city if isinstance(city, str) else None,
            "stars": stars if isinstance(stars, int) and not isinstance(stars, bool) else None}
