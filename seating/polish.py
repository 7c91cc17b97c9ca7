"""Opponents under balanced tables: annealing with table-preserving double swaps (pure Python).

A double swap takes players a and b and rounds r and r2 where a sits at table x in r and y in r2
and b the other way round (y in r, x in r2), and exchanges them in both rounds. Every player keeps
his table counts, and since a table keeps its judge (judges follow tables), his judge counts too:
the move walks among seatings with balanced tables and judges and changes only who meets whom.
For G = T (100 players, 10 tables, 10 games: every player at every table once) single swaps always
break the balance, and this is the only move left.

The delta is computed on the P x P meetings matrix (lists of ints) in O(40) operations: the first
swap is applied, the second's delta read from the updated matrix, and the pair undone when the
Metropolis test fails.
"""
from __future__ import annotations

import math
import random
import time

import numpy as np

from .anneal import RoundState, Weights


class DoubleSwapPolisher:
    def __init__(
        self,
        players: int,
        rounds: list[RoundState],
        fixed: list[RoundState] = (),
        apart: list[tuple[int, int]] = (),
        weights: Weights | None = None,
        seed: int = 0,
    ):
        self.P = players
        self.R = len(rounds)
        self.rng = random.Random(seed)
        self.rounds = [r.copy() for r in rounds]
        self.tab = [[-1] * self.R for _ in range(players)]
        # groups[r][label] = list of players at the table with that label
        self.groups = []
        for r, rnd in enumerate(self.rounds):
            by_label = {}
            for g, row in enumerate(rnd.groups):
                label = int(rnd.tables[g])
                by_label[label] = [int(p) for p in row]
                for p in row:
                    self.tab[int(p)][r] = label
            self.groups.append(by_label)
        meet = np.zeros((players, players), dtype=np.int64)
        for rnd in list(fixed) + self.rounds:
            for row in rnd.groups:
                meet[np.ix_(row, row)] += 1
        np.fill_diagonal(meet, 0)
        self.meet = meet.tolist()
        w = weights.table if weights.table is not None else weights.build(len(fixed) + self.R + 1)
        self.w = [float(x) for x in w]
        self.inc = [self.w[m + 1] - self.w[m] for m in range(len(self.w) - 1)] + [0.0]
        self.dec = [0.0] + [self.w[m - 1] - self.w[m] for m in range(1, len(self.w))]
        self.apart = None
        if apart:
            self.apart = [[0.0] * players for _ in range(players)]
            for a, b in apart:
                self.apart[a][b] = self.apart[b][a] = float(weights.apart)
        self.applied = 0
        self.proposed = 0
        self.seconds = 0.0

    def cost(self) -> float:
        total = 0.0
        for a in range(self.P):
            row = self.meet[a]
            for b in range(a + 1, self.P):
                total += self.w[row[b]]
                if self.apart is not None:
                    total += self.apart[a][b] * row[b]
        return total

    def _delta(self, a: int, b: int, r: int) -> float:
        """Swap a (table x) and b (table y) in round r: a to y's others, b to x's others."""
        X = self.groups[r][self.tab[a][r]]
        Y = self.groups[r][self.tab[b][r]]
        ma, mb = self.meet[a], self.meet[b]
        inc, dec = self.inc, self.dec
        d = 0.0
        for x in X:
            if x != a:
                d += dec[ma[x]] + inc[mb[x]]
        for y in Y:
            if y != b:
                d += dec[mb[y]] + inc[ma[y]]
        if self.apart is not None:
            fa, fb = self.apart[a], self.apart[b]
            for x in X:
                if x != a:
                    d += fb[x] - fa[x]
            for y in Y:
                if y != b:
                    d += fa[y] - fb[y]
        return d

    def _apply(self, a: int, b: int, r: int) -> None:
        x, y = self.tab[a][r], self.tab[b][r]
        X, Y = self.groups[r][x], self.groups[r][y]
        meet = self.meet
        ma, mb = meet[a], meet[b]
        for u in X:
            if u != a:
                ma[u] -= 1
                meet[u][a] -= 1
                mb[u] += 1
                meet[u][b] += 1
        for u in Y:
            if u != b:
                mb[u] -= 1
                meet[u][b] -= 1
                ma[u] += 1
                meet[u][a] += 1
        X[X.index(a)] = b
        Y[Y.index(b)] = a
        self.tab[a][r] = y
        self.tab[b][r] = x

    def run(
        self,
        iterations: int | None = None,
        time_limit: float | None = None,
        t_start: float = 1.0,
        t_end: float = 0.05,
    ) -> list[RoundState]:
        if self.R < 2:
            return self.rounds
        rng = self.rng
        start = time.perf_counter()
        ratio = t_end / t_start
        tab = self.tab
        groups = self.groups
        R = self.R
        it = 0
        temp = t_start
        while True:
            if it % 256 == 0:
                if iterations is not None:
                    progress = it / iterations
                else:
                    progress = (time.perf_counter() - start) / time_limit
                if progress >= 1.0:
                    break
                temp = t_start * ratio**progress
            it += 1
            r = rng.randrange(R)
            r2 = rng.randrange(R - 1)
            if r2 >= r:
                r2 += 1
            x_list = groups[r]
            label = rng.choice(list(x_list))
            row = x_list[label]
            a = row[rng.randrange(10)]
            x = tab[a][r]
            y = tab[a][r2]
            if y < 0 or y == x or y not in x_list:
                continue
            cands = [b for b in x_list[y] if tab[b][r2] == x]
            if not cands:
                continue
            b = cands[rng.randrange(len(cands))] if len(cands) > 1 else cands[0]
            self.proposed += 1
            d1 = self._delta(a, b, r)
            self._apply(a, b, r)
            d = d1 + self._delta(a, b, r2)
            if d <= 0 or rng.random() < math.exp(-d / temp):
                self._apply(a, b, r2)
                self.applied += 1
            else:
                self._apply(b, a, r)
        self.seconds = time.perf_counter() - start
        out = []
        for r, rnd in enumerate(self.rounds):
            groups_arr = np.array([self.groups[r][int(label)] for label in rnd.tables], dtype=np.intp)
            out.append(RoundState(groups_arr, rnd.tables.copy(), rnd.judges.copy()))
        return out
