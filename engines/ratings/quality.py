"""How well forecasts predicted the games they were made for (spec/rating.md's measures): the
log-loss and the Brier score over the games red or black won (a draw says nothing about who was
favoured), and the calibration: the games sorted by forecast and cut into ten groups of (nearly)
equal size, each with its mean forecast and the share red actually won. A forecast that says
60 % should see red win six games in ten.

Forecasts are clamped to [1e-4, 1 - 1e-4], as the files show them (4 decimals): one certain
forecast that failed would otherwise make the log-loss infinite.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

EPS = 1e-4
GROUPS = 10


@dataclass(frozen=True, slots=True)
class Group:
    games: int
    mean_forecast: float
    red_share: float
    low: float
    high: float


@dataclass(frozen=True, slots=True)
class Assessment:
    games: int
    log_loss: float | None
    brier: float | None
    groups: tuple[Group, ...]


def _clamp(p: float) -> float:
    return min(1.0 - EPS, max(EPS, p))


def assess(results, forecasts, groups: int = GROUPS) -> Assessment:
    """The measures of ``forecasts`` (P(red) of each game) against ``results`` ("red", "black" or
    "draw", in the same order); draws are left out. No games: None for the scores."""
    pairs = [(_clamp(p), 1.0 if r == "red" else 0.0) for r, p in zip(results, forecasts, strict=True) if r in ("red", "black")]
    n = len(pairs)
    if not n:
        return Assessment(0, None, None, ())
    log_loss = -sum(y * math.log(p) + (1.0 - y) * math.log(1.0 - p) for p, y in pairs) / n
    brier = sum((p - y) ** 2 for p, y in pairs) / n
    ordered = sorted(pairs)
    cut = [round(i * n / groups) for i in range(groups + 1)]
    out = []
    for lo, hi in zip(cut, cut[1:]):
        chunk = ordered[lo:hi]
        if chunk:
            out.append(Group(len(chunk), sum(p for p, _y in chunk) / len(chunk), sum(y for _p, y in chunk) / len(chunk),
                             chunk[0][0], chunk[-1][0]))
    return Assessment(n, log_loss, brier, tuple(out))
