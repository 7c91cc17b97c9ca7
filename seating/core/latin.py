"""Latin-square constructions used as starting points and for the final.

* ``williams_square(n)``: a row-complete Latin square of even order n (Williams 1949): row i is
  (0, 1, n-1, 2, n-2, ...) + i mod n, so every ordered pair of distinct symbols is adjacent in
  exactly one row.
* ``MOLS_10``: a pair of orthogonal Latin squares of order 10 (the Euler-conjecture
  counterexample family, Parker 1959); whether 3 exist is open. With 100 players on a 10 x 10
  grid, rows, columns and the symbols of the two squares give 4 rounds of 10 tables in which no
  pair meets twice.
* ``oa30_rounds(G)``: up to 13 rounds of 3 tables over 30 players, any two at the round-pair bound
  exactly (the ternary simplex code, an OA(27, 13, 3, 2), plus 3 players); it breaks the pair cap
  ceil(lambda) + 1 (some pairs meet 5-7 times), so it is the annealer's start, not a result.
* ``cyclic_rounds_30()``: 12 rounds of 3 tables over 30 players, the images of one round under a
  permutation of the players, any two at the round-pair bound exactly and nobody meeting more
  than 5 times; ``cyclic_rounds_30_within_cap(G)`` picks G of them within the cap, and the
  generator plays them (10 games: std 0.959, 12 games: 0.883, the bounds).
"""
from __future__ import annotations

import itertools
import math

import numpy as np

from .report import pair_cap

MOLS_10 = (
    (
        (5, 8, 4, 1, 2, 0, 3, 9, 6, 7),
        (2, 3, 1, 6, 8, 5, 7, 4, 9, 0),
        (3, 4, 0, 9, 5, 1, 2, 7, 8, 6),
        (9, 0, 8, 5, 4, 2, 6, 1, 7, 3),
        (6, 2, 7, 4, 1, 3, 8, 5, 0, 9),
        (1, 9, 6, 2, 3, 7, 4, 0, 5, 8),
        (8, 1, 2, 7, 9, 4, 0, 6, 3, 5),
        (0, 6, 9, 3, 7, 8, 5, 2, 4, 1),
        (4, 7, 5, 8, 0, 6, 9, 3, 1, 2),
        (7, 5, 3, 0, 6, 9, 1, 8, 2, 4),
    ),
    (
        (6, 5, 0, 7, 3, 4, 1, 8, 2, 9),
        (1, 0, 9, 4, 8, 3, 2, 6, 7, 5),
        (7, 4, 2, 3, 0, 8, 6, 5, 9, 1),
        (0, 8, 1, 2, 9, 7, 5, 3, 4, 6),
        (3, 2, 7, 8, 5, 9, 0, 1, 6, 4),
        (2, 1, 8, 9, 4, 6, 7, 0, 5, 3),
        (4, 6, 5, 0, 2, 1, 3, 9, 8, 7),
        (9, 7, 6, 5, 1, 2, 8, 4, 3, 0),
        (5, 3, 4, 6, 7, 0, 9, 2, 1, 8),
        (8, 9, 3, 1, 6, 5, 4, 7, 0, 2),
    ),
)


def is_latin(square) -> bool:
    a = np.asarray(square)
    n = len(a)
    full = set(range(n))
    return all(set(row) == full for row in a) and all(set(col) == full for col in a.T)


def are_orthogonal(first, second) -> bool:
    a, b = np.asarray(first), np.asarray(second)
    return len(set(zip(a.ravel().tolist(), b.ravel().tolist()))) == a.size


def williams_square(n: int) -> list[list[int]]:
    """Row-complete Latin square of even order n."""
    if n % 2:
        raise ValueError("a row-complete Latin square of this construction needs an even order")
    first = [0]
    low, high = 1, n - 1
    while len(first) < n:
        first.append(low)
        low += 1
        if len(first) < n:
            first.append(high)
            high -= 1
    return [[(x + i) % n for x in first] for i in range(n)]


def grid_rounds_100() -> list[list[list[int]]]:
    """4 rounds of 10 tables over 100 players (0..99 = 10*row + column), no pair twice."""
    cells = np.arange(100).reshape(10, 10)
    rounds = [cells.tolist(), cells.T.tolist()]
    for square in MOLS_10:
        s = np.asarray(square)
        rounds.append([cells[s == symbol].tolist() for symbol in range(10)])
    return rounds


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
    import itertools

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


# 30 players on 3 tables: a round whose images under the permutation PI_30 (cycles 0..11,
# 12..23 and 24..29, each player to the next in its cycle) make 12 rounds, any two at the
# round-pair bound exactly, with nobody meeting more than 5 times (the cap for 10 and 12 games).
# A SAT search over rounds invariant under a permutation of this cycle type found it in about
# 25 s; ``bench/seating_constructions.py`` finds it again and checks it. The simplex code
# (``oa30_rounds``) meets the bound too but cannot keep the cap: there the 3 added players meet
# some of the other 27 six times or more, whichever way they sit.
CYCLIC_30_BASE = (
    (0, 7, 12, 13, 15, 16, 21, 23, 26, 27),
    (4, 6, 8, 9, 14, 18, 19, 24, 25, 28),
    (1, 2, 3, 5, 10, 11, 17, 20, 22, 29),
)
CYCLIC_30_CYCLES = (12, 12, 6)


def cycle_permutation(lengths) -> list[int]:
    """The permutation with consecutive cycles of these lengths: 0 -> 1 -> ... -> l1-1 -> 0, then
    l1 -> ... (``lengths`` summing to the number of players)."""
    image, start = [], 0
    for length in lengths:
        image += [start + (i + 1) % length for i in range(length)]
        start += length
    return image


def cyclic_rounds_30() -> list[list[list[int]]]:
    """The 12 rounds PI_30^i(CYCLIC_30_BASE), i = 0..11: any two share 3 or 4 players at every
    pair of tables (the round-pair bound, std 0.883 of the pair counts over all 12), and two
    players meet 1 to 5 times."""
    step = cycle_permutation(CYCLIC_30_CYCLES)
    rounds, groups = [], [list(g) for g in CYCLIC_30_BASE]
    for _ in range(12):
        rounds.append([sorted(g) for g in groups])
        groups = [[step[p] for p in g] for g in groups]
    return rounds


def cyclic_rounds_30_within_cap(games: int) -> list[list[list[int]]] | None:
    """``games`` of the 12 cyclic rounds (30 players play every round, so a round a game) with
    nobody above the pair cap ceil(lambda) + 1, the lowest highest and highest lowest count
    first; None when no choice keeps the cap (3, 5, 6 and 9 games). Any choice is at the
    round-pair bound."""
    if not 1 <= games <= 12:
        raise ValueError("the construction has 12 rounds")
    every = cyclic_rounds_30()
    member = np.zeros((12, 30, 3), dtype=np.int64)
    for r, rnd in enumerate(every):
        for g, group in enumerate(rnd):
            member[r, group, g] = 1
    together = np.einsum("rpg,rqg->rpq", member, member)  # round r: do p and q share a table
    upper = np.triu_indices(30, 1)
    cap = pair_cap(30, games)
    best_key, best = None, None
    for chosen in itertools.combinations(range(12), games):
        counts = together[list(chosen)].sum(axis=0)[upper]
        key = (int(counts.max()), -int(counts.min()))
        if counts.max() <= cap and (best_key is None or key < best_key):
            best_key, best = key, chosen
    return None if best is None else [every[r] for r in best]


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
