"""Finds again the 30-player seating that ``engines/seating/constructions/orbit.py`` holds as a constant, and checks it.

Run: ``.venv/bin/python bench/seating_constructions.py`` (about a minute on the reference machine).

30 players x 12 games on 3 tables: the round-pair bound (std 0.883) needs every two rounds to
share 3 or 4 players at every pair of tables; the pair cap ceil(lambda) + 1 is 5.

Why not the simplex code: its 27 rows are an OA(27, 12, 3, 2) and 3 added players fill the tables
to 10 (``orthogonal_arrays.oa30_rounds``). For any such array and any added player x, his meetings a_p with
the 27 sum to 12 * 9 = 108 and their squares to 108 + 132 * 3 = 504 (strength 2), so they have
mean 4 and variance 8/3. The three added players sit at three different tables every round, so
their meetings with any one p sum to 12, and within the cap 5 none is below 2. Values in 2..5
with mean 4 and variance 8/3 are impossible (a_p - 4 in -2..1: the sum of squares is at most
3 times the number of 5s, so 24 or more of the 27 are 5, and then the rest cannot bring the
mean down). So with the cap every such seating misses the bound.

What works: rounds that are the 12 images of one round under a permutation of the players with
cycles of 12, 12 and 6 (round i = pi^i(round 0)). The SAT model (the generator's orbit model,
``orbit.orbit_seating``) has one round's variables; every other round is the same variables with
the players renamed, every two rounds keep 3..4 at every pair of tables and every pair meets at
most 5 times. CaDiCaL answers in about half a minute; the script also tries other cycle types
(12+6+6+6, 6+6+6+6+6, 12+12+4+2, 12+12+2+2+2), which it proves impossible in seconds.
"""
from __future__ import annotations

import os
import sys
import time

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from engines.seating.constructions.orbit import CYCLIC_30_BASE, CYCLIC_30_CYCLES, cyclic_rounds_30, orbit_seating  # noqa: E402
from engines.seating.outcomes import IMPOSSIBLE, UNKNOWN  # noqa: E402
from engines.seating.report import loose_round_pairs, meetings, pair_cap  # noqa: E402


def cyclic_seating(cycles, rounds: int = 12, tables: int = 3, cap: int = 5, conflicts: int = 2_000_000):
    """``rounds`` rounds, the images of one under the permutation with these cycles, at the
    round-pair bound with every pair within ``cap``: the rounds (lists of groups), False (none)
    or None (the budget ran out). The generator's orbit model (``orbit.orbit_seating``) with the
    bound kept."""
    players = sum(cycles)
    low, high = players // tables // tables, -(-players // tables // tables)  # 3..4 for 30 on 3
    found = orbit_seating(
        players, rounds, tables, rounds, cap, (0, rounds), conflicts, shared=(low, high), cycles=list(cycles)
    )
    if found is IMPOSSIBLE:
        return False
    if found is UNKNOWN:
        return None
    return [[sorted(int(p) for p in group) for group in rnd] for rnd in found.rounds]


def describe(rounds) -> str:
    counts = meetings([np.asarray(r) for r in rounds], 30)[np.triu_indices(30, 1)]
    shared = int((counts * (counts - 1) // 2).sum())
    return (
        f"pairs of rounds off the bound {loose_round_pairs(rounds, (3, 4))}, shared pairs {shared} "
        f"(bound {66 * 36}), meetings {counts.min()}..{counts.max()} (cap {pair_cap(30, 12)}), "
        f"std {counts.std():.4f}"
    )


def main() -> None:
    started = time.perf_counter()
    found = cyclic_seating(CYCLIC_30_CYCLES, cap=pair_cap(30, 12))
    seconds = time.perf_counter() - started
    print(f"SAT search over rounds invariant under cycles {CYCLIC_30_CYCLES}: {seconds:.1f} s")
    if not found:
        print("  none found" if found is False else "  the budget ran out")
    else:
        same = sorted(found[0]) == sorted(sorted(g) for g in CYCLIC_30_BASE)
        print(f"  round 0: {found[0]}")
        print(f"  {'the same as' if same else 'another round than'} orbit.CYCLIC_30_BASE; {describe(found)}")
    for cycles in ((12, 6, 6, 6), (6, 6, 6, 6, 6), (12, 12, 4, 2), (12, 12, 2, 2, 2)):
        started = time.perf_counter()
        other = cyclic_seating(cycles, conflicts=200_000)
        answer = "found one" if other else "none exists" if other is False else "the budget ran out"
        print(f"  cycles {cycles}: {answer} ({time.perf_counter() - started:.1f} s)")
    print(f"orbit.cyclic_rounds_30: {describe(cyclic_rounds_30())}")


if __name__ == "__main__":
    main()
