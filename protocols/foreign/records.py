"""What a reader makes of one foreign game record, and how it refuses one.

A ``ForeignGame`` is a game of the tournament file (spec/tournament-file.md: seats with player,
role, fouls and removal; the first killed with the seats he named; the result) plus what the
file does not hold: the date it was played, the tournament it belongs to (a key and a name, when
the record has one) and the players' names and ids on the platform."""
from __future__ import annotations

import datetime
from dataclasses import dataclass, field

from django.utils.translation import gettext as _

from tournaments.registration_import import forbidden_character

ROLES = ("red", "sheriff", "black", "don")
ID_MAX = 2**63  # a platform's ids are 64-bit; a longer number is no id (and Python will not print 5,000 digits)
NICKNAME_MAX = 80  # tournaments.Player.nickname
FIRST_DAY = datetime.date(1990, 1, 1)  # before any platform kept a game; an earlier date is a broken record


class RecordRefused(Exception):
    """A record that cannot be read: the field and why (the importer adds the file and the game)."""

    def __init__(self, field: str, message: str):
        super().__init__(f"{field}: {message}")
        self.field, self.message = field, message


@dataclass
class ForeignSeat:
    seat: int
    player_key: str        # the platform's id of the person, else his name: the same person in every game
    name: str              # the nickname the record gives
    role: str
    fouls: int = 0
    removed: str | None = None  # None | "fourth_foul" | "disqualifying_foul"


@dataclass
class ForeignGame:
    game_id: str
    played_on: datetime.date
    result: str                     # "red" | "black" | "draw"
    seats: list[ForeignSeat]
    first_killed: int | None = None
    named: list[int] = field(default_factory=list)
    tournament_key: str = ""        # games with the same key form one tournament
    tournament_name: str = ""


def need(record: dict, key: str, kind, where: str = ""):
    """``record[key]`` of type ``kind``, or RecordRefused naming the field."""
    name = f"{where}{key}"
    if not isinstance(record, dict) or key not in record:
        raise RecordRefused(name, _("missing"))
    value = record[key]
    if not isinstance(value, kind) or isinstance(value, bool) and kind is not bool:
        raise RecordRefused(name, _("%(value)s is not %(kind)s") % {"value": shown(value), "kind": _kind(kind)})
    if _too_large(value):
        raise RecordRefused(name, _("a number too large to be one"))
    return value


def _too_large(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and abs(value) >= ID_MAX


def _kind(kind) -> str:
    return {int: _("int"), str: _("str"), list: _("list"), dict: _("dict")}.get(kind, getattr(kind, "__name__", str(kind)))


def is_int(value) -> bool:
    """A JSON integer a record may hold (not true/false, not beyond 64 bits)."""
    return isinstance(value, int) and not isinstance(value, bool) and not _too_large(value)


def shown(value) -> str:
    """``value`` as a refusal quotes it: short, whatever it is."""
    if _too_large(value):
        return "a number too large"
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def nickname(value, where: str) -> str:
    """A player's name as the record writes it, trimmed: text, not empty, no invisible or
    control character, at most NICKNAME_MAX characters."""
    if not isinstance(value, str) or not value.strip():
        raise RecordRefused(where, _("no nickname"))
    bad = forbidden_character(value)
    if bad:
        raise RecordRefused(where, _("contains %(character)s, which no name may hold") % {"character": bad})
    name = " ".join(value.split())
    if len(name) > NICKNAME_MAX:
        raise RecordRefused(where, _("longer than %(n)s characters") % {"n": NICKNAME_MAX})
    return name


def seats_named(value, where: str) -> list[int]:
    """A list of seats (1-10), as a best move names them."""
    if not isinstance(value, list) or not all(is_int(s) and 1 <= s <= 10 for s in value):
        raise RecordRefused(where, _("%(value)s is not a list of seats 1-10") % {"value": shown(value)})
    return value[:3]


def check_table(seats: list[ForeignSeat]) -> None:
    """Ten seats 1..10, each person once, the roles of a game (6 red, 1 sheriff, 2 black, 1 don)."""
    if sorted(s.seat for s in seats) != list(range(1, 11)):
        raise RecordRefused("players", _("%(n)s seats, not the ten seats 1-10") % {"n": len(seats)})
    keys = [s.player_key for s in seats]
    if len(set(keys)) != 10:
        twice = sorted({k for k in keys if keys.count(k) > 1})
        raise RecordRefused("players", _("a player sits twice: %(players)s") % {"players": ", ".join(twice)})
    counts = {role: sum(s.role == role for s in seats) for role in ROLES}
    if counts != {"red": 6, "sheriff": 1, "black": 2, "don": 1}:
        raise RecordRefused("players.role", _("the roles are %(counts)s, not 6 red, 1 sheriff, 2 black and 1 don") % {"counts": counts})


def game_day(day: datetime.date, where: str) -> datetime.date:
    """The day a game was played, if it can be one: from FIRST_DAY to a year from today."""
    if not FIRST_DAY <= day <= datetime.date.today() + datetime.timedelta(days=366):
        raise RecordRefused(where, _("%(day)s is not a day a game was played") % {"day": day.isoformat()})
    return day
