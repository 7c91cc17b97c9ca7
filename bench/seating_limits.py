"""What no seating can do: 20 players x 8 games on 2 tables, the pair cap with the table band.

Run: ``.venv/bin/python bench/seating_limits.py`` (about a minute on the reference machine).

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

import time


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


if __name__ == "__main__":
    main()
