"""A protocol as plain data: what the judge enters for one game (RULES.md §2).

`ProtocolEntry` is what the entry pipeline parses from a plain mapping (parse.py), what the
services validate and store, what a `ProtocolVersion` keeps as JSON, and what the scoring core
checks (via `to_core_game`). It never touches the database except in `entry_from_game`.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, field
from decimal import Decimal
from typing import NamedTuple

from engines.scoring import model as core
from engines.scoring.bounds import SEAT_RANGE

SEAT_NUMBERS = tuple(range(SEAT_RANGE[0], SEAT_RANGE[1] + 1))


@dataclass
class SeatEntry:
    number: int
    player_id: int | None = None
    nickname: str = ""
    role: str = ""
    fouls: int = 0
    removed: str = ""
    left_how: str = ""
    left_on: int | None = None
    extra: Decimal = Decimal("0")
    extra_reason: str = ""
    extra_approved: bool = False
    gross_violation: bool = False


@dataclass
class PenaltyEntry:
    seat: int
    clause: str
    reason: str


@dataclass
class NominationEntry:
    day: int
    by_seat: int
    nominee_seat: int
    withdrawn: bool = False


@dataclass
class VoteEntry:
    day: int
    ballot: int
    nominee_seat: int | None
    votes: int


@dataclass
class ProtocolEntry:
    seats: list[SeatEntry] = field(default_factory=lambda: [SeatEntry(n) for n in SEAT_NUMBERS])
    nominations: list[NominationEntry] = field(default_factory=list)
    votes: list[VoteEntry] = field(default_factory=list)
    penalties: list[PenaltyEntry] = field(default_factory=list)
    first_killed_seat: int | None = None
    best_move: list[int] = field(default_factory=list)
    result: str = ""
    result_kind: str = "normal"
    awarded_reason: str = ""

    def seat(self, number: int) -> SeatEntry | None:
        for s in self.seats:
            if s.number == number:
                return s
        return None

    @property
    def days(self) -> list[int]:
        return sorted({n.day for n in self.nominations} | {v.day for v in self.votes})

    def to_data(self) -> dict:
        """JSON-safe dict (decimals as strings) for a ProtocolVersion."""
        data = asdict(self)
        for s in data["seats"]:
            s["extra"] = format(Decimal(s["extra"]).normalize(), "f") if s["extra"] else "0"
        return data


def entry_from_game(game) -> ProtocolEntry:
    """The stored protocol of `game` (seats, day record, penalties) as an entry."""
    seats_by_number = {s.number: s for s in game.seats.select_related("player").prefetch_related("penalties")}
    seats, penalties = [], []
    for n in SEAT_NUMBERS:
        s = seats_by_number.get(n)
        if s is None:
            seats.append(SeatEntry(n))
            continue
        seats.append(SeatEntry(
            number=n, player_id=s.player_id, nickname=s.player.nickname, role=s.role, fouls=s.fouls,
            removed=s.removed, left_how=s.left_how, left_on=s.left_on, extra=s.extra,
            extra_reason=s.extra_reason, extra_approved=s.extra_approved, gross_violation=s.gross_violation,
        ))
        penalties += [PenaltyEntry(n, p.clause, p.reason) for p in s.penalties.all()]
    return ProtocolEntry(
        seats=seats,
        nominations=[NominationEntry(x.day, x.by_seat, x.nominee_seat, x.withdrawn) for x in game.nominations.all()],
        votes=[VoteEntry(v.day, v.ballot, v.nominee_seat, v.votes) for v in game.votes.all()],
        penalties=penalties,
        first_killed_seat=game.first_killed_seat,
        best_move=[int(x) for x in (game.best_move or []) if isinstance(x, int)],
        result=game.result,
        result_kind=game.result_kind,
        awarded_reason=game.awarded_reason,
    )


def to_core_game(entry: ProtocolEntry, *, game_id: str, stage: str, round_number: int, table: int,
                 replay_of: str | None = None, player_ids: dict[int, str] | None = None) -> core.Game:
    """The entry as the scoring core's Game, for `engines.scoring.validation.check_game`, or, with
    `player_ids` (player pk -> the tournament's file id, scoring_records.Loaded), for scoring it."""
    player_ids = player_ids or {}
    by_seat: dict[int, list[core.Penalty]] = {}
    for p in entry.penalties:
        by_seat.setdefault(p.seat, []).append(core.Penalty(p.clause, p.reason))
    seats = tuple(
        core.Seat(
            s.number, player_ids.get(s.player_id) or (f"#{s.player_id}" if s.player_id else f"seat-{s.number}"), s.role, s.fouls,
            s.removed or None, s.extra, s.extra_approved, tuple(by_seat.get(s.number, ())), s.gross_violation,
        )
        for s in entry.seats
    )
    first_killed = None
    if entry.first_killed_seat is not None:
        first_killed = core.FirstKilled(entry.first_killed_seat, tuple(entry.best_move))
    return core.Game(game_id, stage, round_number, table, "", entry.result, replay_of, first_killed, seats)


class Change(NamedTuple):
    """One changed value between two versions: seat (or None), the entry's key, old, new."""

    seat: int | None
    key: str
    old: object
    new: object

    def __str__(self):
        where = f"seat {self.seat} {self.key}" if self.seat is not None else self.key
        return f"{where}: {_show(self.old)} → {_show(self.new)}"


def diff_data(old: dict | None, new: dict) -> list[Change]:
    """What changed between two `to_data` dicts (for the history and the conflict message;
    presentation.change_text words it in the page's language)."""
    # Not django-simple-history's diff_against, which compares two historical rows of one model:
    # a protocol version is one document of a game, its ten seats, penalties, nominations and
    # votes (ProtocolVersion.data), and a change reads per seat across those rows.
    if old is None:
        return []
    changes: list[Change] = []
    old_seats = {s["number"]: s for s in old.get("seats", [])}
    for s in new.get("seats", []):
        o = old_seats.get(s["number"], {})
        for key, value in s.items():
            if key not in ("number", "nickname") and o.get(key) != value:
                changes.append(Change(s["number"], key, o.get(key), value))
    for key in ("first_killed_seat", "best_move", "result", "result_kind", "awarded_reason"):
        if old.get(key) != new.get(key):
            changes.append(Change(None, key, old.get(key), new.get(key)))
    for key in ("nominations", "votes", "penalties"):
        before, after = _items(key, old.get(key)), _items(key, new.get(key))
        if before == after:
            continue  # the same rows, perhaps read in another order: nothing changed
        if len(before) != len(after):
            changes.append(Change(None, key, len(before), len(after)))
        else:  # as many rows as before: which ones went and which came ("9 → 9" said nothing)
            gone, came = list(before), list(after)
            for item in after:
                if item in gone:
                    gone.remove(item)
                    came.remove(item)
            changes.append(Change(None, key, gone, came))
    return changes


def _items(key: str, rows) -> list[str]:
    """A day record's or the penalties' rows as short texts, sorted: two versions compare as sets
    of rows (the database may hand them back in another order)."""
    out = []
    for r in rows or []:
        if key == "nominations":
            out.append(f"{r.get('day')}: {r.get('by_seat')}→{r.get('nominee_seat')}{' ×' if r.get('withdrawn') else ''}")
        elif key == "votes":
            out.append(f"{r.get('day')}.{r.get('ballot')}: {r.get('nominee_seat')} ({r.get('votes')})")
        else:
            out.append(f"{r.get('seat')}: {r.get('clause')}")
    return sorted(out)


def _show(value) -> str:
    if value in (None, "", []):
        return "—"
    if isinstance(value, list):
        return ", ".join(str(v) for v in value)
    return str(value)
