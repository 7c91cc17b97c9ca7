"""What no seating can do: 20 players x 8 games on 2 tables, the pair cap with the table band,
and the opponents' bound with the pair cap; 20 x 12, the opponents' bound with the pair cap.

Run: ``.venv/bin/python bench/seating_limits.py`` (about two and a half minutes on the reference
machine). The second part uses the SAT solver the generator already depends on (python-sat); the
third part (``hadamard_choices``) rests on two published theorems, named there.

The generator's cap is ceil(lambda) + 1 = 5 meetings here, and the balance modes hold every
player's count at each table in a band: 3..5 for "near", exactly 4 for "tables". This script
searches every seating exhaustively and prints whether one keeps the cap and the band together.
It finds none for "near" and "tables", and finds one for the wider band 2..6 as a check that the
search can succeed. This is why the near and tables modes leave pairs above the cap at 20 x 8:
the time budget is not the reason.

The model: with 20 players on 2 tables everybody plays every round, so a player is the word of
his 8 rounds (1 = table 1, 0 = table 2). His count at table 1 is the word's weight, and two
players meet 8 - distance times, so the cap means distance >= 3. Every round seats 10 at table 1,
so every coordinate has exactly 10 ones.

Why the search may start from one fixed word:
- Some word has weight 3 or 5. Otherwise all 20 words have weight 4 and distance >= 4, which
  exceeds A(8, 4, 4) = 14.
- Complementing every word keeps the band, the distances and the 10 ones per coordinate. So some
  word has weight 3.
- Permuting the rounds changes nothing. So that word may be taken as 00000111.
For the band 4..4 the start is 00001111 by the same permutation argument.
"""
from __future__ import annotations

import itertools
import os
import sys
import time

import numpy as np
from pysat.card import ITotalizer
from pysat.solvers import Cadical153

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from engines.seating.constructions.hadamard import hadamard_20  # noqa: E402
from engines.seating.exact import Model  # noqa: E402

# Two more Hadamard matrices of order 20: one that a SAT search found (19 balanced, pairwise
# orthogonal rows below an all-ones row), and Paley's second construction (from GF(9)). With the
# first Paley matrix ``hadamard.hadamard_20`` the three are pairwise inequivalent: ``hadamard_choices``
# gives each a different count, an invariant of equivalence.
OTHER_HADAMARD_20 = (
    """
    ++++++++++++++++++++
    +--+-+++-+--++--++--
    +++-++-+++--+-----+-
    +++++-++---+--+--+--
    ++-----+-+-+++++---+
    +-+--+-+--+--+++-++-
    ++-+--+++-+--+----++
    ++++-+--+--+-+-++---
    ++---++---+++-+-+-+-
    +-+++-------+++-+-++
    ++--+---+++--++-++--
    +-+-+++--+++-+-----+
    +-+----++-+++---++-+
    +-++--+-+++-+-++----
    +---+-+-+--+++-+-++-
    +---+++++-----+++--+
    +++---+--+-----+++++
    +--++--+-+++---++-+-
    ++-+++----+-+--+-+-+
    +--+-+--++-+--+--+++
    """,
    """
    +++-+-+-+-+-+-+-+-+-
    +-------------------
    +-+++-+-+--+-++--+-+
    --+-------++++--++++
    +-+-+++--++--+-++--+
    ----+---++--++++--++
    +-+-+-++-+-++--+-++-
    ------+-++++--++++--
    +-+--+-++++-+-+--+-+
    ----+++++-------++++
    +--++--++-+++--++--+
    --++--++--+---++--++
    +--+-++-+-+-++-+-++-
    --++++------+-++++--
    +-+--+-++--+-++++-+-
    ----++++--+++++-----
    +--++--+-++--++-+++-
    --++--++++--++--+---
    +--+-++--+-++-+-+-++
    --++++--++++------+-
    """,
)


def seating_exists(low: int, high: int, games: int = 8, players: int = 20, first: int = 0b111) -> tuple[bool, int]:
    """Whether ``players`` words of length ``games`` exist with weights in low..high, pairwise
    distance >= 3, and exactly players / 2 ones in every coordinate, one of them ``first``.
    Returns (found, nodes searched). A clique search over bitsets: candidates are taken lowest
    first, and a branch is cut when a coordinate can no longer reach players / 2 ones or zeros."""
    half = players // 2
    words = [w for w in range(1 << games) if low <= w.bit_count() <= high]
    far = [sum(1 << j for j, b in enumerate(words) if (a ^ b).bit_count() >= 3) for a in words]
    with_bit = [sum(1 << i for i, w in enumerate(words) if w >> c & 1) for c in range(games)]
    nodes = 0

    def extend(k: int, candidates: int, ones: list[int]) -> bool:
        nonlocal nodes
        nodes += 1
        if k == players:
            return True
        for c in range(games):
            need_ones, need_zeros = half - ones[c], half - (k - ones[c])
            if need_ones < 0 or need_zeros < 0:
                return False
            if need_ones == 0:
                candidates &= ~with_bit[c]
            if need_zeros == 0:
                candidates &= with_bit[c]
            have_ones = (candidates & with_bit[c]).bit_count()
            if have_ones < need_ones or candidates.bit_count() - have_ones < need_zeros:
                return False
        while candidates.bit_count() >= players - k:
            v = (candidates & -candidates).bit_length() - 1
            candidates &= ~(1 << v)
            w = words[v]
            if extend(k + 1, candidates & far[v], [ones[c] + (w >> c & 1) for c in range(games)]):
                return True
        return False

    start = words.index(first)
    found = extend(1, far[start], [first >> c & 1 for c in range(games)])
    return found, nodes


def orthogonal_within_cap(games: int, cap: int, off: int) -> bool:
    """Whether 20 players x ``games`` games on 2 tables can keep every pair within ``cap``
    meetings with at most ``off`` pairs of rounds not orthogonal.

    Part two of the model above, for the pairs mode. Two rounds are columns of the 20 x games
    0/1 matrix with 10 ones each; if k players sit at table 1 in both, the pairs that share a
    table in both rounds number 2 C(k, 2) + 2 C(10 - k, 2): 40 (the round-pair bound's m(2)) at
    k = 5, "orthogonal", 42 at k = 4 or 6, 48 or more beyond. The sum over pairs of players of
    C(meetings, 2) is the sum of that over pairs of rounds, so it is at least
    C(games, 2) * 40 + 2 * (pairs of rounds not orthogonal), and "at most ``off`` pairs of rounds
    at k = 4..6, the rest at 5" covers every seating whose sum is below the bound + 2 (off + 1).

    Symmetry, each step keeping the problem: swapping the tables of a round makes player 1's word
    all zeros; some pair of rounds is orthogonal (when off < C(games, 2)), and reordering rounds
    and players puts it first, at table 1 for players 11-20 and players 6-10, 16-20; then players
    within each of those four groups are ordered lexicographically, and so are the other rounds.
    """
    players, half = 20, 10
    model = Model()
    pool, clauses = model.pool, model.clauses
    x = [[model.var("x", p, c) for c in range(games)] for p in range(players)]

    def at_least_outputs(lits):  # out[k] is forced true when k + 1 or more of lits are true
        tot = ITotalizer(lits=lits, ubound=len(lits), top_id=pool.top)
        pool.occupy(pool.top + 1, tot.top_id)
        pool.top = tot.top_id
        clauses.extend(tot.cnf.clauses)
        return tot.rhs

    def lex_leq(a, b):
        equal_so_far = None
        for k, (ak, bk) in enumerate(zip(a, b)):
            clauses.append([-ak, bk] if equal_so_far is None else [-equal_so_far, -ak, bk])
            if k == len(a) - 1:
                break
            e = model.var("lex", tuple(a), k)
            prefix = [] if equal_so_far is None else [-equal_so_far]
            clauses.extend([prefix + [ak, bk, e], prefix + [-ak, -bk, e]])
            equal_so_far = e

    for c in range(games):
        model.count([x[p][c] for p in range(players)], half, half)
    not_orthogonal = []
    for i, j in itertools.combinations(range(games), 2):
        both = []
        for p in range(players):
            y = model.var("both", p, i, j)
            both.append(y)
            clauses.extend([[-y, x[p][i]], [-y, x[p][j]], [y, -x[p][i], -x[p][j]]])
        ones, zeros = at_least_outputs(both), at_least_outputs([-y for y in both])
        loose = model.var("loose", i, j)
        not_orthogonal.append(loose)
        clauses += [[-ones[6]], [-zeros[16]], [loose, -ones[5]], [loose, -zeros[15]]]  # 4..6, or 5
    model.count(not_orthogonal, 0, off)
    for p, q in itertools.combinations(range(players), 2):
        differ = []
        for c in range(games):
            z = model.var("differ", p, q, c)
            differ.append(z)
            a, b = x[p][c], x[q][c]
            clauses.extend([[-z, a, b], [-z, -a, -b], [z, -a, b], [z, a, -b]])
        model.count(differ, games - cap, games)
    clauses += [[-x[0][c]] for c in range(games)]
    clauses += [[x[p][0] if p >= 10 else -x[p][0]] for p in range(players)]
    clauses += [[x[p][1] if p % 10 >= 5 else -x[p][1]] for p in range(players)]
    for first in (0, 5, 10, 15):
        for p in range(first, first + 4):
            lex_leq(x[p], x[p + 1])
    for c in range(2, games - 1):
        lex_leq([x[p][c] for p in range(players)], [x[p][c + 1] for p in range(players)])
    with Cadical153(bootstrap_with=clauses) as solver:
        return solver.solve()


def hadamard_matrix(text: str) -> np.ndarray:
    return np.array([[1 if c == "+" else -1 for c in line.strip()] for line in text.split()])


def hadamard_choices(h: np.ndarray, games: int = 12) -> tuple[int, set[int]]:
    """Every seating of 20 players x ``games`` rounds that a Hadamard matrix equivalent to ``h``
    (or to its transpose) gives: one row made all ones by negating columns, ``games`` of the
    other 19 rows as the rounds (+ at one table, - at the other). Returns the fewest meetings of
    the pair that meets most, over all of them, and for each all-ones row the number of choices
    that reach it (the set of those numbers does not change when rows or columns are permuted or
    negated).

    Part three: 20 x 12 at the round-pair bound means every two rounds orthogonal, so the 12
    rounds and the all-ones row are a 13 x 20 partial Hadamard matrix. Verheiden (J. Combin.
    Theory A 25, 1978) showed that every (n - 7) x n partial Hadamard matrix completes to a
    Hadamard matrix, and 13 = 20 - 7: the rounds are 12 of the other 19 rows of a Hadamard matrix
    of order 20 with an all-ones row. Hall (1965) showed there are exactly three classes of them;
    the three matrices here are pairwise inequivalent, so every such seating is one of those this
    function counts. If none keeps the cap (7), the bound is out of reach within it. Every pair of
    rounds shares 2k^2 - 20k + 90 pairs (k players at table 1 in both), an even number, so the
    least within the cap is then 2640 + 2 = 2642, std 1.088, which the generator reaches."""
    players = len(h)
    first, second = np.triu_indices(players, 1)
    choices = np.array(list(itertools.combinations(range(players - 1), players - 1 - games)))  # rows left out
    fewest, counts = None, set()
    for matrix in (h, h.T):
        for i in range(players):
            rows = np.delete(matrix * matrix[i], i, axis=0)
            together = rows[:, first] * rows[:, second]  # +1 where a pair shares a table
            meet = (games + together.sum(axis=0) - together[choices].sum(axis=1)) // 2
            most = meet.max(axis=1)
            low = int(most.min())
            if fewest is None or low < fewest:
                fewest, counts = low, set()
            if low == fewest:
                counts.add(int((most == low).sum()))
    return fewest, counts


def main() -> None:
    print("20 players x 8 games, 2 tables, every pair within 5 meetings (the cap):")
    for label, low, high, first in (
        ('"near" band', 3, 5, 0b111),
        ('"tables" band', 4, 4, 0b1111),
        ("wider band (a check)", 2, 6, 0b111),
    ):
        started = time.perf_counter()
        found, nodes = seating_exists(low, high, first=first)
        verdict = "a seating exists" if found else "no seating exists"
        print(f"  {label} {low}..{high} at each table: {verdict} ({nodes:,} nodes, {time.perf_counter() - started:.1f} s)")
    print("20 players x 8 games, pairs within 5 meetings: the sum over pairs of C(meetings, 2)")
    print("  (the round-pair bound is 1120; 2 % above the bound's std allows 1124):")
    for off in range(5):
        started = time.perf_counter()
        found = orthogonal_within_cap(8, 5, off)
        verdict = "a seating exists" if found else "no seating exists"
        print(f"  at most {1120 + 2 * off}: {verdict} ({time.perf_counter() - started:.1f} s)")
    print("20 players x 12 games at the round-pair bound (2640): every seating is 12 rows of a")
    print("  Hadamard matrix of one of three classes (Verheiden 1978, Hall 1965); the cap is 7:")
    found, second = (hadamard_matrix(t) for t in OTHER_HADAMARD_20)
    for label, h in (("Paley I", hadamard_20()), ("found by SAT", found), ("Paley II", second)):
        assert (h @ h.T == len(h) * np.eye(len(h))).all(), f"{label} is not a Hadamard matrix"
        started = time.perf_counter()
        fewest, counts = hadamard_choices(h)
        verdict = "within the cap" if fewest <= 7 else "above the cap"
        print(
            f"  {label}: the busiest pair meets at least {fewest} times, {verdict}"
            f" (choices at {fewest}: {sorted(counts)}; {time.perf_counter() - started:.1f} s)"
        )


if __name__ == "__main__":
    main()
