"""Ranking metrics and the tiebreak order (8.8.1–8.8.5), Tabbycat-style.

Each metric is a tiny declarative piece with a ``key``; a ruleset's ``tiebreaks`` is an
ordered list of keys. Higher is better for every metric here. Players equal on every
metric are ordered by the lot: ascending SHA-256 hex digest of ``lot_seed + ":" + id``
(8.8.5; reproducible, so the order never changes between recomputations).
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass
from itertools import groupby
from operator import attrgetter


@dataclass(frozen=True)
class Metric:
    key: str
    clause: str
    name: str
    attr: str  # the row attribute holding its value


METRICS = {m.key: m for m in (
    Metric("total", "8.8", "total points", "total_cents"),
    Metric("tiebreak_extra", "8.8.1", "extra points of 8.2.4, 8.3, 8.4, 8.5 (and replays)",
           "tiebreak_extra_cents"),
    Metric("wins", "8.8.2", "wins", "wins"),
    Metric("wins_as_don_or_sheriff", "8.8.3", "wins as don or sheriff",
           "wins_as_don_or_sheriff"),
    Metric("first_killed", "8.8.4", "times first-killed", "first_killed"),
)}


def lot_digest(lot_seed: str, player_id: str) -> str:
    return hashlib.sha256(f"{lot_seed}:{player_id}".encode()).hexdigest()


def rank(rows: list, tiebreaks: tuple[str, ...], lot_seed: str) -> list:
    """Order rows best first, set ``place`` (1..n) and ``decided_by_lot`` on each; return them."""
    key = attrgetter(*[METRICS[key].attr for key in tiebreaks])

    ordered = sorted(rows, key=key, reverse=True)
    out = []
    for _, group in groupby(ordered, key=key):
        group = list(group)
        if len(group) > 1:
            group.sort(key=lambda row: lot_digest(lot_seed, row.player))
            for row in group:
                row.decided_by_lot = True
        else:
            group[0].decided_by_lot = False
        out.extend(group)
    for place, row in enumerate(out, 1):
        row.place = place
    return out


def decided_at(a, b, tiebreaks: tuple[str, ...]) -> str:
    """The first metric key that orders rows a and b, or "lot" (for explanations and tests)."""
    for key in tiebreaks:
        attr = METRICS[key].attr
        if getattr(a, attr) != getattr(b, attr):
            return key
    return "lot"
