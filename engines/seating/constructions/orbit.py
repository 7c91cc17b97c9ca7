"""Seatings whose rounds are the images of base rounds under a permutation of the players.

* ``cyclic_rounds_30``: 12 rounds of 3 tables over 30 players, the images of one round under a
  permutation with cycles of 12, 12 and 6; any two meet the round-pair bound exactly and nobody
  meets more than 5 times.
* ``orbit_within``: a SAT model whose variables are the base rounds' only, for a whole stage
  within the pair cap and a band of table counts (python-sat, loaded through ``solvers.exact()``
  when it runs).

The registry's entries: ``CYCLIC_30`` (pairs mode, 30 x 3) and ``ORBIT`` (near and tables modes,
up to 5 tables and 50 players).
"""
from __future__ import annotations

import functools
import itertools
import time

import numpy as np

from .. import solvers
from ..outcomes import IMPOSSIBLE, UNKNOWN, Found, NoSeating, Outcome
from ..report import pair_cap
from .base import Built, Construction, Request, Use

# 30 players on 3 tables: a round whose images under the permutation PI_30 (cycles 0..11,
# 12..23 and 24..29, each player to the next in its cycle) make 12 rounds, any two at the
# round-pair bound exactly, with nobody meeting more than 5 times (the cap for 10 and 12 games).
# ``orbit_seating`` found it; ``bench/seating_constructions.py`` finds it again and checks it.
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


def orbit_cycles(players: int, period: int) -> list[int]:
    """Cycle lengths for ``orbit_within``: as many cycles of length ``period`` as fit, then the
    longest that divide it (30 players, period 12: 12 + 12 + 6), so the permutation to the power
    ``period`` is the identity."""
    cycles, left = [], players
    while left:
        length = max(d for d in range(1, min(period, left) + 1) if period % d == 0)
        cycles.append(length)
        left -= length
    return cycles


def orbit_within(
    players: int,
    rounds: int,
    tables: int,
    cap: int,
    band: tuple[int, int],
    conflicts: int = 100_000,
    time_limit: float | None = None,
) -> Outcome:
    """A whole stage of ``rounds`` rounds of ``tables`` tables (the same players sitting out as
    often as each other) with every pair within ``cap`` and every player's count at every table
    label within ``band``, built as orbits: for a period k dividing ``rounds``, round (i, j) is
    pi^i(base round j), i < k, j < rounds / k, pi the permutation with the cycles of
    ``orbit_cycles`` (each player to the next in his cycle), and group g of round (i, j) sits at
    table (g + i) mod T. The model has only the base rounds' variables. It tries the periods from
    ``rounds`` down, each with a budget of ``conflicts``, and no further period after
    ``time_limit`` seconds. The pair counts are not optimised: some pairs never meet.
    Returns ``Found`` (the groups, T x 10 arrays, and the table label of every group, round by
    round), or ``UNKNOWN`` when no period gave a seating. Without ``time_limit`` the answer depends
    on the arguments alone and is kept for the process (``generate`` with a budget above the
    default builds the default's stage first): callers copy its arrays before changing them."""
    if time_limit is None:
        return _orbit_once(players, rounds, tables, cap, tuple(band), conflicts)
    return _orbit_periods(players, rounds, tables, cap, band, conflicts, time_limit)


@functools.lru_cache(maxsize=8)
def _orbit_once(players, rounds, tables, cap, band, conflicts) -> Outcome:
    return _orbit_periods(players, rounds, tables, cap, band, conflicts, None)


def _orbit_periods(players, rounds, tables, cap, band, conflicts, time_limit) -> Outcome:
    started = time.perf_counter()
    for period in sorted((d for d in range(2, rounds + 1) if rounds % d == 0), reverse=True):
        if period < rounds and time_limit is not None and time.perf_counter() - started >= time_limit:
            break
        found = orbit_seating(players, rounds, tables, period, cap, band, conflicts)
        if isinstance(found, Found):
            return found
    return UNKNOWN


def orbit_seating(players, rounds, tables, period, cap, band, conflicts, shared=None, cycles=None) -> Outcome:
    """``orbit_within`` for one period: ``Found``, ``IMPOSSIBLE`` or ``UNKNOWN``. With ``shared``
    = (low, high), every two rounds also keep the round-pair bound (every table of one shares
    low..high players with every table of the other), and ``cycles`` (lengths dividing
    ``period``) replaces ``orbit_cycles``: the search that found ``CYCLIC_30_BASE``
    (``bench/seating_constructions.py``). Raises ``ValueError`` unless everybody can play equally
    often and ``period`` divides ``rounds``."""
    if (rounds * 10 * tables) % players or rounds % period:
        raise ValueError("players must divide rounds x 10 x tables (everybody plays as often), period the rounds")
    bases = rounds // period
    step = cycle_permutation(cycles or orbit_cycles(players, period))
    back = [0] * players
    for p, q in enumerate(step):
        back[q] = p
    source = [list(range(players))]  # player p of round (i, j) sits where source[i][p] sits in base j
    for _ in range(period - 1):
        source.append([back[p] for p in source[-1]])
    out = tables  # the group of the players sitting out, when some do
    slots = tables + (players > 10 * tables)
    model = solvers.exact().Model()
    x = [[[model.var("x", j, p, g) for g in range(slots)] for p in range(players)] for j in range(bases)]
    for j in range(bases):
        for p in range(players):
            model.count(x[j][p], 1, 1)
        for g in range(tables):
            model.count([x[j][p][g] for p in range(players)], 10, 10)
    # turning base 0's group labels cyclically (and every table label with them) changes nothing
    model.clauses.append([x[0][0][0]])
    every = [(i, j) for j in range(bases) for i in range(period)]

    def at(rnd, p, g):
        i, j = rnd
        return x[j][source[i][p]][g]

    for p in range(players):
        if slots > tables:  # everybody sits out as often: rounds - games, the same for all
            sits = rounds - rounds * 10 * tables // players
            model.count([at(rnd, p, out) for rnd in every], sits, sits)
        for label in range(tables):
            if not model.count([at(rnd, p, (label - rnd[0]) % tables) for rnd in every], *band):
                return IMPOSSIBLE
    for p, q in itertools.combinations(range(players), 2):
        meets = []
        for rnd in every:
            m = model.var("meet", rnd, p, q)
            meets.append(m)
            model.clauses.extend([m, -at(rnd, p, g), -at(rnd, q, g)] for g in range(tables))
        model.count(meets, 0, cap)
    if shared is not None:
        for a, b in itertools.combinations(every, 2):
            for g in range(tables):
                for h in range(tables):
                    both = []
                    for p in range(players):
                        v = model.var("both", a, b, p, g, h)
                        model.clauses.extend([[-v, at(a, p, g)], [-v, at(b, p, h)], [v, -at(a, p, g), -at(b, p, h)]])
                        both.append(v)
                    model.count(both, *shared)
    true = model.solve(conflicts)
    if isinstance(true, NoSeating):
        return true
    groups = [
        np.array([[p for p in range(players) if at(rnd, p, g) in true] for g in range(tables)], dtype=np.int64)
        for rnd in every
    ]
    labels = [np.array([(g + i) % tables for g in range(tables)], dtype=np.int64) for i, _ in every]
    return Found(groups, labels)


class Cyclic30(Construction):
    """30 players on 3 tables, pairs mode, up to 12 rounds: the choice of ``cyclic_rounds_30``
    within the pair cap (``cyclic_rounds_30_within_cap``), played as it is; nothing where no
    choice keeps the cap."""

    name = "cyclic-30"
    use = Use.FROZEN

    def applies(self, request: Request) -> bool:
        return request.mode == "pairs" and (request.players, request.tables) == (30, 3) and request.rounds <= 12

    def build(self, request: Request) -> Built | None:
        rounds = cyclic_rounds_30_within_cap(request.rounds)
        return None if rounds is None else Built(self.use, rounds)


# the orbit model answers in seconds up to these sizes and not at all at 10 tables or 100 players
# (docs/seating.md); it needs half a second of the time left, when there is a time limit
_ORBIT_TABLES = 5
_ORBIT_PLAYERS = 50
_ORBIT_SECONDS = 0.5


class OrbitStage(Construction):
    """Up to 5 tables and 50 players, near and tables modes: a whole stage within the cap and the
    band from the orbit model (``orbit_within``), when it finds one."""

    name = "orbit"
    use = Use.STAGE

    def applies(self, request: Request) -> bool:
        return (
            request.band is not None
            and request.tables <= _ORBIT_TABLES
            and request.players <= _ORBIT_PLAYERS
            and (request.time_limit is None or request.time_limit >= _ORBIT_SECONDS)
        )

    def build(self, request: Request) -> Built | None:
        found = orbit_within(
            request.players, request.rounds, request.tables, request.cap, request.band, time_limit=request.time_limit
        )
        if not isinstance(found, Found):
            return None
        return Built(self.use, [g.copy() for g in found.rounds], tables=[t.copy() for t in found.tables])


CYCLIC_30 = Cyclic30()
ORBIT = OrbitStage()
