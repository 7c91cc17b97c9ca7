"""Hadamard matrices: rounds of 2 tables for 20 players.

* ``hadamard_rounds_20``: rows of a Hadamard matrix of order 20 (Paley), + at one table and - at
  the other; any two rounds are orthogonal, so they meet the round-pair bound exactly.
* ``complementary_rounds_20``: rows of Paley's matrix of order 12, 20 or 24 and their negatives,
  every player at each table equally often.

The registry's entries: ``HADAMARD_20`` (pairs mode) and ``COMPLEMENTARY_20`` (near and tables
modes).
"""
from __future__ import annotations

import functools
import itertools
import math

import numpy as np

from .. import solvers
from ..report import lowest_shared, meetings, pair_cap
from .base import Built, Construction, Request, Use


def hadamard_20() -> np.ndarray:
    """A normalised Hadamard matrix of order 20 (Paley construction from the quadratic residues
    mod 19): first row all ones, rows pairwise orthogonal."""
    return paley_hadamard(19)


def paley_hadamard(q: int) -> np.ndarray:
    """Paley's normalised Hadamard matrix of order q + 1, for a prime q = 3 mod 4 (11, 19, 23):
    first row all ones, rows pairwise orthogonal."""
    if q % 4 != 3 or any(q % d == 0 for d in range(2, int(q**0.5) + 1)):
        raise ValueError("Paley's construction needs a prime q = 3 mod 4")
    squares = {(x * x) % q for x in range(1, q)}

    def chi(a: int) -> int:
        return 0 if a % q == 0 else (1 if a % q in squares else -1)

    s = np.zeros((q + 1, q + 1), dtype=int)
    s[0, 1:] = 1
    s[1:, 0] = -1
    s[1:, 1:] = [[chi(j - i) for j in range(q)] for i in range(q)]
    h = np.eye(q + 1, dtype=int) + s
    return h * h[0]


def best_hadamard_rows(games: int, seed: int = 0, sample: int = 60000) -> list[int]:
    """Which ``games`` of the 19 balanced rows of ``hadamard_20`` to play: every choice meets the
    round-pair bound, so pick one with the fewest pair counts above ceil(lambda) + 1, then the
    lowest maximum, then the highest minimum (all subsets, or a seeded sample of them)."""
    rng = np.random.default_rng(seed)
    h = hadamard_20()[1:].astype(np.float32)
    iu = np.triu_indices(20, 1)
    products = h[:, iu[0]] * h[:, iu[1]]  # 19 x 190: +1 where a pair shares the table
    games = min(games, 19)
    total = math.comb(19, games)
    if total <= sample:
        subsets = np.array(list(itertools.combinations(range(19), games)), dtype=np.intp)
    else:
        subsets = np.array([np.sort(rng.choice(19, games, replace=False)) for _ in range(sample)], dtype=np.intp)
    subsets = subsets[rng.permutation(len(subsets))]
    chosen = np.zeros((len(subsets), 19), dtype=np.float32)
    chosen[np.arange(len(subsets))[:, None], subsets] = 1
    meetings = (games + chosen @ products) / 2
    cap = pair_cap(20, games)
    over = np.maximum(0, meetings - cap).sum(axis=1)
    best = np.lexsort((-meetings.min(axis=1), meetings.max(axis=1), over))[0]
    return [int(r) for r in subsets[best]]


def hadamard_rounds_20() -> list[list[list[int]]]:
    """19 rounds of 2 tables over 20 players (0..19): rows 2..20 of a normalised Hadamard matrix,
    + at one table and - at the other. Any two rounds are orthogonal, so any two tables of
    different rounds share exactly 5 players: the round-pair bound is met exactly (std 1.116 for
    10 games)."""
    h = hadamard_20()
    return [[np.flatnonzero(row > 0).tolist(), np.flatnonzero(row < 0).tolist()] for row in h[1:]]


def best_flips(rounds: list[list[list[int]]], players: int) -> list[int]:
    """For rounds of 2 tables: which rounds to play with the tables swapped (1) so that every
    player's count at table 1 is as close to half his games as possible (exhaustive up to 2^16
    choices, else greedy)."""
    n = len(rounds)
    sign = np.zeros((n, players), dtype=np.int64)
    for r, (first, second) in enumerate(rounds):
        sign[r, first] = 1
        sign[r, second] = -1
    if n <= 16:
        flips = ((np.arange(2**n)[:, None] >> np.arange(n)[None, :]) & 1).astype(np.int64)
        totals = (1 - 2 * flips) @ sign  # 2^n x players
        score = (totals**2).sum(axis=1) * 1000 + np.abs(totals).max(axis=1)
        return flips[int(np.argmin(score))].tolist()
    chosen = [0] * n
    for r in range(n):
        current = sum((1 - 2 * chosen[k]) * sign[k] for k in range(r)) if r else np.zeros(players, dtype=np.int64)
        keep = ((current + sign[r]) ** 2).sum()
        swap = ((current - sign[r]) ** 2).sum()
        chosen[r] = int(swap < keep)
    return chosen


def complementary_rounds_20(games: int) -> list[list[list[int]]] | None:
    """``games`` rounds of 2 tables over 20 players, every player at each table games / 2 times,
    from Paley's Hadamard matrix of order ``games`` (12, 20 or 24; else None). Players 2i and
    2i + 1 are row i + 1 of the matrix and its negative (i < 10), and a player sits at table 0 in
    round r when his entry in column r is +1. Every row but the first has games / 2 entries +1,
    each column has one +1 in each pair of players, and two rows agree in exactly games / 2
    columns, so two players meet games / 2 times, but a row and its negative never meet. At 12
    games: std 1.340, the least any seating with every table count at 6 can have
    (``report.table_balanced_shared``), every pair within the cap of 7."""
    if games not in (12, 20, 24):
        return None
    h = paley_hadamard(games - 1)[1:11]
    signs = np.repeat(h, 2, axis=0) * np.tile([1, -1], 10)[:, None]  # player x round
    return [[np.flatnonzero(signs[:, r] == 1).tolist(), np.flatnonzero(signs[:, r] == -1).tolist()] for r in range(games)]


_PLAYERS = 20  # every round of this module seats 20 players at 2 tables

# the near-bound repair and the tabu search share what the anneal would have had: at most this
# many seconds for the repair, and half the budget for the search
_NEAR_BOUND_SECONDS = 18.0
_NEAR_BOUND_SHARE = 2.4
_SEARCH_SHARE = 0.5


def _rows(rounds: int, seed: int, cap: int, time_limit: float | None):
    """The rows ``HadamardRows20`` plays (``best_hadamard_rows``) and, where one puts a pair above
    the cap, ``exact.near_bound``'s rounds within it (or None)."""
    every = hadamard_rounds_20()
    rows = [every[i] for i in best_hadamard_rows(rounds, seed)]
    repaired = None
    if meetings(rows, _PLAYERS).max() > cap:
        repaired = solvers.exact().near_bound(
            _PLAYERS, [np.asarray(r) for r in rows], cap, np.random.default_rng(seed), time_limit=time_limit
        )
    return rows, repaired


@functools.lru_cache(maxsize=8)
def _rows_once(rounds: int, seed: int, cap: int):
    """``_rows`` without a time limit, which gives the same rows for the same arguments: ``generate``
    with a budget above the default runs the default first, and the SAT repair (about half of
    either run) is then done once. Callers copy the arrays before changing them."""
    return _rows(rounds, seed, cap, None)


class HadamardRows20(Construction):
    """20 players on 2 tables, pairs mode, up to 19 rounds: rows of ``hadamard_rounds_20``
    (``best_hadamard_rows``), played as they are. Where every choice puts a pair above the cap,
    ``exact.near_bound`` re-solves them within it, keeping every two rounds at the round-pair
    bound but for as few pairs of rounds as it finds, and the tabu search lowers the shared pairs
    from there within the cap. The rounds' tables are swapped (``best_flips``) so that everybody
    sits at each table about as often."""

    name = "hadamard-20"
    use = Use.FROZEN

    def applies(self, request: Request) -> bool:
        return request.mode == "pairs" and (request.players, request.tables) == (20, 2) and request.rounds <= 19

    def build(self, request: Request) -> Built:
        players, cap, seed, iterations, time_limit = (
            request.players, request.cap, request.seed, request.iterations, request.time_limit
        )
        if iterations is not None:
            rows, repaired = _rows_once(request.rounds, seed, cap)
            rows = [list(r) for r in rows]
            repaired = None if repaired is None else [g.copy() for g in repaired]
        else:
            rows, repaired = _rows(request.rounds, seed, cap, min(_NEAR_BOUND_SECONDS, _NEAR_BOUND_SHARE * time_limit))
        stats = None
        if meetings(rows, players).max() > cap:
            found, tstats = solvers.tabu().tabu_groups(
                players,
                [],
                repaired or [np.asarray(r) for r in rows],
                seed,
                iterations=None if iterations is None else max(1, int(iterations * _SEARCH_SHARE)),
                time_limit=None if iterations is not None else time_limit * _SEARCH_SHARE,
                cap=cap,
                target=lowest_shared(players, request.games, request.tables),
            )
            if meetings(found, players).max() <= cap:
                rows = [g.tolist() for g in found]
                stats = tstats
            elif repaired is not None:
                rows = [g.tolist() for g in repaired]
        rows = [row[::-1] if flip else row for row, flip in zip(rows, best_flips(rows, players))]
        return Built(self.use, rows, stats=stats)


class ComplementaryRounds20(Construction):
    """20 players on 2 tables, near and tables modes, 12, 20 or 24 games: the whole stage from
    ``complementary_rounds_20`` (every table count at games / 2, every pair at most games / 2
    times), where the band and the cap allow that."""

    name = "complementary-20"
    use = Use.STAGE

    def applies(self, request: Request) -> bool:
        half = request.rounds // 2
        return (
            request.band is not None
            and (request.players, request.tables) == (20, 2)
            and request.band[0] <= half <= request.band[1]
            and request.cap >= half
        )

    def build(self, request: Request) -> Built | None:
        rounds = complementary_rounds_20(request.rounds)
        return None if rounds is None else Built(self.use, rounds)


HADAMARD_20 = HadamardRows20()
COMPLEMENTARY_20 = ComplementaryRounds20()
