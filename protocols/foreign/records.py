"""What a reader makes of one foreign game record, and how it refuses one.

A ``ForeignGame`` is a game of the tournament file (spec/tournament-file.md: seats with player,
role, fouls and removal; the first killed with the seats he named; the result) plus what the
file does not hold: the date it was played, the tournament it belongs to (a key and a name, when
the record has one) and the players' names and ids on the platform."""
from __future__ import annotations

import datetime
from dataclasses import dataclass, field

ROLES = ("red", "sheriff", "black", "don")


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
        raise RecordRefused(name, "missing")
    value = record[key]
    if not isinstance(value, kind) or isinstance(value, bool) and kind is not bool:
        raise RecordRefused(name, f"{value!r} is not {getattr(kind, '__name__', kind)}")
    return value


def check_table(seats: list[ForeignSeat]) -> None:
    """Ten seats 1..10, each person once, the roles of a game (6 red, 1 sheriff, 2 black, 1 don)."""
    if sorted(s.seat for s in seats) != list(range(1, 11)):
        raise RecordRefused("players", f"{len(seats)} seats, not the ten seats 1-10")
    keys = [s.player_key for s in seats]
    if len(set(keys)) != 10:
        twice = sorted({k for k in keys if keys.count(k) > 1})
        raise RecordRefused("players", f"a player sits twice: {', '.join(twice)}")
    counts = {role: sum(s.role == role for s in seats) for role in ROLES}
    if counts != {"red": 6, "sheriff": 1, "black": 2, "don": 1}:
        raise RecordRefused("players.role", f"the roles are {counts}, not 6 red, 1 sheriff, 2 black and 1 don")
