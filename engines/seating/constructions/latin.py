"""Latin squares: the row-complete (Williams) square that seats the final, and the two orthogonal
squares of order 10 whose grid gives 100 players on 10 tables 4 rounds with no pair twice.

* ``williams_square(n)``: a row-complete Latin square of even order n (Williams 1949): row i is
  (0, 1, n-1, 2, n-2, ...) + i mod n, so every ordered pair of distinct symbols is adjacent in
  exactly one row.
* ``MOLS_10``: a pair of orthogonal Latin squares of order 10 (Parker 1959; whether three exist is
  open). With 100 players on a 10 x 10 grid, rows, columns and the symbols of the two squares give
  4 rounds of 10 tables in which no pair meets twice (``grid_rounds_100``).

The registry's entry: ``MOLS_GRID_100`` (pairs mode); ``generate_final`` uses ``williams_square``.
"""
from __future__ import annotations

import numpy as np

from .base import Built, Construction, Request, Use

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


class MolsGrid100(Construction):
    """100 players on 10 tables, pairs mode: the 4 rounds of ``grid_rounds_100`` (no pair twice)
    as they are, every other round found by the tabu search around them."""

    name = "mols-grid-100"
    use = Use.FROZEN

    def applies(self, request: Request) -> bool:
        return request.mode == "pairs" and (request.players, request.tables) == (100, 10) and request.rounds >= 4

    def build(self, request: Request) -> Built:
        return Built(self.use, grid_rounds_100(), search_rest=True)


MOLS_GRID_100 = MolsGrid100()
