"""Opponents only: a tabu search over the groups of the free rounds (who sits out stays out).

Used where everybody plays every round and the annealer does worse: around the frozen rounds of a
construction (``constructions.latin.MOLS_GRID_100``, ``constructions.hadamard.HADAMARD_20``), and
after the annealer when it leaves pairs above the cap (``generator._within_cap``; in the "near" and
"tables" modes with the table and judge labels of the groups kept in place and every player's
counts held in the mode's band by an O(1) term per swap). The best seating with nobody above the
cap is kept apart from the best penalised one and returned when there is one: the cap comes
first. The cost is the sum over pairs of C(m, 2) (the number of pairs of rounds in which a pair
meets: at a fixed number of meetings it orders seatings as the standard deviation does; with no
pair above 2 meetings it is the number of pairs that meet twice), plus a steep penalty above
``cap`` meetings (ceil(lambda) + 1).

Every iteration takes the next free round (cyclically), evaluates every swap of two players of
different tables of it with the exact delta and applies the best one that is not tabu, even when it
worsens the cost; ties are broken at random (a seeded pool of jitter below 1; deltas are
integers). A player just moved in a round may, with probability 1/3, not move at the next visit
of that round, unless the move gives a new best.

The kernel is compiled with numba (so load this module through ``solvers.tabu()``). For every free
round r, player p and table g it keeps S_inc[r, p, g] and S_dec[r, p, g], the cost of p meeting
table g's players once more or once less, updated incrementally when a swap changes 36 meeting
counts; a swap's delta is then S_dec[a, ga] + S_inc[a, gb] + S_dec[b, gb] + S_inc[b, ga] -
2 INC[m_ab], a handful of loads. With ``chains`` > 1 independent chains run in threads (numba
releases the GIL) and the best is kept. docs/seating.md gives its speed and how the tie-breaking
and the ban were chosen.

Determinism: with ``iterations`` the result depends on the seed only (integer costs, a jitter
pool and random draws from numpy's seeded generator); with ``time_limit`` on the speed of the
machine too.
"""
from __future__ import annotations

import time
from concurrent.futures import ThreadPoolExecutor

import numba
import numpy as np

# a player just moved in a round is kept from moving in it at the next visit of that round with
# this probability (longer or surer bans did worse, and so did none)
_BAN = 1 / 3
_OVER = 50  # per (m - cap)^2 above the cap
_POOL = 1 << 18  # jitter values; each iteration reads a random window of n * n of them
_CHUNK = 2000  # iterations per kernel call between two looks at the clock


def weights(size: int, cap: int, over: int = _OVER) -> np.ndarray:
    """w[m]: the cost of a pair meeting m times."""
    m = np.arange(size, dtype=np.int64)
    return m * (m - 1) // 2 + over * np.maximum(0, m - cap) ** 2


@numba.njit(cache=True, nogil=True)
def _fill_round(r, G, meet, INC, DEC, S_inc, S_dec):
    n = G.shape[1]
    t = n // 10
    for i in range(n):
        p = G[r, i]
        for g in range(t):
            S_inc[r, p, g] = 0
            S_dec[r, p, g] = 0
        for j in range(n):
            if j != i:
                m = meet[p, G[r, j]]
                S_inc[r, p, j // 10] += INC[m]
                S_dec[r, p, j // 10] += DEC[m]


@numba.njit(cache=True, nogil=True)
def _bump(x, y, step, meet, grp, INC, DEC, S_inc, S_dec, first, cap):
    """meet[x, y] += step, and the sums of every free round that see it; returns the change in
    the number of pairs above the cap."""
    m = meet[x, y]
    m2 = m + step
    meet[x, y] = m2
    meet[y, x] = m2
    di = INC[m2] - INC[m]
    dd = DEC[m2] - DEC[m]
    for r in range(first, grp.shape[0]):
        gy = grp[r, y]
        gx = grp[r, x]
        S_inc[r, x, gy] += di
        S_dec[r, x, gy] += dd
        S_inc[r, y, gx] += di
        S_dec[r, y, gx] += dd
    return (1 if m2 > cap else 0) - (1 if m > cap else 0)


@numba.njit(cache=True, nogil=True)
def _run(
    G, grp, meet, INC, DEC, S_inc, S_dec, tabu, pool, offsets, bans, first, it0, cur, best, best_G, cap, state,
    lab, jlab, ct, cj, pen, outside, alpha,
):
    """``len(offsets)`` iterations from iteration ``it0``; returns (cost, best cost). ``state``:
    [pairs above the cap now, best cost within the limits (or -1), table and judge counts outside
    their band now]; ``best_G[1]`` holds that seating, ``best_G[0]`` the best one. With
    ``alpha`` > 0 the group at position g of round r is table ``lab[r, g]`` with judge
    ``jlab[r, g]``, and ``alpha * pen[count]`` of every player's table and judge counts (``ct``,
    ``cj``) is part of the cost."""
    R, n = G.shape
    t = n // 10
    free = R - first
    Z = np.empty((n, t), dtype=np.float64)  # Z[i, g]: player i leaves his table and meets table g
    Zc = np.empty((t, n), dtype=np.float64)
    tb = np.empty(n, dtype=np.bool_)
    row = np.empty(n, dtype=np.int64)
    incf = INC.astype(np.float64)
    for k in range(offsets.shape[0]):
        it = it0 + k
        r = first + it % free
        for i in range(n):
            p = G[r, i]
            row[i] = p
            gi = i // 10
            own = S_dec[r, p, gi]
            for g in range(t):
                Z[i, g] = own + S_inc[r, p, g]
                if alpha > 0.0 and g != gi:
                    # p leaves table lab[r, gi] (judge jlab[r, gi]) for table lab[r, g]
                    x, y = lab[r, gi], lab[r, g]
                    u, v = jlab[r, gi], jlab[r, g]
                    Z[i, g] += alpha * (
                        pen[ct[p, x] - 1] - pen[ct[p, x]] + pen[ct[p, y] + 1] - pen[ct[p, y]]
                        + pen[cj[p, u] - 1] - pen[cj[p, u]] + pen[cj[p, v] + 1] - pen[cj[p, v]]
                    )
                Zc[g, i] = Z[i, g]
            tb[i] = tabu[r, p] > it
        gap = best - cur  # a tabu move is allowed when it gives a new best
        off = offsets[k]
        bestv = 1e300
        bi = -1
        bj = -1
        bd = 0.0
        for i in range(n):
            gi = i // 10
            ma = meet[row[i]]
            zi = Z[i]
            base = off + i * n
            for gj in range(gi + 1, t):
                zg = zi[gj]
                for j in range(gj * 10, gj * 10 + 10):
                    d = zg + Zc[gi, j] - 2.0 * incf[ma[row[j]]]
                    v = d + pool[base + j]
                    if v < bestv:
                        if (tb[i] or tb[j]) and d >= gap:
                            continue
                        bestv = v
                        bi = i
                        bj = j
                        bd = d
        if bi < 0:
            continue
        a = row[bi]
        b = row[bj]
        ga = bi // 10
        gb = bj // 10
        for q in range(ga * 10, ga * 10 + 10):
            if q != bi:
                state[0] += _bump(a, row[q], -1, meet, grp, INC, DEC, S_inc, S_dec, first, cap)
                state[0] += _bump(b, row[q], 1, meet, grp, INC, DEC, S_inc, S_dec, first, cap)
        for q in range(gb * 10, gb * 10 + 10):
            if q != bj:
                state[0] += _bump(b, row[q], -1, meet, grp, INC, DEC, S_inc, S_dec, first, cap)
                state[0] += _bump(a, row[q], 1, meet, grp, INC, DEC, S_inc, S_dec, first, cap)
        G[r, bi] = b
        G[r, bj] = a
        grp[r, a] = gb
        grp[r, b] = ga
        if alpha > 0.0:
            for p, x, y in ((a, ga, gb), (b, gb, ga)):
                for counts, labels in ((ct, lab), (cj, jlab)):
                    lx, ly = labels[r, x], labels[r, y]
                    state[2] -= outside[counts[p, lx]] + outside[counts[p, ly]]
                    counts[p, lx] -= 1
                    counts[p, ly] += 1
                    state[2] += outside[counts[p, lx]] + outside[counts[p, ly]]
        # round r's own sums: a left table ga for gb and b the other way
        for q in range(n):
            p = G[r, q]
            if p == a or p == b:
                continue
            di = INC[meet[p, b]] - INC[meet[p, a]]
            dd = DEC[meet[p, b]] - DEC[meet[p, a]]
            S_inc[r, p, ga] += di
            S_dec[r, p, ga] += dd
            S_inc[r, p, gb] -= di
            S_dec[r, p, gb] -= dd
        mab = meet[a, b]
        S_inc[r, a, ga] += INC[mab]
        S_dec[r, a, ga] += DEC[mab]
        S_inc[r, a, gb] -= INC[mab]
        S_dec[r, a, gb] -= DEC[mab]
        S_inc[r, b, gb] += INC[mab]
        S_dec[r, b, gb] += DEC[mab]
        S_inc[r, b, ga] -= INC[mab]
        S_dec[r, b, ga] -= DEC[mab]
        cur += bd
        tabu[r, a] = it + 1 + free if bans[k, 0] else 0  # blocks the next visit of round r only
        tabu[r, b] = it + 1 + free if bans[k, 1] else 0
        if cur < best:
            best = cur
            best_G[0, :, :] = G
        if state[0] == 0 and state[2] == 0 and (state[1] < 0 or cur < state[1]):
            state[1] = cur
            best_G[1, :, :] = G
    return cur, best


def _chain(players, rounds, first, seed, iterations, time_limit, cap, target, over, labels, band, alpha):
    rng = np.random.default_rng(seed)
    G = np.array(rounds, dtype=np.int64)
    R, n = G.shape
    t = n // 10
    w = weights(R + 3, cap, over)
    INC = np.append(w[1:] - w[:-1], 0)
    DEC = np.concatenate(([0], w[:-1] - w[1:]))
    meet = np.zeros((players, players), dtype=np.int64)
    grp = np.full((R, players), t, dtype=np.int64)  # t: sitting out (a table no swap reaches)
    for r in range(R):
        grp[r, G[r]] = np.arange(n) // 10
        for tab in G[r].reshape(t, 10):
            meet[np.ix_(tab, tab)] += 1
    np.fill_diagonal(meet, 0)
    S_inc = np.zeros((R, players, t + 1), dtype=np.int64)
    S_dec = np.zeros((R, players, t + 1), dtype=np.int64)
    for r in range(first, R):
        _fill_round(r, G, meet, INC, DEC, S_inc, S_dec)
    lab, jlab, ct, cj, pen, outside = _label_counts(players, G, t, labels, band, R)
    if labels is None:
        alpha = 0.0  # no labels, no label counts to weigh
    pair_counts = meet[np.triu_indices(players, 1)]
    cur = float(w[pair_counts].sum()) + alpha * float(pen[ct].sum() + pen[cj].sum())
    start_cost = best = cur
    above = int((pair_counts > cap).sum())
    off_band = int(outside[ct].sum() + outside[cj].sum())
    state = np.array([above, cur if above == 0 and off_band == 0 else -1, off_band], dtype=np.float64)
    best_G = np.stack([G, G])  # the best seating, and the best with nobody above the cap
    tabu = np.zeros((R, players), dtype=np.int64)
    pool = rng.random(_POOL + n * n)  # below 1: breaks ties between integer deltas only
    started = time.perf_counter()
    it = 0
    while R > first and t >= 2 and not (state[1] >= 0 and state[1] <= target):
        if iterations is not None:
            step = min(_CHUNK, iterations - it)
            if step <= 0:
                break
        elif time.perf_counter() - started >= time_limit:
            break
        else:
            step = _CHUNK
        offsets = rng.integers(0, _POOL, step)
        bans = rng.random((step, 2)) < _BAN
        cur, best = _run(
            G, grp, meet, INC, DEC, S_inc, S_dec, tabu, pool, offsets, bans, first, it, cur, best, best_G, cap, state,
            lab, jlab, ct, cj, pen, outside, float(alpha),
        )
        it += step
    # the cap first: the best seating with nobody above it, when one was seen
    within = bool(state[1] >= 0)
    return best_G[1] if within else best_G[0], {
        "iterations": it,
        "evaluated": it * n * n * (t - 1) // (2 * t),
        "seconds": time.perf_counter() - started,
        "start_cost": start_cost,
        "cost": float(state[1]) if within else best,
        "within_cap": within,
    }


def _label_counts(players, G, t, labels, band, R):
    """Table and judge labels of every group (R x t), every player's counts at them, and the
    penalty and outside-the-band flag of a count; dummies when ``labels`` is None."""
    size = R + 3
    c = np.arange(size)
    low, high = band if band is not None else (0, size)
    pen = ((np.maximum(0, low - c) + np.maximum(0, c - high)) ** 2).astype(np.float64)
    outside = (pen > 0).astype(np.int64)
    if labels is None:
        zero = np.zeros((1, 1), dtype=np.int64)
        return zero, zero, np.zeros((players, 1), dtype=np.int64), np.zeros((players, 1), dtype=np.int64), pen, outside
    lab = np.array([np.asarray(x, dtype=np.int64) for x in labels[0]])
    jlab = np.array([np.asarray(x, dtype=np.int64) for x in labels[1]])
    ct = np.zeros((players, t), dtype=np.int64)
    cj = np.zeros((players, t), dtype=np.int64)
    for r in range(R):
        for g, tab in enumerate(G[r].reshape(t, 10)):
            ct[tab, lab[r, g]] += 1
            cj[tab, jlab[r, g]] += 1
    return lab, jlab, ct, cj, pen, outside


def default_chains() -> int:
    """Independent chains of the generator's searches: 2 on every machine, so that a seed and a
    move budget give one seating everywhere (with one core the two threads take turns; with
    more, more chains are untried)."""
    return 2


def tabu_groups(
    players: int,
    fixed: list[np.ndarray],
    free: list[np.ndarray],
    seed: int = 0,
    iterations: int | None = None,
    time_limit: float | None = None,
    cap: int = 2,
    chains: int = 1,
    target: int = 0,
    over: int = _OVER,
    labels=None,
    band: tuple[int, int] | None = None,
    alpha: float = 0.0,
) -> tuple[list[np.ndarray], dict]:
    """``fixed`` and ``free``: rounds as (T x 10) arrays of 0-based player indices (T the same in
    every round; players missing from a round sit it out and stay out). ``cap``: meetings above it
    cost ``over`` per (meetings - cap)^2. ``target``: a cost no seating can beat
    (``report.lowest_shared``); the search stops when a seating within the cap gets there.
    ``chains`` independent searches (seeds ``seed``, ``seed + 1000``, ...) run in threads; the
    best (within the cap first, then the lowest cost, then the first chain) is returned with its
    stats (iterations and evaluated moves summed over the chains). ``labels``: (tables, judges),
    for every round (fixed first) the table and the judge label (0..T-1) of each of its T groups;
    with it, a player's count at a table or with a judge outside ``band`` = (low, high) costs
    ``alpha`` per step outside, squared, and "within" means within the cap and the band."""
    if iterations is None and time_limit is None:
        iterations = 2000
    rounds = [np.asarray(r).ravel() for r in list(fixed) + list(free)]
    t = len(rounds[0]) // 10 if rounds else 0
    first = len(fixed)
    seeds = [seed + 1000 * k for k in range(max(1, chains))]
    def chain(chain_seed):
        return _chain(
            players, rounds, first, chain_seed, iterations, time_limit, cap, target, over, labels, band, alpha
        )

    if len(seeds) == 1:
        results = [chain(seeds[0])]
    else:
        with ThreadPoolExecutor(len(seeds)) as pool:
            results = list(pool.map(chain, seeds))
    best_g, stats = min(results, key=lambda item: (not item[1]["within_cap"], item[1]["cost"]))
    stats = dict(stats)
    stats["iterations"] = sum(s["iterations"] for _, s in results)
    stats["evaluated"] = sum(s["evaluated"] for _, s in results)
    stats["chains"] = len(results)
    return [best_g[r].reshape(t, 10).copy() for r in range(first, len(rounds))], stats
