"""Orthogonal arrays: rounds in which any two tables of different rounds share as few players as
they can (the round-pair bound exactly).

* ``oa50_rounds``: 10 rounds of 5 tables over 50 players, from a generalised Hadamard matrix
  GH(10) over Z_5 (an OA(50, 10, 5, 2)).
* ``oa30_rounds``: up to 13 rounds of 3 tables over 30 players, from the ternary simplex code (an
  OA(27, 13, 3, 2)) plus 3 players; it breaks the pair cap, so the annealer starts from it.

The registry's entries: ``ORTHOGONAL_ARRAY_50`` and ``SIMPLEX_30`` (pairs mode).
"""
from __future__ import annotations

import itertools
import random

import numpy as np

from ..report import pair_cap
from .base import Built, Construction, Request, Use

# A generalised Hadamard matrix GH(10) over Z_5: in any two columns (and, as its transpose is one
# too, in any two rows) the differences take every value of Z_5 exactly twice. Found by a search
# over u*v, u^2, v^2 forms on the 2 x 2 blocks of GF(5) x {0, 1}; checked by the tests.
GH10_Z5 = (
    (0, 2, 3, 3, 2, 0, 3, 2, 2, 3),
    (4, 0, 0, 4, 2, 0, 2, 0, 4, 4),
    (1, 1, 0, 3, 0, 0, 1, 3, 1, 0),
    (1, 0, 3, 0, 1, 0, 0, 1, 3, 1),
    (4, 2, 4, 0, 0, 0, 4, 4, 0, 2),
    (0, 3, 2, 2, 3, 0, 1, 4, 4, 1),
    (1, 0, 0, 1, 3, 4, 3, 4, 2, 2),
    (4, 4, 0, 2, 0, 1, 3, 2, 3, 1),
    (4, 0, 2, 0, 4, 1, 1, 3, 2, 3),
    (1, 3, 1, 0, 0, 4, 2, 2, 4, 3),
)


def is_generalised_hadamard(matrix, order: int) -> bool:
    """Every two columns differ by every value of Z_order equally often."""
    m = np.asarray(matrix)
    n = m.shape[0]
    return all(
        (np.bincount((m[:, j] - m[:, k]) % order, minlength=order) == n // order).all()
        for j in range(m.shape[1])
        for k in range(j + 1, m.shape[1])
    )


def oa50_rounds() -> list[list[list[int]]]:
    """10 rounds of 5 tables over 50 players (0..49 = 5*i + x): in round j player (i, x) sits at
    table GH10_Z5[i][j] + x (mod 5). Any two tables of different rounds share exactly 2 players
    (an orthogonal array OA(50, 10, 5, 2)), so the round-pair bound is met exactly (std 0.548 for
    10 games); two players meet 0 or 2 times."""
    d = np.asarray(GH10_Z5)
    out = []
    for j in range(10):
        groups = [[] for _ in range(5)]
        for i in range(10):
            for x in range(5):
                groups[(d[i, j] + x) % 5].append(5 * i + x)
        out.append(groups)
    return out


def simplex_oa27() -> np.ndarray:
    """An orthogonal array OA(27, 13, 3, 2) as a 27 x 13 array over GF(3): row u, column p is the
    dot product u . p, u running over GF(3)^3 and p over the 13 points of the projective plane
    PG(2, 3) (first non-zero coordinate 1). Any two points are independent, so in any two
    columns every pair of symbols appears exactly 3 times (the words of the ternary simplex code:
    two rows agree in exactly 4 columns)."""
    points = [p for p in itertools.product(range(3), repeat=3) if any(p) and p[next(i for i in range(3) if p[i])] == 1]
    words = np.array(list(itertools.product(range(3), repeat=3)))
    return (words @ np.array(points).T) % 3


def oa30_rounds(games: int, seed: int = 0, sample: int = 4000) -> list[list[list[int]]]:
    """``games`` (at most 13) rounds of 3 tables over 30 players (0..29) in which any two rounds
    meet the round-pair bound exactly: the 27 rows of ``simplex_oa27`` plus 3 players a, a + s,
    a + 2s (mod 3, s in {1, 2}^G) that fill every table to 10. Two rounds then share 3 players at every pair of
    tables plus the 3 added ones, once each: intersection counts 3 and 4 only (36 shared pairs,
    the minimum). The 3 added players never meet each other; ``a``, ``s`` and the columns are chosen
    (a seeded sample) so that nobody meets more than ceil(lambda) + 1 times, then the highest
    lowest and lowest highest count."""
    if not 1 <= games <= 13:
        raise ValueError("the construction has 13 rounds")
    rng = np.random.default_rng(seed)
    oa = simplex_oa27()
    cap = pair_cap(30, games)
    best_key, best = None, None
    for _ in range(sample):
        columns = np.sort(rng.choice(13, games, replace=False))
        a = rng.integers(0, 3, games)
        step = rng.integers(1, 3, games)
        rows = np.vstack([oa[:, columns], (a + np.arange(3)[:, None] * step) % 3])
        agree = (rows[:, None, :] == rows[None, :, :]).sum(axis=2)
        m = agree[np.triu_indices(30, 1)]
        key = (int(np.maximum(0, m - cap).sum()), int(m.max()), -int(np.sort(m)[3]))  # 3 pairs are 0
        if best_key is None or key < best_key:
            best_key, best = key, rows
    return [[np.flatnonzero(best[:, c] == x).tolist() for x in range(3)] for c in range(games)]


class OrthogonalArray50(Construction):
    """50 players on 5 tables, pairs mode: up to 10 rounds of ``oa50_rounds`` (a seeded choice
    when the stage has fewer), any two at the round-pair bound, played as they are."""

    name = "orthogonal-array-50"
    use = Use.FROZEN

    def applies(self, request: Request) -> bool:
        return request.mode == "pairs" and (request.players, request.tables) == (50, 5)

    def build(self, request: Request) -> Built:
        rows = random.Random(request.seed).sample(oa50_rounds(), min(10, request.rounds))
        return Built(self.use, rows)


class Simplex30(Construction):
    """30 players on 3 tables, pairs mode, up to 13 rounds: the anneal starts from ``oa30_rounds``
    (at the round-pair bound but above the pair cap) and trades a little of the bound for the cap."""

    name = "simplex-30"
    use = Use.START

    def applies(self, request: Request) -> bool:
        return request.mode == "pairs" and (request.players, request.tables) == (30, 3) and request.rounds <= 13

    def build(self, request: Request) -> Built:
        return Built(self.use, oa30_rounds(request.rounds, request.seed))


ORTHOGONAL_ARRAY_50 = OrthogonalArray50()
SIMPLEX_30 = Simplex30()
