"""Seating quality and speed: our generator beside mafia-schedule (PyPI 0.0.6) and a random seating.

    .venv/bin/python bench/seating.py --budget [--sizes 30x10]   (the default move budget and its time)
    .venv/bin/python bench/seating.py [--sizes 20x8,30x10,...] [--time-scale 1.0]
                                      [--mafia-factor 10] [--mafia-cap SECONDS] [--no-mafia]
                                      [--skip near,tables] [--seed S]

For every size, our generator with balance="pairs" (the generator's default: opponents first),
"near" (the admin's default: every table and judge count within one of floor/ceil(G/T)) and
"tables" (every player at every table and with every judge floor/ceil(G/T) times; the opponents
then cannot reach the round-pair bound, the note gives the bound under that rule), then:
time, seat maximum (how often a player takes his most frequent seat), pair counts
min/max/std beside the lowest possible std (round-pair / integrality bound), table and judge spread
(min..max of a player's count at one table / with one judge), evaluated moves a second, and in
the note how many pairs meet more often than the cap ceil(lambda) + 1.
mafia-schedule has no time budget in its API: it runs in a subprocess with a timeout of
``mafia-factor`` x our time (capped by ``--mafia-cap`` when given) and shows 'timed out' past it.
It has no judges. ``pip install mafia-schedule==0.0.6`` into the venv for its rows (bench only).

docs/seating.md quotes figures measured with it (std and pairs above the cap for each size, mode
and construction, and the time of a whole run) on the 2-core reference machine.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from engines.seating.generator import default_iterations, default_time_limit, generate  # noqa: E402
from engines.seating.model import Seating, Table  # noqa: E402
from engines.seating.report import bounds, quality_report, round_pair_bound  # noqa: E402

SIZES = [(p, g) for p in (20, 30, 50, 100, 200) for g in (8, 10, 12)]
BUDGET_SIZES = [(20, 10), (25, 8), (30, 10), (50, 10), (100, 10)]

_MAFIA = r"""
import contextlib, io, json, sys
P, G, T, R = map(int, sys.argv[1:5])
from mafia_schedule import Configuration, OptimizeOpponents, OptimizeSeats
conf = Configuration(numPlayers=P, numTables=T, numRounds=R, numGames=P * G // 10, numAttempts=G)
with contextlib.redirect_stdout(io.StringIO()):
    opt = OptimizeOpponents(verbose=False)
    opt.callbackBetterSchedule = None
    opt.callbackCurrSchedule = None
    opt.expectedZeroPairs = 0
    opt.expectedSinglePairs = 0
    schedule = opt.optimize(conf, 1, int(sys.argv[5]))
    seats = OptimizeSeats(schedule, verbose=False)
    seats.callbackBetterSchedule = None  # declared but never set by the package
    seats.optimize(1, [int(sys.argv[6])])
rounds = []
for rnd in schedule.rounds:
    rounds.append([[t + 1, 1, [p + 1 for p in schedule.games[g].players]] for t, g in enumerate(rnd.gameIds)])
print(json.dumps(rounds))
"""


def sizes_ok(p: int, g: int) -> bool:
    return (p * g) % (10 * (p // 10)) == 0


def random_seating(players: int, games: int, seed: int = 0) -> Seating:
    tables = players // 10
    rounds_total = players * games // (10 * tables)
    rng = random.Random(seed)
    order = list(range(1, players + 1))
    rng.shuffle(order)
    stream = order * games  # sit-outs spread evenly, groups random inside a round
    rounds, k = [], 0
    for _ in range(rounds_total):
        chosen = stream[k : k + 10 * tables]
        k += 10 * tables
        rng.shuffle(chosen)
        rounds.append([Table(t + 1, t + 1, tuple(chosen[10 * t : 10 * t + 10])) for t in range(tables)])
    return Seating(players=players, games=games, rounds=rounds, tables=tables)


def run_mafia(players: int, games: int, timeout: float) -> tuple[Seating | None, float, str]:
    tables = players // 10
    rounds_total = players * games // (10 * tables)
    start = time.perf_counter()
    try:
        out = subprocess.run(
            [sys.executable, "-c", _MAFIA, str(players), str(games), str(tables), str(rounds_total), "20000", "5000"],
            capture_output=True,
            text=True,
            timeout=timeout,
        )
    except subprocess.TimeoutExpired:
        return None, time.perf_counter() - start, "timed out"
    seconds = time.perf_counter() - start
    if out.returncode:
        return None, seconds, "failed: " + out.stderr.strip().splitlines()[-1][:60]
    rounds = json.loads(out.stdout.strip().splitlines()[-1])
    seating = Seating(players=players, games=games, rounds=rounds, tables=tables)
    return seating, seconds, ""


def row(name, p, g, seconds, seating, note="", rate=None, judges=True):
    if seating is None:
        return f"{p:>4} {g:>3} {name:<15} {seconds:>7.1f}  {note}"
    s = quality_report(seating, p, p // 10)["stage"]
    if s["pairs_above_cap"]:
        note = f"{s['pairs_above_cap']} pair(s) above the cap {s['pair_cap']}; {note}".rstrip("; ")
    bound = round_pair_bound(p, g, p // 10)
    judge = f"{s['judge_min']}..{s['judge_max']}" if judges else "n/a"
    return (
        f"{p:>4} {g:>3} {name:<15} {seconds:>7.1f} {s['seat_max']:>5} "
        f"{s['pair_min']:>3}..{s['pair_max']:<3} {s['pair_std']:>6.3f} {bound:>6.3f} "
        f"{s['table_min']:>3}..{s['table_max']:<3} {judge:>7} {(f'{rate / 1e6:.1f}M' if rate else ''):>7} {note}"
    )


def print_budget(sizes, seed: int) -> int:
    """The default move budget (what the CLI, the admin form and generate_seating run without a
    time limit) and the seconds a whole run takes with it, per size, in the admin's default
    balance "near" and in "pairs". Measured on the 2-core reference machine (numba compiled,
    another job running): 30 x 10 runs 12000 moves in 7.1 s ("near") and 1.6 s ("pairs");
    25 x 8 runs 8000 in 11.1 s and 9.6 s; 20 x 10 runs 8000 in 7.0 s and 10.1 s."""
    print("   P   G balance  budget  seconds  pairs above cap  std")
    for p, g in sizes:
        if not sizes_ok(p, g):
            continue
        for mode in ("near", "pairs"):
            start = time.perf_counter()
            seating = generate(p, g, seed=seed, balance=mode)
            seconds = time.perf_counter() - start
            stage = quality_report(seating)["stage"]
            print(f"{p:>4} {g:>3} {mode:<7} {default_iterations(p, g):>7} {seconds:>8.1f} {stage['pairs_above_cap']:>16}"
                  f" {stage['pair_std']:.3f}", flush=True)
    return 0


def main(argv=None) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", default=None, help="comma list like 30x10,100x10")
    parser.add_argument("--time-scale", type=float, default=1.0, help="times our default time limit")
    parser.add_argument("--mafia-factor", type=float, default=10.0)
    parser.add_argument("--mafia-cap", type=float, default=None)
    parser.add_argument("--no-mafia", action="store_true")
    parser.add_argument(
        "--skip", default="", help="comma list of the balance modes near, tables whose rows to leave out"
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--budget", action="store_true", help="print the default move budget and its time per size, then stop")
    args = parser.parse_args(argv)
    if args.budget:
        chosen = [tuple(int(x) for x in item.split("x")) for item in args.sizes.split(",")] if args.sizes else BUDGET_SIZES
        return print_budget(chosen, args.seed)
    args.skip = {mode.strip() for mode in args.skip.split(",") if mode.strip()}
    sizes = SIZES
    if args.sizes:
        sizes = [tuple(int(x) for x in item.split("x")) for item in args.sizes.split(",")]
    print("   P   G method             time  seat  pairs     std  bound  tables  judges moves/s note")
    for p, g in sizes:
        if not sizes_ok(p, g):
            print(f"{p:>4} {g:>3} (size impossible with {p // 10} tables)")
            continue
        limit = default_time_limit(p, g) * args.time_scale
        start = time.perf_counter()
        ours = generate(p, g, seed=args.seed, time_limit=limit)
        seconds = time.perf_counter() - start
        print(row("ours (pairs)", p, g, seconds, ours, rate=ours.stats.get("moves_per_second")), flush=True)
        for mode in ("near", "tables"):
            if mode in args.skip:
                continue
            start = time.perf_counter()
            balanced = generate(p, g, seed=args.seed, time_limit=limit, balance=mode)
            tseconds = time.perf_counter() - start
            balanced_bound = bounds(p, g)["tables_balanced"]  # None when players sit out
            note = ""
            if mode == "tables" and balanced_bound is not None:
                note = f"bound with tables balanced {balanced_bound:.3f}"
            rate = balanced.stats.get("moves_per_second")
            print(row(f"ours ({mode})", p, g, tseconds, balanced, note, rate=rate), flush=True)
        print(row("random", p, g, 0.0, random_seating(p, g, args.seed)), flush=True)
        if not args.no_mafia:
            timeout = args.mafia_factor * seconds
            if args.mafia_cap:
                timeout = min(timeout, args.mafia_cap)
            seating, mseconds, note = run_mafia(p, g, timeout)
            print(row("mafia-schedule", p, g, mseconds, seating, note=note, judges=False), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
