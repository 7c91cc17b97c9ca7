"""Opponents only, every player in every round: a tabu search over the groups of the free rounds.

Used for 100 players x 10 games on 10 tables (everybody plays every round): the 4 repeat-free
rounds of two orthogonal Latin squares (``latin.grid_rounds_100``) stay as they are and the other
6 rounds are searched. The cost is sum over pairs of C(m, 2) (the number of pairs of rounds in
which a pair meets; with no pair above 2 meetings, the number of pairs that meet twice), plus a
steep penalty above ``cap`` meetings (ceil(lambda) + 1: 2 for 10 games, 3 for 12); at a fixed
number of meetings it orders seatings as the standard deviation does. Other game counts of 100
players on 10 tables (6 or more rounds) use it too: 100 x 8 std 0.545, 100 x 12 0.548 (bench
rows, seed 1), against 0.552 and 0.569 with the annealer.

Every iteration takes the next free round (cyclically), evaluates every swap of two players of
different tables of it with the exact delta (array operations over the meetings matrix, as in
``anneal.GroupAnnealer.swap_deltas``) and applies the best one that is not tabu, even when it
worsens the cost; a seeded random jitter of 1.5 added to every delta makes near-best moves win at
random (better than a tie-break only, 0.01: about 567 against 556 pairs meeting twice at 60000
iterations, 3 seeds). A player just moved in a round may, with probability 1/3, not move at the
next visit of that round, unless the move gives a new best (no ban: about 617; bans over 2
visits, or on returning to a table, did worse).
On 100 x 10 with the default time (about 17 s of tabu, about 240000 iterations on the 2-core
reference machine) this ends at about 546-559 pairs meeting twice (std 0.551-0.555, seeds 1-5),
no triple, where the annealer stops near 605 (0.572).

Determinism: with ``iterations`` the result depends on the seed only; with ``time_limit`` on the
speed of the machine too.
"""
from __future__ import annotations

import time

import numpy as np

_OTHERS = np.array([[j for j in range(10) if j != i] for i in range(10)], dtype=np.intp)
# a player just moved in a round is kept from moving in it at the next visit of that round with
# this probability (longer or surer bans did worse, and so did none)
_BAN = 1 / 3
# random jitter added to every delta before the best is taken: near-best moves win at random
_JITTER = 1.5
_OVER = 50.0  # per (m - 2)^2 above two meetings


def _weights(size: int, cap: int = 2):
    m = np.arange(size, dtype=np.float64)
    w = m * (m - 1) / 2 + _OVER * np.maximum(0.0, m - cap) ** 2
    inc = np.append(w[1:] - w[:-1], 0.0)
    dec = np.concatenate(([0.0], w[:-1] - w[1:]))
    return w, inc, dec


def tabu_groups(
    players: int,
    fixed: list[np.ndarray],
    free: list[np.ndarray],
    seed: int = 0,
    iterations: int | None = None,
    time_limit: float | None = None,
    cap: int = 2,
) -> tuple[list[np.ndarray], dict]:
    """``fixed`` and ``free``: rounds as (10 x 10) arrays of 0-based player indices, every player in
    every round; ``cap``: meetings above it are penalised steeply. Returns the best free rounds
    found (same shape) and stats."""
    if iterations is None and time_limit is None:
        iterations = 2000
    rng = np.random.default_rng(seed)
    P = players
    R = len(fixed) + len(free)
    G = np.array([np.asarray(r).ravel() for r in list(fixed) + list(free)], dtype=np.intp)
    t = G.shape[1] // 10
    first = len(fixed)
    w, INC, DEC = _weights(R + 3, cap)
    meet = np.zeros((P, P), dtype=np.int64)
    for r in range(R):
        for row in G[r].reshape(t, 10):
            meet[np.ix_(row, row)] += 1
    np.fill_diagonal(meet, 0)
    iu = np.triu_indices(P, 1)

    def cost() -> float:
        return float(w[meet[iu]].sum())

    n = 10 * t
    gid = np.repeat(np.arange(t), 10)
    same = np.where(gid[:, None] == gid[None, :], np.inf, 0.0)
    ar = np.arange(n)
    onehot = np.zeros((n, t))
    onehot[ar, gid] = 1.0
    pool = rng.random(1 << 18) * _JITTER
    cur = cost()
    start_cost = best = cur
    best_g = G.copy()
    tabu = np.zeros((R, P), dtype=np.int64)
    free_count = R - first
    started = time.perf_counter()
    it = 0
    while free_count and t >= 2:
        if iterations is not None:
            if it >= iterations:
                break
        elif time.perf_counter() - started >= time_limit:
            break
        r = first + it % free_count
        pl = G[r]
        sub = meet.take(pl, axis=0).take(pl, axis=1)
        inc = INC[sub]
        sinc = inc @ onehot  # sums of small integers: exact, the same on every machine
        own = (DEC[sub] @ onehot)[ar, gid]
        y = (sinc + own[:, None])[:, gid]
        d = y + y.T - 2.0 * inc + same
        off = int(rng.integers(len(pool) - n * n))
        choice = d + pool[off : off + n * n].reshape(n, n)
        tb = tabu[r, pl] > it
        if tb.any():
            blocked = (tb[:, None] | tb[None, :]) & (cur + d >= best - 1e-9)
            choice[blocked] = np.inf
        k = int(np.argmin(choice))
        it += 1
        if not np.isfinite(choice.flat[k]):
            continue
        ia, ib = divmod(k, n)
        a, b = pl[ia], pl[ib]
        A = pl[(ia // 10) * 10 + _OTHERS[ia % 10]]
        B = pl[(ib // 10) * 10 + _OTHERS[ib % 10]]
        meet[a, A] -= 1
        meet[A, a] -= 1
        meet[b, A] += 1
        meet[A, b] += 1
        meet[b, B] -= 1
        meet[B, b] -= 1
        meet[a, B] += 1
        meet[B, a] += 1
        G[r, ia], G[r, ib] = b, a
        cur += float(d[ia, ib])
        ban = rng.random(2) < _BAN
        tabu[r, a] = it + free_count if ban[0] else 0  # blocks the next visit of round r only
        tabu[r, b] = it + free_count if ban[1] else 0
        if cur < best - 1e-9:
            best = cur
            best_g = G.copy()
    stats = {
        "iterations": it,
        "evaluated": it * n * n * (t - 1) // (2 * t),
        "seconds": time.perf_counter() - started,
        "start_cost": start_cost,
        "cost": best,
    }
    return [best_g[r].reshape(t, 10).copy() for r in range(first, R)], stats
