"""The shape of ``mafia-tournament/1`` as msgspec types, for the fast path (fastpath.py).

msgspec (pinned in pyproject.toml) decodes the JSON straight into these slotted records
and checks every field's type in C as it goes: the shape checks of document_shape.py for
the price of decoding. Its checks are strict in the same way as document_shape's: an
``int`` field refuses ``true`` and ``1.0``, a ``str`` field refuses a number, and a field
without a default must be there. Where a field has a default in tournament-file.md it has
the same default here. Unknown keys are ignored by both, and a key given twice keeps its
last value in both.

An unknown ``role``, ``stage``, ``result``, ``removed`` or ``clause`` fails here too, and
the careful path names it.

Numbers are the one place the readers differ: the careful path reads every non-integer
JSON number as an exact Decimal, msgspec would read a float. So no field here accepts a
float (``extra`` takes a decimal string or an integer): a file with ``"extra": 0.35``
fails to decode here and the careful path, which reads it exactly, takes the file.
``settings`` stays a plain dict; fastpath.py sends any float in it to the careful path.

A decoding error here is never reported to anyone: it only means "not the fast path's".
"""
from __future__ import annotations

from typing import Literal

import msgspec

# Fields with a closed set of values are Literals: msgspec checks them in C and hands back
# the one interned string of each value (its hash computed once, compared by identity),
# where a ``str`` field makes a new string for every seat.
Role = Literal["red", "sheriff", "black", "don"]
Stage = Literal["qualifying", "semifinal", "final"]
Result = Literal["red", "black", "draw", "annulled"]
Removal = Literal["fourth_foul", "disqualifying_foul"]
Clause = Literal["8.5.1", "8.5.2", "8.5.3", "8.5.4"]


class Penalty(msgspec.Struct, gc=False):
    clause: Clause
    reason: str  # no default in tournament-file.md: a missing reason is a missing field


class Seat(msgspec.Struct, gc=False):
    seat: int
    player: str
    role: Role
    fouls: int = 0
    removed: Removal | None = None
    extra: str | int = "0"  # a decimal string or an integer; never a float
    extra_approved: bool = False
    penalties: list[Penalty] | None = None
    gross_violation: bool = False


class FirstKilled(msgspec.Struct, gc=False):
    seat: int
    named: list[int] = []


class Game(msgspec.Struct, gc=False):
    id: str
    stage: Stage
    round: int
    table: int
    result: Result
    first_killed: FirstKilled | None  # required, null for a miss
    seats: list[Seat]
    judge: str | None = ""
    replay_of: str | None = None


class Player(msgspec.Struct, gc=False):
    id: str
    nickname: str


class Head(msgspec.Struct, gc=False):
    name: str
    ruleset: str
    participants: int
    games_before_final: int
    lot_seed: str
    settings: dict | None = None


class Document(msgspec.Struct, gc=False):
    format: str
    tournament: Head
    players: list[Player]
    games: list[Game]


DECODER = msgspec.json.Decoder(Document)
# What a file the fast path does not take raises while decoding (UnicodeDecodeError for
# bytes that are not UTF-8 is a ValueError).
NOT_OURS = (msgspec.MsgspecError, ValueError, RecursionError)  # RecursionError: nested thousands deep
