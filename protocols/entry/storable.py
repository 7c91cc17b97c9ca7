"""What a protocol entry must be for the database to hold it, checked before any save.

The pipeline's parser (parse.py) only makes values of these ranges, but the services are the door
for every caller (the page, the API, the admin, a protest's amendment): a fouls count of 10^30, a role of
3,000 characters or a NUL in a reason would otherwise reach the database as an IntegrityError or
a DataError. Every bound is engines/scoring/bounds.py's (docs/input-bounds.md); the rules' own checks
(rules.py) come after these and word the finer faults.
"""
from __future__ import annotations

from decimal import Decimal

from engines.scoring.bounds import (
    BALLOT_RANGE,
    DAY_RANGE,
    EXTRA_RANGE,
    FOULS_RANGE,
    LEFT_ON_RANGE,
    REASON_MAX,
    SEAT_RANGE,
    VOTES_RANGE,
    number_problem,
    shown,
    text_problem,
)
from engines.scoring.problems import Problem

from ..vocabulary import GameResult, LeftHow, PenaltyClause, Removal, ResultKind, Role
from .model import SEAT_NUMBERS, ProtocolEntry

PLAYER_ID_RANGE = (1, 2**31 - 1)


def storable_problems(entry: ProtocolEntry, reason: str) -> list[Problem]:
    """Every value of the entry (and the reason of its change) that no column holds."""
    found: list[Problem | None] = [text_problem(reason, REASON_MAX, field="reason")]
    # the ten seats, each once: a seat named twice leaves another without its row
    numbers = [s.number for s in entry.seats]
    if len(numbers) != len(SEAT_NUMBERS):
        found.append(Problem(None, None, "seats", "seat_count", params={"seats": len(numbers)}))
    seen = set()
    for number in numbers:
        if number in seen:
            found.append(Problem(None, None, "seats", "seat_repeated", params={"seat": shown(number)}))
        seen.add(number)
    for s in entry.seats:
        found += _seat(s)
    for p in entry.penalties:
        seat_ok = number_problem(p.seat, SEAT_RANGE, field="penalties")
        found.append(seat_ok)
        seat = p.seat if seat_ok is None else None
        if p.clause not in PenaltyClause.values:
            found.append(Problem(None, seat, "penalties", "penalty_without_clause", clause="8.5"))
        found.append(text_problem(p.reason, REASON_MAX, seat=seat, field="penalties"))
    for n in entry.nominations:
        found += [number_problem(n.day, DAY_RANGE, field="nominations"),
                  number_problem(n.by_seat, SEAT_RANGE, field="nominations"),
                  number_problem(n.nominee_seat, SEAT_RANGE, field="nominations")]
    for v in entry.votes:
        found += [number_problem(v.day, DAY_RANGE, field="votes"), number_problem(v.ballot, BALLOT_RANGE, field="votes"),
                  number_problem(v.votes, VOTES_RANGE, field="votes")]
        if v.nominee_seat is not None:
            found.append(number_problem(v.nominee_seat, SEAT_RANGE, field="votes"))
    if entry.first_killed_seat is not None:
        found.append(number_problem(entry.first_killed_seat, SEAT_RANGE, field="first_killed"))
    found += [number_problem(n, SEAT_RANGE, field="best_move") for n in entry.best_move]
    if entry.result and entry.result not in GameResult.values:
        found.append(Problem(None, None, "result", "not_a_result", params={"value": shown(entry.result)}))
    if entry.result_kind not in ResultKind.values:
        found.append(Problem(None, None, "result", "not_a_result", params={"value": shown(entry.result_kind)}))
    found.append(text_problem(entry.awarded_reason, REASON_MAX, field="awarded_reason"))
    return [p for p in found if p is not None]


def _seat(s) -> list[Problem | None]:
    number_ok = number_problem(s.number, SEAT_RANGE, field="seat")
    n = s.number if number_ok is None else None
    found = [number_ok, number_problem(s.fouls, FOULS_RANGE, seat=n, field="fouls")]
    if s.player_id is not None:
        found.append(number_problem(s.player_id, PLAYER_ID_RANGE, seat=n, field="player"))
    if s.left_on is not None:
        found.append(number_problem(s.left_on, LEFT_ON_RANGE, seat=n, field="left_on"))
    if s.role and s.role not in Role.values:
        found.append(Problem(None, n, "role", "not_a_role", params={"value": shown(s.role)}))
    if s.removed and s.removed not in Removal.values:
        found.append(Problem(None, n, "removed", "not_a_removal", params={"value": shown(s.removed)}))
    if s.left_how and s.left_how not in LeftHow.values:
        found.append(Problem(None, n, "left_how", "not_a_way_to_leave", params={"value": shown(s.left_how)}))
    extra = s.extra
    low, high = EXTRA_RANGE
    if not (isinstance(extra, Decimal) and extra.is_finite() and low <= extra <= high and extra == extra.quantize(Decimal("0.01"))):
        found.append(Problem(None, n, "extra", "not_an_amount", params={"value": shown(extra)}))
    found.append(text_problem(s.extra_reason, REASON_MAX, seat=n, field="extra_reason"))
    return found
