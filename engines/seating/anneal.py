"""Who plays whom: simulated annealing over the groups of every round (pure numpy).

The state is, for every round still to be made, its groups of 10 players (one group a table)
with the table label and the judge label of each group. The cost is

    sum over pairs of w[meetings of the pair]          (opponents, goal b)
  + alpha * sum over players and tables of pen[count]  (tables, goal c)
  + alpha * sum over players and judges of pen[count]  (judges, goal c)
  + apart_weight * meetings of every pair to be kept apart (goal d)

with w convex (m^2, a small fourth-power term against outliers and a steep penalty above the cap
ceil(lambda) + 1). At a fixed number of meetings, sum m^2 is the standard deviation of pair counts.

Moves:
* swap two players of different tables of one round (changes pairs, tables and judges);
* swap the table labels, or the judge labels, of two groups of one round (tables/judges only).

Instead of drawing one move at a time (which Python cannot do millions of times a second) an
iteration evaluates *every* player swap of one round at once with array operations: with
S[p, g] = sum over x in group g of inc[meet(p, x)] the delta of swapping a (group A) and b
(group B) is Y[a, B] + Y[b, A] - 2 inc[meet(a, b)], Y built from S, the own-group decrements and
the table/judge counts. Metropolis acceptance is applied to all of them with exponential variates
drawn once from a pool; accepted moves on disjoint pairs of tables do not interact, so several are
applied per iteration, each with its exact delta, and the counters are updated incrementally.

Determinism: every random choice comes from the seed. With ``iterations`` the result depends on the
seed only; with ``time_limit`` the number of iterations (and so the result) depends on the speed of
the machine.
"""
from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field

import numpy as np

_OTHERS = np.array([[j for j in range(10) if j != i] for i in range(10)], dtype=np.intp)
_POOL_SIZE = 1 << 20


@dataclass
class RoundState:
    """One round: groups (t x 10 player indices, 0-based), table and judge label of each group."""

    groups: np.ndarray
    tables: np.ndarray
    judges: np.ndarray

    def copy(self) -> RoundState:
        return RoundState(self.groups.copy(), self.tables.copy(), self.judges.copy())


@dataclass
class Weights:
    """The cost of the annealer; see the module doc."""

    mean: float  # lambda, the mean number of meetings of a pair
    cap: int  # never more meetings than this (penalised steeply)
    spread: float = 0.02  # weight of (m - lambda)^4: narrows the range at equal sum of squares
    over_cap: float = 60.0
    alpha: float = 1.0  # tables and judges
    # pen[c] = even * c^2 + outside * (distance of c from [low - band, high + band])^2
    count_low: int = 0
    count_high: int = 10**6
    band: int = 0
    even: float = 1.0
    outside: float = 0.0
    apart: float = 200.0  # per meeting of a pair to keep apart
    pair_scale: float = 1.0  # multiplies the pair cost (phase 2 freezes pairs with a large one)
    tie_judges: bool = True  # label moves swap table and judge together (judge = sigma(table))
    table: np.ndarray = field(default=None, repr=False)

    def build(self, max_meet: int) -> np.ndarray:
        m = np.arange(max_meet + 3, dtype=np.float64)
        w = m**2 + self.spread * (m - self.mean) ** 4
        w += self.over_cap * np.maximum(0.0, m - self.cap) ** 2
        w *= self.pair_scale
        self.table = w
        return w

    def penalty(self, max_count: int) -> np.ndarray:
        c = np.arange(max_count + 3, dtype=np.float64)
        low, high = self.count_low - self.band, self.count_high + self.band
        out = np.maximum(0.0, c - high) + np.maximum(0.0, low - c)
        return self.even * c**2 + self.outside * out**2


@dataclass
class AnnealStats:
    iterations: int = 0
    evaluated: int = 0  # candidate moves evaluated (the array deltas)
    applied: int = 0
    seconds: float = 0.0
    start_cost: float = 0.0
    cost: float = 0.0

    @property
    def evaluated_per_second(self) -> float:
        return self.evaluated / self.seconds if self.seconds else 0.0


class GroupAnnealer:
    def __init__(
        self,
        players: int,
        labels: int,
        rounds: list[RoundState],
        fixed: list[RoundState] = (),
        apart: list[tuple[int, int]] = (),
        weights: Weights | None = None,
        seed: int = 0,
    ):
        self.P = players
        self.L = max(1, labels)
        self.rounds = [r.copy() for r in rounds]
        self.fixed = list(fixed)
        self.meet = np.zeros((players, players), dtype=np.int64)
        self.ct = np.zeros((players, self.L), dtype=np.int64)
        self.cj = np.zeros((players, self.L), dtype=np.int64)
        for rnd in list(self.fixed) + self.rounds:
            self._add_round(rnd, +1)
        self.apart = None
        if apart:
            self.apart = np.zeros((players, players), dtype=np.float64)
            for a, b in apart:
                if a != b:
                    self.apart[a, b] = self.apart[b, a] = 1.0
        total_tables = sum(len(r.groups) for r in list(self.fixed) + self.rounds)
        if weights is None:
            mean = 45.0 * total_tables / (players * (players - 1) / 2)
            weights = Weights(mean=mean, cap=math.ceil(mean - 1e-9) + 1)
        self.weights = weights
        w = weights.build(total_tables + 1)
        self.w = w
        self.inc = np.append(w[1:] - w[:-1], 0.0)  # inc[m] = w[m+1] - w[m]
        self.dec = np.concatenate(([0.0], w[:-1] - w[1:]))  # dec[m] = w[m-1] - w[m]; dec[0]=0 (self)
        self.pen = weights.penalty(total_tables + 1)
        self._set_alpha(weights.alpha)
        self.seed = seed
        self.rng = random.Random(seed)
        self.nprng = np.random.default_rng(seed)
        self.pool = self.nprng.exponential(size=_POOL_SIZE)
        self._gid = {}
        self._same = {}
        self.stats = AnnealStats()

    # ----------------------------------------------------------------- counters
    def _add_round(self, rnd: RoundState, sign: int) -> None:
        for g, row in enumerate(rnd.groups):
            self.meet[np.ix_(row, row)] += sign
            self.meet[row, row] -= sign
            self.ct[row, rnd.tables[g]] += sign
            self.cj[row, rnd.judges[g]] += sign

    def _set_alpha(self, alpha: float) -> None:
        self.alpha = alpha
        pen = alpha * self.pen
        self.tinc = np.append(pen[1:] - pen[:-1], 0.0)  # tinc[c] = pen[c+1] - pen[c]
        self.tdec = np.concatenate(([0.0], pen[:-1] - pen[1:]))  # tdec[c] = pen[c-1] - pen[c]

    def cost(self) -> float:
        iu = np.triu_indices(self.P, 1)
        m = self.meet[iu]
        total = float(self.w[m].sum())
        if self.apart is not None:
            total += self.weights.apart * float((self.apart[iu] * m).sum())
        total += self.alpha * float(self.pen[self.ct].sum() + self.pen[self.cj].sum())
        return total

    def _shape(self, t: int):
        if t not in self._gid:
            gid = np.repeat(np.arange(t), 10)
            same = np.where(gid[:, None] == gid[None, :], np.inf, 0.0)
            self._gid[t] = gid
            self._same[t] = same
        return self._gid[t], self._same[t]

    # ------------------------------------------------------------- player swaps
    def swap_deltas(self, r: int, tables: bool = True):
        """The delta of every swap of two players of different tables of round r (n x n).
        ``tables=False`` leaves out the table-count term."""
        rnd = self.rounds[r]
        t = rnd.groups.shape[0]
        n = 10 * t
        gid, same = self._shape(t)
        pl = rnd.groups.ravel()
        sub = self.meet[pl[:, None], pl]
        inc = self.inc[sub]
        dec = self.dec[sub]
        if self.apart is not None:
            f = self.apart[pl[:, None], pl] * self.weights.apart
            inc = inc + f
            dec = dec - f
        sinc = inc.reshape(n, t, 10).sum(axis=2)
        ar = np.arange(n)
        own = dec.reshape(n, t, 10).sum(axis=2)[ar, gid]
        y = sinc + own[:, None]
        if self.alpha:
            cj = self.cj[pl][:, rnd.judges]
            y += self.tinc[cj] + self.tdec[cj[ar, gid]][:, None]
            if tables:
                ct = self.ct[pl][:, rnd.tables]
                y += self.tinc[ct] + self.tdec[ct[ar, gid]][:, None]
        yg = y[:, gid]
        return yg + yg.T - 2.0 * inc + same

    def apply_swap(self, r: int, ia: int, ib: int) -> None:
        rnd = self.rounds[r]
        ga, pa = divmod(ia, 10)
        gb, pb = divmod(ib, 10)
        rows = rnd.groups
        a = rows[ga, pa]
        b = rows[gb, pb]
        A = rows[ga][_OTHERS[pa]]
        B = rows[gb][_OTHERS[pb]]
        m = self.meet
        m[a, A] -= 1
        m[A, a] -= 1
        m[b, A] += 1
        m[A, b] += 1
        m[b, B] -= 1
        m[B, b] -= 1
        m[a, B] += 1
        m[B, a] += 1
        ta, tb = rnd.tables[ga], rnd.tables[gb]
        ja, jb = rnd.judges[ga], rnd.judges[gb]
        self.ct[a, ta] -= 1
        self.ct[a, tb] += 1
        self.ct[b, tb] -= 1
        self.ct[b, ta] += 1
        self.cj[a, ja] -= 1
        self.cj[a, jb] += 1
        self.cj[b, jb] -= 1
        self.cj[b, ja] += 1
        rows[ga, pa] = b
        rows[gb, pb] = a

    # -------------------------------------------------------------- label swaps
    def label_deltas(self, r: int, which: str) -> np.ndarray:
        if which == "both":
            out = self.label_deltas(r, "table") + self.label_deltas(r, "judge")
            return out
        rnd = self.rounds[r]
        counts = self.ct if which == "table" else self.cj
        labels = rnd.tables if which == "table" else rnd.judges
        m = counts[rnd.groups][:, :, labels]  # m[g, i, k] = count of player i of g at label k
        a = self.tinc[m].sum(axis=1)  # a[g, k]: the players of g each gain label k
        b = np.diag(self.tdec[m].sum(axis=1))  # b[g]: the players of g each lose their label
        out = a + a.T + b[:, None] + b[None, :]
        np.fill_diagonal(out, np.inf)
        return out

    def apply_label_swap(self, r: int, which: str, g: int, h: int) -> None:
        if which == "both":
            self.apply_label_swap(r, "table", g, h)
            self.apply_label_swap(r, "judge", g, h)
            return
        rnd = self.rounds[r]
        counts = self.ct if which == "table" else self.cj
        labels = rnd.tables if which == "table" else rnd.judges
        lg, lh = labels[g], labels[h]
        rg, rh = rnd.groups[g], rnd.groups[h]
        counts[rg, lg] -= 1
        counts[rg, lh] += 1
        counts[rh, lh] -= 1
        counts[rh, lg] += 1
        labels[g], labels[h] = lh, lg

    # -------------------------------------------------------------------- search
    def _accepted(self, delta: np.ndarray, temp: float) -> np.ndarray:
        size = delta.size
        off = self.rng.randrange(_POOL_SIZE - size)
        thr = self.pool[off : off + size].reshape(delta.shape)
        if temp > 0:
            return np.flatnonzero(delta < temp * thr)
        return np.flatnonzero(delta < 0)

    def step(self, r: int, temp: float) -> None:
        rnd = self.rounds[r]
        t = rnd.groups.shape[0]
        if t < 2:
            return
        n = 10 * t
        delta = self.swap_deltas(r)
        self.stats.evaluated += n * n * (t - 1) // (2 * t)
        idx = self._accepted(delta, temp)
        if len(idx):
            used = set()
            want = max(1, t // 2)
            rng = self.rng
            for _ in range(2 * want + 2):
                k = int(idx[rng.randrange(len(idx))])
                ia, ib = divmod(k, n)
                ga, gb = ia // 10, ib // 10
                if ga in used or gb in used:
                    continue
                used.add(ga)
                used.add(gb)
                self.stats.cost += float(delta.flat[k])
                self.apply_swap(r, ia, ib)
                self.stats.applied += 1
                if len(used) >= 2 * want:
                    break
        if self.alpha == 0:
            return
        for which in ("both",) if self.weights.tie_judges else ("table", "judge"):
            ld = self.label_deltas(r, which)
            self.stats.evaluated += t * (t - 1) // 2
            idx = self._accepted(ld, temp)
            if len(idx):
                k = int(idx[self.rng.randrange(len(idx))])
                g, h = divmod(k, t)
                self.stats.cost += float(ld.flat[k])
                self.apply_label_swap(r, which, g, h)
                self.stats.applied += 1

    def rotate_judges(self, passes: int = 3) -> int:
        """Let judges move between tables wherever that keeps judge counts as even as they are:
        judge-only label swaps with delta <= 0 that widen no affected player's range of judge
        counts. Returns how many swaps were made."""
        done = 0
        for _ in range(passes):
            for r, rnd in enumerate(self.rounds):
                t = rnd.groups.shape[0]
                if t < 2:
                    continue
                ld = self.label_deltas(r, "judge")
                idx = np.flatnonzero(ld <= 1e-9)
                order = list(idx)
                self.rng.shuffle(order)
                for k in order[:8]:
                    g, h = divmod(int(k), t)
                    lg, lh = rnd.judges[g], rnd.judges[h]
                    if not (self._keeps_range(rnd.groups[g], lg, lh) and self._keeps_range(rnd.groups[h], lh, lg)):
                        continue
                    self.stats.cost += float(ld.flat[k])
                    self.apply_label_swap(r, "judge", g, h)
                    done += 1
                    break
        return done

    def _keeps_range(self, players: np.ndarray, old: int, new: int) -> bool:
        counts = self.cj[players]
        low, high = counts.min(axis=1), counts.max(axis=1)
        return bool(((counts[:, new] + 1 <= high) & (counts[:, old] - 1 >= low)).all())

    def run(
        self,
        iterations: int | None = None,
        time_limit: float | None = None,
        t_start: float = 4.0,
        t_end: float = 0.05,
        alpha_ramp: tuple[float, float] | None = None,
    ) -> list[RoundState]:
        """Anneal; returns the best rounds found. Give ``iterations`` (deterministic) or ``time_limit``."""
        if iterations is None and time_limit is None:
            iterations = 2000
        movable = [i for i, r in enumerate(self.rounds) if r.groups.shape[0] >= 2]
        start = time.perf_counter()
        if alpha_ramp is not None:
            self._set_alpha(alpha_ramp[0])
        cost = self.cost()
        self.stats.start_cost = cost
        self.stats.cost = cost
        best_cost = cost
        best = [r.copy() for r in self.rounds]
        if not movable:
            self.stats.seconds = time.perf_counter() - start
            return best
        ratio = t_end / t_start
        it = 0
        check = 32
        while True:
            if iterations is not None:
                if it >= iterations:
                    break
                progress = it / iterations
            else:
                elapsed = time.perf_counter() - start
                if elapsed >= time_limit:
                    break
                progress = elapsed / time_limit
            temp = t_start * ratio**progress
            if alpha_ramp is not None:
                a0, a1 = alpha_ramp
                alpha = a1 if progress >= 0.8 else a0 + (a1 - a0) * (progress / 0.8) ** 2
                if alpha != self.alpha:
                    self._set_alpha(alpha)
                    self.stats.cost = self.cost()
                    best_cost = math.inf if alpha != a1 else best_cost
            for _ in range(check):
                self.step(movable[self.rng.randrange(len(movable))], temp)
            it += check
            if self.stats.cost < best_cost - 1e-9:
                best_cost = self.stats.cost
                best = [r.copy() for r in self.rounds]
        # a last greedy pass over every round at zero temperature
        for _ in range(3):
            for r in movable:
                self.step(r, 0.0)
        if self.stats.cost < best_cost - 1e-9:
            best_cost = self.stats.cost
            best = [r.copy() for r in self.rounds]
        self.stats.iterations = it
        self.stats.seconds = time.perf_counter() - start
        self.stats.cost = best_cost
        return best
