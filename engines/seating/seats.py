"""Seats 1..10, decided last, once the groups are fixed (goal a).

Equitable edge colouring of the bipartite multigraph games x players (de Werra): split every
player into copies of at most 10 consecutive games, colour the edges properly with 10 colours
(Koenig: a bipartite graph of maximum degree 10 needs only 10) by the alternating-path method, and
read the colour as the seat. Every game has degree 10 and so takes every seat once; every player
takes every seat floor(G/10) or ceil(G/10) times (each copy at most once); for G = 10 exactly once.

``balance_seats`` is a local search for the case where some games are already seated (reseating
after a withdrawal): it swaps two seats of one free game while the sum of squared seat counts
falls.
"""
from __future__ import annotations

import random


def colour_seats(games: list[tuple[int, ...]], seed: int = 0) -> list[tuple[int, ...]]:
    """Order the players of every game by seat.

    ``games``: the games of a stage in playing order, each a tuple of 10 distinct players (any
    hashable labels). Returns, per game, the same players ordered seat 1..10.
    """
    rng = random.Random(seed)
    # right vertices: (player, chunk) -> index; chunk k holds the player's games 10k..10k+9
    played: dict = {}
    edges = []
    right_index: dict = {}
    for g, game in enumerate(games):
        if len(game) != 10 or len(set(game)) != 10:
            raise ValueError(f"game {g} does not have 10 distinct players: {game}")
        for p in game:
            k = played.get(p, 0)
            played[p] = k + 1
            key = (p, k // 10)
            if key not in right_index:
                right_index[key] = len(right_index)
            edges.append((g, right_index[key], p))
    colours = list(range(10))
    left = [[-1] * 10 for _ in games]  # left[g][c] = right vertex
    right = [[-1] * 10 for _ in range(len(right_index))]  # right[v][c] = game
    order = list(range(len(edges)))
    rng.shuffle(order)
    for e in order:
        g, v, _ = edges[e]
        free_g = [c for c in colours if left[g][c] < 0]
        free_v = [c for c in colours if right[v][c] < 0]
        common = [c for c in free_g if right[v][c] < 0]
        if common:
            c = rng.choice(common)
        else:
            a = rng.choice(free_g)  # free at g, used at v
            b = rng.choice(free_v)  # free at v, used at g
            # the a/b alternating path from v: v -a- g1 -b- v2 -a- g3 ...
            path = []  # (left, right, colour)
            x_right = v
            colour = a
            while True:
                gl = right[x_right][colour]
                if gl < 0:
                    break
                path.append((gl, x_right, colour))
                other = b if colour == a else a
                nxt = left[gl][other]
                if nxt < 0:
                    break
                path.append((gl, nxt, other))
                x_right = nxt
            for gl, vr, col in path:
                left[gl][col] = -1
                right[vr][col] = -1
            for gl, vr, col in path:
                new = b if col == a else a
                left[gl][new] = vr
                right[vr][new] = gl
            c = a
        left[g][c] = v
        right[v][c] = g
    seat_of: dict = {}
    for g, row in enumerate(left):
        for c, v in enumerate(row):
            seat_of[(g, v)] = c
    ordered = []
    for _game in games:
        ordered.append([None] * 10)
    for g, v, p in edges:
        ordered[g][seat_of[(g, v)]] = p
    return [tuple(s) for s in ordered]


def seat_counts(games: list[tuple[int, ...]]) -> dict:
    counts: dict = {}
    for game in games:
        for s, p in enumerate(game):
            counts.setdefault(p, [0] * 10)[s] += 1
    return counts


def hungarian(cost: list[list[float]]) -> list[int]:
    """Minimum-cost perfect assignment of a square matrix: column of each row (O(n^3))."""
    n = len(cost)
    inf = float("inf")
    u = [0.0] * (n + 1)
    v = [0.0] * (n + 1)
    p = [0] * (n + 1)
    way = [0] * (n + 1)
    for i in range(1, n + 1):
        p[0] = i
        j0 = 0
        minv = [inf] * (n + 1)
        used = [False] * (n + 1)
        while True:
            used[j0] = True
            i0 = p[j0]
            delta = inf
            j1 = 0
            row = cost[i0 - 1]
            for j in range(1, n + 1):
                if not used[j]:
                    cur = row[j - 1] - u[i0] - v[j]
                    if cur < minv[j]:
                        minv[j] = cur
                        way[j] = j0
                    if minv[j] < delta:
                        delta = minv[j]
                        j1 = j
            for j in range(n + 1):
                if used[j]:
                    u[p[j]] += delta
                    v[j] -= delta
                else:
                    minv[j] -= delta
            j0 = j1
            if p[j0] == 0:
                break
        while True:
            j1 = way[j0]
            p[j0] = p[j1]
            j0 = j1
            if j0 == 0:
                break
    column = [0] * n
    for j in range(1, n + 1):
        if p[j]:
            column[p[j] - 1] = j - 1
    return column


def _anneal_seats(games, counts, rng, moves: int, t_start: float = 2.0, t_end: float = 0.05) -> None:
    """Swap two seats of one game at a time (Metropolis on the sum of squared seat counts)."""
    import math

    ratio = t_end / t_start
    n = len(games)
    for k in range(moves):
        temp = t_start * ratio ** (k / moves)
        game = games[rng.randrange(n)]
        i = rng.randrange(10)
        j = rng.randrange(9)
        if j >= i:
            j += 1
        a, b = game[i], game[j]
        ca, cb = counts[a], counts[b]
        delta = 2 * (ca[j] - ca[i] + 1) + 2 * (cb[i] - cb[j] + 1)
        if delta <= 0 or rng.random() < math.exp(-delta / temp):
            ca[i] -= 1
            ca[j] += 1
            cb[j] -= 1
            cb[i] += 1
            game[i], game[j] = b, a


def balance_seats(
    fixed: list[tuple[int, ...]], free: list[tuple[int, ...]], seed: int = 0, sweeps: int = 20
) -> list[tuple[int, ...]]:
    """Seat the ``free`` games so that, over ``fixed`` + ``free``, every player's seat counts are
    as even as the search finds (sum of squared counts; a player's seat counts within
    floor/ceil(G/10) whenever it reaches that). Starts from the equitable colouring of the free
    games, then re-seats one game at a time optimally (an assignment problem on 10 x 10 marginal
    costs) until a sweep changes nothing."""
    start = colour_seats(free, seed) if free else []
    counts = seat_counts(list(fixed) + start)
    games = [list(g) for g in start]
    rng = random.Random(seed)
    if games:
        _anneal_seats(games, counts, rng, moves=4000 * len(games))
    order = list(range(len(games)))
    for _ in range(sweeps):
        changed = False
        rng.shuffle(order)
        for k in order:
            game = games[k]
            for s, p in enumerate(game):
                counts[p][s] -= 1
            cost = [[float(2 * counts[p][s] + 1) for s in range(10)] for p in game]
            column = hungarian(cost)
            seated = [None] * 10
            for i, p in enumerate(game):
                seated[column[i]] = p
            before = sum(2 * counts[p][s] + 1 for s, p in enumerate(game))
            after = sum(2 * counts[p][s] + 1 for s, p in enumerate(seated))
            if after < before:
                games[k] = seated
                changed = True
            for s, p in enumerate(games[k]):
                counts[p][s] += 1
        if not changed:
            break
    return [tuple(g) for g in games]
