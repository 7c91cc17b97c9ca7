"""The seating generator: pure Python and numpy, no Django.

Public API (players numbered 1..P in and out, as in the JSON document):

* ``generate(players, games, tables=None, seed=0, time_limit=None, apart=(), fixed_rounds=None,
  clubs=(), iterations=None, balance="pairs") -> Seating``
* ``generate_final(games=10, seed=0, players=None) -> Seating``
* ``reseat(seating, played_rounds, withdrawn=(), substitutes=(), seed=0, time_limit=None,
  apart=(), clubs=(), iterations=None, balance="pairs") -> Seating``

Pipeline of ``generate``: check the sizes; decide who sits out which round (``playing_sets``);
in the pairs mode, ask the registry of constructions (``constructions.starting_rounds``) for rounds
to keep or to start from; anneal the groups with the priority that ``balance`` names
(``balance.py``); bring pairs above the cap ceil(lambda) + 1 within it (``_within_cap``: in the
near and tables modes first a whole stage from the registry, ``constructions.whole_stage``, then
tabu searches and, up to 40 players, the SAT repair ``exact.repair``); seats last by equitable
edge colouring (``seats.py``). docs/seating.md describes each step and what it achieves where.

Determinism: a seed and ``iterations`` (a move budget; ``default_iterations`` when neither it nor
a time limit is given) give the same seating on every machine. With ``time_limit`` the number of
iterations is whatever the machine manages in that time, so results depend on its speed; a time
limit or a larger budget still never gives a worse seating than the default budget (``generate``
runs both and keeps the better).
"""
from __future__ import annotations

import math
import random
import time

import numpy as np

from . import constructions, solvers
from .anneal import RoundState
from .balance import BALANCES, optimise
from .constructions import Request, Use
from .constructions.latin import williams_square
from .errors import ImpossibleSize, SeatingError, check_games, check_run, check_size
from .model import Seating, Table
from .report import lowest_shared, meetings, pair_cap, quality_key, quality_report
from .seats import balance_seats, colour_seats

# the default move budget: per player-game, within these limits (see default_iterations)
_ITERATIONS_PER_PLAYER_GAME = 40
_FEWEST_ITERATIONS = 2000
_MOST_ITERATIONS = 12000


def default_iterations(players: int, games: int) -> int:
    """The move budget when none is given: grows with players x games from 2,000 to at most
    12,000 moves, and the same budget gives the same seating for a seed on every machine
    (bench/seating.py prints how long each size takes)."""
    return int(min(_MOST_ITERATIONS, max(_FEWEST_ITERATIONS, _ITERATIONS_PER_PLAYER_GAME * players * max(games, 1))))


def default_time_limit(players: int, games: int) -> float:
    """Seconds of search when none is given: grows with the size, at most 26 s, so that a whole
    run stays within about 30 s up to 100 players (docs/seating.md)."""
    return float(min(26.0, 1.5 + 0.25 * players * max(games, 1) / 10))


def playing_sets(demand: dict[int, int], tables_per_round: list[int], seed: int = 0) -> list[list[int]]:
    """Who plays which round: player -> games still to play; tables of each round.

    Greedy by the largest remaining demand, which spreads sitting out evenly and never leaves a
    player more games than rounds. Among the players tied at the edge, who sits out is chosen one
    by one: not someone who sat out the round before, then whoever has sat out least often with
    those already chosen, then the later in a fixed seeded order rotated every round. Raises
    ``SeatingError`` when the games left do not fit the rounds left.
    """
    rng = random.Random(seed)
    order = sorted(demand)
    rng.shuffle(order)
    rank = {p: i for i, p in enumerate(order)}
    left = dict(demand)
    n = len(order)
    rounds_left = len(tables_per_round)
    together: dict[tuple[int, int], int] = {}  # how often two players sat out the same round
    last_out: set[int] = set()
    out = []
    shift = 0
    for t in tables_per_round:
        need = 10 * t
        key = sorted(order, key=lambda p: (-left[p] / rounds_left, (rank[p] - shift) % n))
        chosen = key[:need]
        if any(left[p] <= 0 for p in chosen) or any(left[p] > rounds_left - 1 for p in key[need:]):
            raise SeatingError("the remaining games do not fit the remaining rounds")
        if 0 < need < n:
            # players with as many games left as the last one in may trade places with him
            edge = left[key[need - 1]]
            tied = [p for p in key if left[p] == edge]
            sitting = [p for p in key if left[p] < edge]
            while len(sitting) < n - need:
                pick = min(
                    tied,
                    key=lambda p: (
                        p in last_out,  # not two rounds in a row
                        sum(together.get((min(p, q), max(p, q)), 0) for q in sitting),
                        -((rank[p] - shift) % n),  # then the later in the rotated order, as before
                    ),
                )
                tied.remove(pick)
                sitting.append(pick)
            chosen = [p for p in key if left[p] > edge] + tied
            last_out = set(sitting)
            for i, p in enumerate(sitting):
                for q in sitting[i + 1 :]:
                    pair = (min(p, q), max(p, q))
                    together[pair] = together.get(pair, 0) + 1
        for p in chosen:
            left[p] -= 1
        out.append(chosen)
        shift += n - need
        rounds_left -= 1
    return out


def _random_round(players: list[int], t: int, rng: np.random.Generator, judges=None) -> RoundState:
    """Random groups; table labels 0..t-1; judge of table k = judges[k] (judges follow tables)."""
    perm = rng.permutation(np.asarray(players, dtype=np.intp))
    tables = np.arange(t)
    judge = np.asarray(judges[:t] if judges is not None else tables, dtype=np.intp)
    if judges is not None and len(set(judge.tolist())) < t:
        judge = tables.copy()
    return RoundState(perm.reshape(t, 10).copy(), tables, judge.copy())


def _pairs_above(rounds, players: int, cap: int) -> int:
    """How many pairs meet more than ``cap`` times in these rounds."""
    return int(np.triu(meetings(rounds, players) > cap, 1).sum())


def _outside_band(states: list[RoundState], players: int, band) -> int:
    """How many table and judge counts of the players who play lie outside ``band`` (low, high)."""
    tables = len(states[0].groups)
    counts = np.zeros((2, players, tables), dtype=np.int64)
    for rnd in states:
        for g, group in enumerate(rnd.groups):
            counts[0, group, rnd.tables[g]] += 1
            counts[1, group, rnd.judges[g]] += 1
    playing = counts[0].sum(axis=1) > 0
    low, high = band
    return int(((counts < low) | (counts > high))[:, playing].sum())


# the SAT repair's model grows as players^2 x rounds: above this it stops answering in time
_EXACT_PLAYERS = 40
_WHOLE_RUN = 28.0  # seconds for a whole run with a time limit: an organiser waits at most 30 s up to 100 players


def _within_cap(
    players, games, fixed, result, seed, iterations, time_limit, balance="pairs", attempts: int = 10, started=None
):
    """The annealed ``result`` (after the ``fixed`` rounds) with every pair within the cap
    ceil(lambda) + 1 where a search finds such a seating; ``result`` itself when nobody is above
    the cap or the rounds have different numbers of tables.

    In the near and tables modes with no played rounds, a whole stage from the registry
    (``constructions.whole_stage``, for the exact band first, then the mode's) comes first: it
    replaces the result with its own table labels, the judges following the tables; in the near
    mode a tabu search then lowers its shared pairs. Otherwise up to ``attempts`` tabu searches
    (each 3/10 of the anneal's time, or 5x its iterations; the first from the result, the others
    from its rounds shuffled, the same players sitting out) look for the seating with the fewest
    shared pairs among those within the cap, and in the near and tables modes within the mode's
    band with the groups' labels kept. After the first, up to 40 players, the SAT repair
    (``exact.repair``) tries too. When none succeeds, the seating with the fewest pairs above the
    cap is kept (in the band). With a time limit these steps share what is left of 28 s since
    ``started`` (when ``generate`` began).

    Returns the rounds and the stats of the search they come from (None when they are the
    result's or built)."""
    cap = pair_cap(players, games)
    rounds = [r.groups for r in list(fixed) + list(result)]
    if len({len(g) for g in rounds}) > 1:
        return result, None  # the search needs the same number of tables in every round
    fewest = (_pairs_above(rounds, players, cap), result, None)  # pairs above the cap, rounds, stats
    if fewest[0] == 0:
        return result, None
    rng = np.random.default_rng(seed)
    start = [r.groups for r in result]
    labels = band = None
    if balance != "pairs":
        every = list(fixed) + list(result)
        labels = ([r.tables for r in every], [r.judges for r in every])
        tables = len(rounds[0])
        widen = 1 if balance == "near" else 0
        band = (games // tables - widen, -(-games // tables) + widen)
    # with a time limit: what is left of 28 s for the whole run (``started``: when it began)
    left = None
    if time_limit is not None:
        spent = 1.1 * time_limit if started is None else time.perf_counter() - started
        left = max(0.0, _WHOLE_RUN - spent)

    def search(start, seed, shortest=0.0):
        """One tabu search for the cap (and the band) from ``start``."""
        tabu = solvers.tabu()
        return tabu.tabu_groups(
            players,
            [r.groups for r in fixed],
            start,
            seed,
            iterations=None if iterations is None else 5 * iterations,  # ~1/6 of an anneal iteration
            time_limit=None if time_limit is None else max(shortest, min(time_limit * 3 / 10, left)),
            cap=cap,
            chains=tabu.default_chains(),
            over=200,  # the cap first: a steep price for every meeting above it
            labels=labels,
            band=band,
            alpha=200.0,  # weighs the band only when there are labels (tabu._chain)
        )

    if band is not None and not fixed:
        # a stage built within the cap and the band; the exact band lies within the near one and
        # its stages share fewer pairs, so it is asked first (docs/seating.md)
        exact_band = (games // len(rounds[0]), -(-games // len(rounds[0])))
        built = None
        for wanted in dict.fromkeys([exact_band, band]):
            step_started = time.perf_counter()
            request = Request(
                players, len(rounds[0]), games, len(rounds), balance, cap, band=wanted, seed=seed, time_limit=left
            )
            built = constructions.whole_stage(request)
            if left is not None:
                left = max(0.0, left - (time.perf_counter() - step_started))
            if built is not None:
                break
        if built is not None:
            groups = [np.asarray(g, dtype=np.int64) for g in built.rounds]
            names = built.tables if built.tables is not None else [np.arange(len(rounds[0])) for _ in groups]
            relabel = rng.permutation(players)  # another seed, other players at each place
            groups = [relabel[g] for g in groups]
            # judges follow the tables, so their counts keep the band too
            candidate = [RoundState(g, t, t.copy()) for g, t in zip(groups, names)]
            if balance == "tables":
                return candidate, None  # no swap keeps every count exact: nothing to polish
            labels = (names, names)
            found, tstats = search(groups, seed, shortest=0.1)
            if tstats["within_cap"]:
                return [RoundState(g, t, t.copy()) for g, t in zip(found, names)], tstats
            return candidate, None

    for attempt in range(attempts):
        if left is not None and left < 0.5:
            break
        started = time.perf_counter()
        found, tstats = search(start, seed + attempt)
        if left is not None:
            left -= time.perf_counter() - started
        candidate = [RoundState(g, r.tables.copy(), r.judges.copy()) for g, r in zip(found, result)]
        if tstats["within_cap"]:
            return candidate, tstats
        # none within the cap: keep the seating with the fewest pairs above it (in the band)
        if band is None or _outside_band(list(fixed) + candidate, players, band) == 0:
            above = _pairs_above([r.groups for r in list(fixed) + candidate], players, cap)
            if above < fewest[0]:
                fewest = (above, candidate, tstats)
        if attempt == 0 and players <= _EXACT_PLAYERS:
            # a search can miss where a seating within the cap exists: re-solve a few rounds or
            # players at a time exactly (exact.repair), then lower the shared pairs from there
            started = time.perf_counter()
            repaired = solvers.exact().repair(
                players, [r.groups for r in fixed], [r.groups for r in fewest[1]], cap, rng, labels, band,
                time_limit=None if left is None else left * 0.6,
                steps=None if iterations is None else max(2, min(40, iterations // 500)),
            )
            if left is not None:
                left -= time.perf_counter() - started
            if repaired is not None:
                found, tstats = search(repaired, seed, shortest=0.1)
                return [RoundState(g, r.tables.copy(), r.judges.copy()) for g, r in zip(found, result)], tstats
        start = [rng.permutation(g.ravel()).reshape(g.shape) for g in start]
    return fewest[1], fewest[2]


def _search_rest(players, games, tables, frozen, starts, seed, iterations, time_limit):
    """The groups of the ``starts`` rounds by the tabu search, ``frozen`` kept as they are, with
    its stats: where everybody plays every round it does better than the anneal, which then only
    evens tables and judges."""
    share = 0.85
    tabu = solvers.tabu()
    return tabu.tabu_groups(
        players,
        [r.groups for r in frozen],
        [r.groups for r in starts],
        seed,
        iterations=None if iterations is None else max(1, int(iterations * share)),
        time_limit=None if iterations is not None else time_limit * share,
        cap=pair_cap(players, games),
        chains=tabu.default_chains(),
        target=lowest_shared(players, games, tables),
    )


def keep_apart(rounds: list[RoundState], fixed: list[RoundState], pairs: list[tuple[int, int]], players: int,
               cap: int) -> list[RoundState]:
    """Separate every pair of ``pairs`` (0-based players) that shares a table in a free round,
    wherever the round allows, by swapping one of the two with a player of another table: each
    player keeps the same rounds, a round still seats everyone once. A swap is made only when it
    leaves fewer kept-apart pairs together in that round; among those, the one that repeats
    opponents least (first keeping every pair within ``cap`` meetings). A pair that must meet (a
    club with more players than tables) meets as rarely as the tables allow."""
    if not pairs:
        return rounds
    apart = [set() for _ in range(players)]
    for a, b in pairs:
        apart[a].add(b)
        apart[b].add(a)
    met = np.zeros((players, players), dtype=np.int64)
    for rnd in [*fixed, *rounds]:
        for group in rnd.groups:
            g = np.asarray(group)
            met[np.ix_(g, g)] += 1
    out = []
    for rnd in rounds:
        rnd = rnd.copy()
        groups = rnd.groups

        def clashes(members) -> int:
            return sum(len(apart[p] & members) for p in members) // 2

        for _ in range(4 * players):  # each swap removes a clash: bounded, never endless
            sets = [set(int(p) for p in g) for g in groups]
            at = next((t for t, members in enumerate(sets) if clashes(members)), None)
            if at is None:
                break
            best = None
            for mover in sorted(p for p in sets[at] if apart[p] & sets[at]):
                for other, members in enumerate(sets):
                    if other == at:
                        continue
                    for c in sorted(members):
                        here, there = sets[at] - {mover} | {c}, members - {c} | {mover}
                        gain = clashes(sets[at]) + clashes(members) - clashes(here) - clashes(there)
                        if gain <= 0:
                            continue
                        stay, join = list(sets[at] - {mover}), list(members - {c})
                        after_mover = met[mover, join] + 1
                        after_c = met[c, stay] + 1
                        over = int((after_mover > cap).sum() + (after_c > cap).sum())
                        repeats = int(met[mover, join].sum() + met[c, stay].sum() - met[mover, stay].sum() - met[c, join].sum())
                        key = (-gain, over, repeats, mover, other, c)
                        if best is None or key < best[0]:
                            best = (key, mover, other, c)
            if best is None:
                break  # this round cannot separate them: the tables are too few for the club
            _key, mover, other, c = best
            stay, join = list(sets[at] - {mover}), list(sets[other] - {c})
            met[mover, stay] -= 1
            met[stay, mover] -= 1
            met[c, join] -= 1
            met[join, c] -= 1
            met[mover, join] += 1
            met[join, mover] += 1
            met[c, stay] += 1
            met[stay, c] += 1
            groups[at][groups[at] == mover] = c
            groups[other][groups[other] == c] = mover
        out.append(rnd)
    return out


def _apart_pairs(apart, clubs, index) -> list[tuple[int, int]]:
    pairs = []
    for a, b in apart:
        if a in index and b in index:
            pairs.append((index[a], index[b]))
    for club in clubs:
        members = [index[p] for p in club if p in index]
        for i, a in enumerate(members):
            for b in members[i + 1 :]:
                pairs.append((a, b))
    return pairs


def _to_tables(rnd: RoundState, numbers: list[int]) -> list[list]:
    return [
        [int(rnd.tables[g]) + 1, int(rnd.judges[g]) + 1, tuple(numbers[p] for p in rnd.groups[g])]
        for g in range(len(rnd.groups))
    ]


def generate(
    players: int,
    games: int,
    tables: int | None = None,
    seed: int = 0,
    time_limit: float | None = None,
    apart: list[tuple[int, int]] = (),
    fixed_rounds=None,
    clubs: list[list[int]] = (),
    iterations: int | None = None,
    balance: str = "pairs",
    baseline: int | None = None,
) -> Seating:
    """Seat a stage, the same for the same seed on every machine unless a time limit is asked for.

    With neither ``iterations`` nor ``time_limit`` the search runs ``baseline`` moves (default
    ``default_iterations``). A larger budget or a time limit never gives a worse seating than that
    default: the baseline run comes first and the better of the two (``report.quality_key``) is
    kept. A budget below the baseline is run as asked. The seating's ``stats`` name the seed, the
    budget (``iterations`` or ``time_limit``) and which run was kept (``kept``: "baseline" or
    "search"). Other arguments: see ``_generate_once``.
    """
    baseline = default_iterations(players, games) if baseline is None else baseline
    once = dict(
        players=players, games=games, tables=tables, seed=seed, apart=apart, fixed_rounds=fixed_rounds, clubs=clubs,
        balance=balance,
    )
    if time_limit is None and (iterations is None or iterations <= baseline):
        budget = baseline if iterations is None else iterations
        seating = _generate_once(**once, iterations=budget)
        seating.stats.update(seed=seed, budget=budget, balance=balance, kept="baseline" if budget == baseline else "search")
        return seating
    check_run(seed, time_limit)
    first = _generate_once(**once, iterations=baseline)
    second = _generate_once(**once, iterations=iterations, time_limit=time_limit)
    club_lists = [list(c) for c in clubs]
    better_first = quality_key(quality_report(first, clubs=club_lists), balance) < quality_key(
        quality_report(second, clubs=club_lists), balance
    )
    kept = first if better_first else second
    kept.stats.update(
        seed=seed, budget=iterations if time_limit is None else None, time_limit=time_limit, balance=balance,
        kept="baseline" if better_first else "search", baseline=baseline,
    )
    return kept


def _generate_once(
    players: int,
    games: int,
    tables: int | None = None,
    seed: int = 0,
    time_limit: float | None = None,
    apart: list[tuple[int, int]] = (),
    fixed_rounds=None,
    clubs: list[list[int]] = (),
    iterations: int | None = None,
    balance: str = "pairs",
) -> Seating:
    """Seat a stage of ``players`` x ``games`` on ``tables`` tables a round (default players//10).

    ``apart``: pairs of player numbers (1-based) to keep apart; ``clubs``: lists of player numbers
    whose members should not meet. ``fixed_rounds``: rounds already played, in the
    ``Seating.rounds`` form; they are kept as they are and count towards every goal (the number
    of rounds of the stage does not change). ``iterations``: a move budget (deterministic);
    otherwise ``time_limit`` seconds (default ``default_time_limit``).
    ``balance``: what gives way when opponents and tables/judges conflict, which they provably do
    (``report.table_balanced_shared``): "pairs" (default, the issue's order of goals) puts
    opponents first, tables and judges as even as pair-neutral moves make them; "near" keeps
    tables and judges within one of floor/ceil(G/T); "tables" keeps them within floor/ceil(G/T)
    exactly, opponents as good as that allows.

    Every player plays ``games`` games, never at two tables in a round; with no ``fixed_rounds``
    every player takes every seat floor/ceil(G/10) times. Raises ``ImpossibleSize`` when the sizes cannot fill whole tables
    (naming sizes that can), ``SeatingError`` for other requests it cannot seat.
    """
    if balance not in BALANCES:
        raise SeatingError(f"balance must be one of {', '.join(BALANCES)}, not {balance!r}")
    check_run(seed, time_limit)
    run_started = time.perf_counter()
    tables = check_size(players, games, tables)
    rounds_total = players * games // (10 * tables)
    fixed_rounds = list(fixed_rounds or [])
    if len(fixed_rounds) > rounds_total:
        raise SeatingError(f"{len(fixed_rounds)} fixed rounds but the stage has {rounds_total}")
    if iterations is None and time_limit is None:
        time_limit = default_time_limit(players, games)
    numbers = list(range(1, players + 1))
    index = {p: i for i, p in enumerate(numbers)}
    fixed = [_state_from_tables(rnd, index) for rnd in fixed_rounds]
    played = {p: 0 for p in range(players)}
    for rnd in fixed:
        for row in rnd.groups:
            for p in row:
                played[int(p)] += 1
    demand = {p: games - played[p] for p in range(players)}
    if any(d < 0 for d in demand.values()):
        raise SeatingError("a player has played more games than the stage has")
    rng = np.random.default_rng(seed)
    free_count = rounds_total - len(fixed)
    sets = playing_sets(demand, [tables] * free_count, seed)
    sigma = rng.permutation(tables)
    starts = [_random_round(s, tables, rng, sigma) for s in sets]
    frozen = []
    searched = None
    built = None
    if balance == "pairs" and not fixed and not apart and not clubs:
        request = Request(
            players, tables, games, free_count, balance, pair_cap(players, games),
            seed=seed, iterations=iterations, time_limit=time_limit,
        )
        built = constructions.starting_rounds(request)
    if built is not None:
        relabel = rng.permutation(players)  # another seed, other players at each place
        placed = [RoundState(relabel[np.asarray(r)], np.arange(tables), sigma.copy()) for r in built.rounds]
        if built.use is Use.START:
            starts = placed
        else:
            frozen, starts, searched = placed, starts[len(placed) :], built.stats
            if built.search_rest and len(starts) > 1:
                found, searched = _search_rest(players, games, tables, frozen, starts, seed, iterations, time_limit)
                frozen += [RoundState(g, np.arange(tables), sigma.copy()) for g in found]
                starts = []
    result, stats = optimise(
        players, tables, starts, fixed, _apart_pairs(apart, clubs, index), seed, iterations, time_limit, frozen,
        balance=balance,
    )
    if apart or clubs:
        # the search weighs a pair kept apart like any repeat of opponents, so it may still seat
        # them together (one club pair of 20 players at 2 tables met once in four seeds): make it hard
        result = keep_apart(result, fixed, _apart_pairs(apart, clubs, index), players, pair_cap(players, games))
    if not apart and not clubs:
        result, polished = _within_cap(
            players, games, fixed, result, seed, iterations, time_limit, balance, started=run_started
        )
        searched = polished or searched
    if searched is not None:
        stats["iterations"] += searched["iterations"]
        stats["evaluated_moves"] += searched["evaluated"]
        stats["seconds"] = round(stats["seconds"] + searched["seconds"], 3)
        stats["moves_per_second"] = round(stats["evaluated_moves"] / max(stats["seconds"], 1e-9))
    if frozen and (starts or searched is not None):
        # spread the construction's rounds over the stage instead of playing them first
        order = random.Random(seed).sample(range(len(result)), len(result))
        result = [result[i] for i in order]
    rounds = [_to_tables(r, numbers) for r in fixed] + [_to_tables(r, numbers) for r in result]
    rounds = _seat(rounds, len(fixed), seed)
    return Seating(players=players, games=games, rounds=rounds, tables=tables, stats=stats)


def _state_from_tables(rnd, index) -> RoundState:
    groups = np.array([[index[p] for p in t[2]] for t in rnd], dtype=np.intp)
    return RoundState(
        groups, np.array([t[0] - 1 for t in rnd], dtype=np.intp), np.array([t[1] - 1 for t in rnd], dtype=np.intp)
    )


def _seat(rounds: list[list[list]], played: int, seed: int) -> list[list[Table]]:
    """Order every free game's players by seat: equitable colouring, or a balancing search on top
    of the played games."""
    fixed_games = [t[2] for rnd in rounds[:played] for t in rnd]
    free_games = [t[2] for rnd in rounds[played:] for t in rnd]
    if played:
        seated = balance_seats(fixed_games, free_games, seed)
    else:
        seated = colour_seats(free_games, seed)
    out = [[Table(*t) for t in rnd] for rnd in rounds[:played]]
    k = 0
    for rnd in rounds[played:]:
        row = []
        for t in rnd:
            row.append(Table(t[0], t[1], seated[k]))
            k += 1
        out.append(sorted(row))
    return out


def generate_final(games: int = 10, seed: int = 0, players: list[int] | None = None) -> Seating:
    """The final: 10 players at one table over ``games`` games.

    Rows of a row-complete (Williams) Latin square of order 10, players and game order shuffled by
    the seed: every player takes every seat at most once for ``games`` <= 10 (exactly once for
    10), and every ordered pair of players sits in neighbouring seats (seat s, then s+1) at most
    once, exactly once for 10 games. More than 10 games repeat the square, so seats stay within
    floor/ceil(games/10).
    """
    if games < 1:
        raise ImpossibleSize("the final needs at least 1 game; would work: games 1 to 10")
    check_games(games)
    check_run(seed)
    numbers = list(players) if players is not None else list(range(1, 11))
    if len(numbers) != 10 or len(set(numbers)) != 10:
        raise ImpossibleSize(f"the final seats exactly 10 distinct players, got {len(numbers)}")
    rng = random.Random(seed)
    square = williams_square(10)
    symbols = numbers[:]
    rng.shuffle(symbols)
    rows = list(range(10))
    rng.shuffle(rows)
    rounds = []
    for g in range(games):
        row = square[rows[g % 10]]
        rounds.append([Table(1, 1, tuple(symbols[x] for x in row))])
    return Seating(players=10, games=games, rounds=rounds, tables=1)


def reseat(
    seating: Seating,
    played_rounds: int,
    withdrawn: list[int] = (),
    substitutes: list[int] = (),
    seed: int = 0,
    time_limit: float | None = None,
    apart: list[tuple[int, int]] = (),
    clubs: list[list[int]] = (),
    iterations: int | None = None,
    balance: str = "pairs",
) -> Seating:
    """Regenerate the rounds after ``played_rounds`` when players withdraw or substitutes join.

    * The first ``played_rounds`` rounds are kept exactly (tables, judges, seats).
    * ``substitutes[i]`` (a new player number) takes over ``withdrawn[i]``'s remaining games;
      withdrawn players beyond the substitutes leave, and the remaining players must still play
      all their games, so the remaining rounds keep their count and use fewer tables where needed
      (or gain rounds when the games no longer fit; raises ``ImpossibleSize`` when the remaining
      games do not fill whole tables).
    * The rounds not yet played are annealed with the played ones counted: pair counts, tables,
      judges and seats are balanced over the whole stage.

    Returns a new Seating with the same numbering; its ``players`` is the number of distinct
    players who appear in it.
    """
    if not 0 <= played_rounds <= len(seating.rounds):
        raise SeatingError(f"played_rounds must be within 0..{len(seating.rounds)}")
    check_run(seed, time_limit)
    withdrawn = list(withdrawn)
    substitutes = list(substitutes)
    if len(substitutes) > len(withdrawn):
        raise SeatingError("every substitute replaces one withdrawn player: more substitutes than withdrawals")
    everyone = set(seating.player_numbers())
    for p in withdrawn:
        if p not in everyone:
            raise SeatingError(f"player {p} is not in this seating")
    for s in substitutes:
        if s in everyone:
            raise SeatingError(f"substitute {s} already plays in this seating")
    played = seating.rounds[:played_rounds]
    future = seating.rounds[played_rounds:]
    replace = dict(zip(withdrawn, substitutes))
    leaving = set(withdrawn) - set(replace)
    games_left: dict[int, int] = {}
    for rnd in future:
        for t in rnd:
            for p in t.seats:
                q = replace.get(p, p)
                if q in leaving:
                    continue
                games_left[q] = games_left.get(q, 0) + 1
    labels = max(seating.tables, max((len(r) for r in seating.rounds), default=1))
    total = sum(games_left.values())
    if total % 10:
        raise ImpossibleSize(
            f"the remaining {total} player-games do not fill tables of 10; would work: "
            f"{10 - total % 10} more substitute game(s) or {total % 10} fewer"
        )
    active = len(games_left)
    per_round = min(labels, active // 10)
    if per_round < 1 and total:
        raise ImpossibleSize(f"{active} players left: a table needs 10; would work: {10 - active} more substitutes")
    rounds_left = len(future)
    need_tables = total // 10
    rounds_left = max(rounds_left, math.ceil(need_tables / per_round) if per_round else 0,
                      max(games_left.values(), default=0))
    tables_per_round = _spread(need_tables, rounds_left, per_round)
    all_numbers = sorted(everyone | set(substitutes))
    index = {p: i for i, p in enumerate(all_numbers)}
    demand = {index[p]: d for p, d in games_left.items()}
    sets = playing_sets(demand, tables_per_round, seed)
    rng = np.random.default_rng(seed)
    sigma = rng.permutation(labels)
    starts = [_random_round(s, t, rng, sigma) for s, t in zip(sets, tables_per_round) if t]
    fixed = [_state_from_tables(rnd, index) for rnd in played]
    if iterations is None and time_limit is None:
        # a move budget by default, so that a seed gives the same reseating on every machine
        share = max(0.2, rounds_left / max(1, len(seating.rounds)))
        iterations = max(1, int(default_iterations(active, seating.games) * share))
    result, stats = optimise(
        len(all_numbers), labels, starts, fixed, _apart_pairs(apart, clubs, index), seed, iterations, time_limit,
        balance=balance,
    )
    rounds = [[list(t) for t in rnd] for rnd in played] + [_to_tables(r, all_numbers) for r in result]
    rounds = _seat(rounds, played_rounds, seed)
    return Seating(
        players=len({p for rnd in rounds for t in rnd for p in t.seats}),
        games=seating.games,
        rounds=rounds,
        tables=labels,
        stats=stats,
    )


def _spread(total: int, rounds: int, most: int) -> list[int]:
    """``total`` tables over ``rounds`` rounds, at most ``most`` a round, as even as possible."""
    if rounds == 0:
        return []
    base, extra = divmod(total, rounds)
    out = [base + (1 if i < extra else 0) for i in range(rounds)]
    if out and max(out) > most:
        raise ImpossibleSize("the remaining games do not fit the remaining rounds")
    return out
