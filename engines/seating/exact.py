"""Within the pair cap, exactly: the free rounds of a stage as a SAT model (CaDiCaL through
python-sat), for when the tabu searches miss a seating that exists.

The model keeps what the searches keep: the fixed (played) rounds as they are, who plays each free
round, and each group's table and judge label. A variable says that player p sits in group g of
free round r. Clauses: every playing player in exactly one group; every group of 10; every pair
meets at most ``cap`` times over the whole stage (the fixed rounds' meetings counted); with a
``band``, every player's count at each table label and with each judge label within it; with
``shared``, every two rounds at the round-pair bound but for a budget of "loose" pairs of rounds.
The solver only decides whether such a seating exists; the tabu search then lowers the shared
pairs from it while it stays within the cap and the band.

* ``seating_within``: the model over the given free rounds.
* ``repair``: the model over a part of the seating at a time, until every pair is within the cap.
* ``near_bound``: rounds at the round-pair bound that break the cap (the Hadamard rows of 20
  players) brought within it, missing the bound at as few pairs of rounds as it finds.

Outcomes (``outcomes.py``): ``Found`` (the free rounds' groups, with the labels they were given),
``IMPOSSIBLE`` (proved: no seating keeps the cap and the band with these fixed rounds and these
players out), or ``UNKNOWN`` (the budget of ``conflicts`` ran out). A budget of conflicts, not
seconds, gives the same answer on every machine. This module imports python-sat: load it through
``solvers.exact()``.
"""
from __future__ import annotations

import itertools
import time

import numpy as np
from pysat.card import CardEnc, EncType
from pysat.formula import IDPool
from pysat.solvers import Cadical195

from .outcomes import IMPOSSIBLE, UNKNOWN, Found, NoSeating, Outcome
from .report import loose_round_pairs, meetings, round_pair_bound_range


class Model:
    """Clauses and their variables (named by any hashable key), with cardinality constraints."""

    def __init__(self):
        self.pool = IDPool()
        self.clauses: list[list[int]] = []

    def var(self, *key) -> int:
        return self.pool.id(key)

    def count(self, lits: list[int], low: int, high: int) -> bool:
        """low <= (true literals) <= high; False when no assignment can meet it."""
        low, high = max(0, low), min(len(lits), high)
        if low > high:
            return False
        if low == high:
            encoded = CardEnc.equals(lits=lits, bound=low, vpool=self.pool, encoding=EncType.seqcounter)
            self.clauses.extend(encoded.clauses)
            return True
        if high < len(lits):
            encoded = CardEnc.atmost(lits=lits, bound=high, vpool=self.pool, encoding=EncType.seqcounter)
            self.clauses.extend(encoded.clauses)
        if low > 0:
            encoded = CardEnc.atleast(lits=lits, bound=low, vpool=self.pool, encoding=EncType.seqcounter)
            self.clauses.extend(encoded.clauses)
        return True

    def solve(self, conflicts: int) -> set[int] | NoSeating:
        """The variables true in a solution, or ``IMPOSSIBLE``, or ``UNKNOWN`` when ``conflicts``
        ran out. A budget of conflicts, not seconds: CaDiCaL cannot be interrupted through
        python-sat, and a budget gives the same answer on every machine."""
        with Cadical195(bootstrap_with=self.clauses) as solver:
            solver.conf_budget(int(conflicts))
            answer = solver.solve_limited()
            if answer is None:
                return UNKNOWN
            if answer is False:
                return IMPOSSIBLE
            return {v for v in solver.get_model() if v > 0}


def seating_within(
    players: int,
    fixed: list[np.ndarray],
    free: list[np.ndarray],
    cap: int,
    labels=None,
    band: tuple[int, int] | None = None,
    conflicts: int = 100_000,
    movable: set[int] | None = None,
    shared: tuple[int, int] | None = None,
    loose: int = 0,
) -> Outcome:
    """``fixed`` and ``free``: rounds as (T x 10) arrays of 0-based player indices, as in
    ``tabu.tabu_groups``; ``labels``: (tables, judges), the label of every group of every round
    (fixed first), with ``band`` = (low, high) the range every player's count at a table label and
    with a judge label must keep. ``movable``: when given, only these players may change group;
    the others stay in their groups of ``free``. ``shared`` = (low, high): every round plays
    everybody and two rounds keep the round-pair bound (``_round_pairs``), but for at most
    ``loose`` pairs of rounds in the whole stage. Returns ``Found`` with the free rounds' groups
    (T x 10 arrays, group g keeping its labels), ``IMPOSSIBLE`` or ``UNKNOWN``; see the module doc."""
    fixed = [np.asarray(g).reshape(-1, 10) for g in fixed]
    free = [np.asarray(g).reshape(-1, 10) for g in free]
    if not free:
        return UNKNOWN
    t = len(free[0])
    model = Model()
    y: list[dict[int, list[int]]] = []
    for r, groups in enumerate(free):
        playing = sorted(int(p) for p in groups.ravel())
        y.append({p: [model.var("y", r, p, g) for g in range(t)] for p in playing})
        for p in playing:
            model.count(y[r][p], 1, 1)
        for g in range(t):
            model.count([y[r][p][g] for p in playing], 10, 10)
        if movable is not None:
            for g, group in enumerate(groups):
                model.clauses.extend([y[r][int(p)][g]] for p in group if int(p) not in movable)
        elif labels is None:
            model.clauses.append([y[r][playing[0]][0]])  # groups are interchangeable without labels
    met = meetings(fixed, players)
    for p, q in itertools.combinations(range(players), 2):
        both = [r for r in range(len(free)) if p in y[r] and q in y[r]]
        room = cap - int(met[p, q])
        if room < 0:
            return IMPOSSIBLE
        if len(both) <= room:
            continue  # cannot go above the cap whatever the free rounds do
        meets = []
        for r in both:
            m = model.var("meet", r, p, q)
            meets.append(m)
            model.clauses.extend([m, -a, -b] for a, b in zip(y[r][p], y[r][q]))
        model.count(meets, 0, room)
    if labels is not None and band is not None and not _band(model, players, fixed, free, y, labels, band):
        return IMPOSSIBLE
    if shared is not None and not _round_pairs(model, fixed, free, y, shared, loose):
        return IMPOSSIBLE
    return _solve(model, free, y, conflicts)


def _round_pairs(model: Model, fixed, free, y, shared, loose) -> bool:
    """Every pair of rounds with a free one at the round-pair bound: each table of one shares
    ``low``..``high`` players with each table of the other. At most ``loose`` pairs of rounds in
    the stage (those of the fixed rounds counted) may share one fewer or one more instead: each
    such pair costs a few shared pairs over the bound (2 at 2 tables, 1-2 at 3). False when the
    fixed rounds alone miss more than ``loose``."""
    low, high = shared
    budget = loose - loose_round_pairs(fixed, shared)
    if budget < 0:
        return False
    misses = []
    for r in range(len(free)):
        t = len(free[r])
        others = [(("fixed", s), groups) for s, groups in enumerate(fixed)]
        others += [(("free", s), free[s]) for s in range(r)]
        for other, groups in others:
            miss = model.var("loose", r, other) if budget else None
            for i in range(t):
                for j, group in enumerate(groups):
                    if other[0] == "fixed":
                        lits = [y[r][int(p)][i] for p in group]
                    else:
                        lits = []
                        for p in y[r]:
                            both = model.var("both", r, other[1], p, i, j)
                            a, b = y[r][p][i], y[other[1]][p][j]
                            model.clauses.extend([[-both, a], [-both, b], [both, -a, -b]])
                            lits.append(both)
                    if miss is None:
                        model.count(lits, low, high)
                    else:  # low..high, or one wider each way when this pair of rounds is loose
                        model.count(lits + [-miss], 0, high + 1)
                        model.count(lits + [miss], low, len(lits) + 1)
            if miss is not None:
                misses.append(miss)
    if misses:
        model.count(misses, 0, budget)
    return True


def _band(model: Model, players, fixed, free, y, labels, band) -> bool:
    """Every player's count at each table label and with each judge label within ``band``;
    False when the fixed rounds alone already make that impossible."""
    low, high = band
    first = len(fixed)
    for names in labels:  # the table labels, then the judge labels
        t = len(names[0])
        already = np.zeros((players, t), dtype=np.int64)
        for r, groups in enumerate(fixed):
            for g, group in enumerate(groups):
                already[group, names[r][g]] += 1
        for p in range(players):
            for label in range(t):
                lits = [
                    y[r][p][g]
                    for r in range(len(free))
                    if p in y[r]
                    for g in range(t)
                    if names[first + r][g] == label
                ]
                if not model.count(lits, low - int(already[p, label]), high - int(already[p, label])):
                    return False
    return True


def _solve(model: Model, free, y, conflicts: int) -> Outcome:
    true = model.solve(conflicts)
    if isinstance(true, NoSeating):
        return true
    t = len(free[0])
    rounds = []
    for r in range(len(free)):
        groups = [[] for _ in range(t)]
        for p, variables in y[r].items():
            groups[next(g for g, v in enumerate(variables) if v in true)].append(p)
        rounds.append(np.array(groups, dtype=free[r].dtype))
    return Found(rounds)


def repair(
    players: int,
    fixed: list[np.ndarray],
    free: list[np.ndarray],
    cap: int,
    rng: np.random.Generator,
    labels=None,
    band: tuple[int, int] | None = None,
    time_limit: float | None = None,
    steps: int | None = None,
    conflicts: int = 10_000,
    shared: tuple[int, int] | None = None,
    loose: int = 0,
):
    """Bring every pair within ``cap`` by re-solving a part of the seating at a time (a large
    neighbourhood search: the model over a part answers far sooner than over everything). Steps
    alternate between two kinds of part:
    - a few free rounds (3 to 6), at least one in which each pair above the cap meets (else that
      pair stays above it), the other rounds kept;
    - a few players (8 to 14), one of each pair above the cap, free to change tables in every
      free round, everybody else kept at their tables.
    Each asks ``seating_within`` with a budget of ``conflicts``; a seating it finds has every pair
    within the cap (and the band), and replaces ``free`` (labels kept). After every 4 failures the
    parts grow by one round and two players, back to the smallest after the largest. Stops after
    ``steps`` steps (deterministic) or ``time_limit`` seconds. ``shared`` and ``loose``: as in
    ``seating_within`` (the rounds kept at the round-pair bound). Returns the free rounds within
    the cap, or None."""
    started = time.perf_counter()
    first = len(fixed)
    every = [np.asarray(g).reshape(-1, 10) for g in list(fixed) + list(free)]
    # the seating does not change until a step succeeds (and then repair returns), so the pairs
    # above the cap and the free rounds in which each meets are found once
    met = meetings(every, players)
    above = {(int(p), int(q)): int(met[p, q]) - cap for p, q in zip(*np.nonzero(np.triu(met > cap)))}
    where = _free_rounds_where_they_meet(every, first, above)
    if any(len(where[pair]) < excess for pair, excess in above.items()):
        return None  # a pair above the cap in the played rounds alone: no repair can help
    size = min(len(free), 3)
    failures = 0
    step = 0
    movers = 8
    while (steps is None or step < steps) and (time_limit is None or time.perf_counter() - started < time_limit):
        step += 1
        if step % 2:
            chosen = _rounds_to_free(above, where, range(first, len(every)), size, rng)
            kept = [r for r in range(len(every)) if r not in chosen]
            movable = None
        else:
            kept, chosen = list(range(first)), list(range(first, len(every)))
            movable = _players_to_move(players, above, movers, rng)
        relabelled = None
        if labels is not None:
            relabelled = tuple([names[r] for r in kept] + [names[r] for r in chosen] for names in labels)
        found = seating_within(
            players, [every[r] for r in kept], [every[r] for r in chosen], cap, relabelled, band,
            conflicts=conflicts, movable=movable, shared=shared, loose=loose,
        )
        if not isinstance(found, Found):
            failures += 1
            if failures % 4 == 0:  # a little wider, within what answers fast, then narrow again
                size = min(len(free), 3 + (size - 2) % 4)
                movers = 8 + (movers - 6) % 8
            continue
        for r, groups in zip(chosen, found.rounds):
            every[r] = groups
        return every[first:]
    return None


def near_bound(
    players: int,
    rounds: list[np.ndarray],
    cap: int,
    rng: np.random.Generator,
    time_limit: float | None = None,
    steps: int = 6,
    levels: tuple[int, ...] = (1, 8),
    conflicts: int = 10_000,
):
    """Rounds that meet the round-pair bound but break the cap (everybody playing every round) ->
    rounds within the cap that miss the bound at as few pairs of rounds as ``repair`` finds, or
    None. It allows each of ``levels`` loose pairs of rounds in turn until one succeeds, then one
    fewer than the seating it found has, until that fails (``steps`` steps a level, ``time_limit``
    seconds in all); 0 is tried only on the way down. docs/seating.md gives what it reaches at 20
    players and why the levels jump."""
    shared = round_pair_bound_range(len(rounds[0]))
    started = time.perf_counter()

    def attempt(loose):
        left = None if time_limit is None else time_limit - (time.perf_counter() - started)
        if left is not None and left <= 0:
            return None
        return repair(
            players, [], rounds, cap, rng, time_limit=left, steps=steps, conflicts=conflicts,
            shared=shared, loose=loose,
        )

    best, failed = None, set()
    for loose in levels:
        best = attempt(loose)
        if best is not None:
            break
        failed.add(loose)
    while best is not None:
        fewer = loose_round_pairs(best, shared) - 1
        if fewer < 0 or fewer in failed:
            break
        found = attempt(fewer)
        if found is None:
            break
        best = found
    return best


def _free_rounds_where_they_meet(every, first, pairs) -> dict[tuple[int, int], list[int]]:
    """For each pair, the free rounds (index ``first`` on) in which it shares a table."""
    where: dict[tuple[int, int], list[int]] = {pair: [] for pair in pairs}
    for r in range(first, len(every)):
        for group in every[r]:
            members = set(int(p) for p in group)
            for p, q in pairs:
                if p in members and q in members:
                    where[(p, q)].append(r)
    return where


def _players_to_move(players, above, count, rng) -> set[int]:
    """``count`` players (more if needed): one of each pair above the cap, the others at random."""
    chosen: set[int] = set()
    for p, q in sorted(above):
        if p not in chosen and q not in chosen:
            chosen.add(int(rng.choice([p, q])))
    rest = [p for p in range(players) if p not in chosen]
    chosen.update(int(p) for p in rng.permutation(rest)[: max(0, count - len(chosen))])
    return chosen


def _rounds_to_free(above, where, free_rounds, size, rng) -> list[int]:
    """``size`` free rounds (more if needed): for each pair above the cap, as many rounds in which
    it meets as it is above the cap (``above``: pair -> by how much), the others at random."""
    chosen: set[int] = set()
    pairs = sorted(above)
    for pair in rng.permutation(len(pairs)):
        rounds = where[pairs[pair]]
        missing = above[pairs[pair]] - len(chosen.intersection(rounds))
        left = [r for r in rounds if r not in chosen]
        if missing == 1:
            chosen.add(int(rng.choice(left)))
        elif missing > 1:
            chosen.update(int(r) for r in rng.permutation(left)[:missing])
    rest = [r for r in free_rounds if r not in chosen]
    extra = max(0, size - len(chosen))
    chosen.update(int(r) for r in rng.permutation(rest)[:extra])
    return sorted(chosen)
