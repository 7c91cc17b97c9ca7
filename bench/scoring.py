"""Benchmark of the rating calculator: ``python bench/scoring.py [--sizes 100 1000 10000]``.

For tournaments of 100, 1,000 and 10,000 players (20 games each, 10 players a game, seeded,
valid), writes each to a temporary file laid out like the spec's examples (indent 1; or
``--compact``), then times

* ``standings``: what ``python -m scoring standings FILE`` does minus process start: read,
  parse JSON, check the shape and every rule, compute, serialize mafia-standings/1;
* ``json.load`` of the same file, the floor any Python reader of it pays;

and prints games per second, CPU microseconds per game, and the ratio standings / json.load
for each size (best of ``--repeat`` runs, measured ``--rounds`` times to show the spread),
by wall clock and by the process's CPU time (the CPU ratio is the steadier one on a shared
machine). The limit: at 10,000 players the CLI's best CPU time over the rounds is within
``--limit`` (1.5) times json.load's best; the last lines print both, the ratio and whether
it holds (exit 1 when it does not). Growth should be linear (the same time per game at
every size). ``json.load`` runs as a plain caller would run it, collector on;
the CLI holds the collector off while it works (engines/scoring/cli.py), and that is part of what is
timed. For a stricter view the last column compares with json.load with the collector off
too. The "path" column says whether the CLI took the rules' tallies (engines/scoring/fastpath.py)
or the careful path for the file.
"""
from __future__ import annotations

import argparse
import gc
import json
import os
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engines.scoring.cli import run_standings  # noqa: E402
from engines.scoring.fastpath import standings_from_bytes  # noqa: E402

ROLES = ["red"] * 6 + ["sheriff", "black", "black", "don"]
GAMES_PER_PLAYER = 20


def generate(players: int, seed: int = 2026) -> dict:
    """A valid fiim tournament: every round seats every player once, 10 to a table."""
    if players % 10:
        raise ValueError("players must be a multiple of 10")
    rnd = random.Random(seed + players)
    ids = [f"p{i:05d}" for i in range(1, players + 1)]
    games = []
    for round_no in range(1, GAMES_PER_PLAYER + 1):
        stage = "qualifying" if round_no <= 12 else "semifinal"
        order = ids[:]
        rnd.shuffle(order)
        for table in range(players // 10):
            seated = order[table * 10:(table + 1) * 10]
            roles = ROLES[:]
            rnd.shuffle(roles)
            result = rnd.choices(("red", "black", "draw"), (48, 48, 4))[0]
            seats = []
            for n in range(10):
                seat = {"seat": n + 1, "player": seated[n], "role": roles[n],
                        "fouls": rnd.choices((0, 1, 2, 3), (50, 30, 15, 5))[0]}
                seats.append(seat)
            if rnd.random() < 0.03:
                s = seats[rnd.randrange(10)]
                s["fouls"] = 4
                s["removed"] = "fourth_foul"
            if result != "draw":
                for n in rnd.sample(range(10), rnd.randint(0, 3)):
                    winner = (roles[n] in ("red", "sheriff")) == (result == "red")
                    seats[n]["extra"] = rnd.choice(("0.1", "0.2", "0.25", "0.3", "0.3")
                                                   if winner else ("0.1", "0.2"))
            if result == "black" and rnd.random() < 0.05:
                red_seats = [n for n in range(10) if roles[n] == "red"]
                seats[rnd.choice(red_seats)]["penalties"] = [
                    {"clause": "8.5.1", "reason": "сломал в красного"}]
            first_killed = None
            if rnd.random() < 0.8:
                victim = rnd.randint(1, 10)
                others = [n for n in range(1, 11) if n != victim]
                first_killed = {"seat": victim, "named": rnd.sample(others, 3)}
            games.append({"id": f"R{round_no}-T{table + 1}", "stage": stage, "round": round_no,
                          "table": table + 1, "judge": f"Судья {table % 7 + 1}",
                          "result": result, "first_killed": first_killed, "seats": seats})
    return {"format": "mafia-tournament/1",
            "tournament": {"name": f"Bench {players}", "ruleset": "fiim",
                           "participants": players, "games_before_final": GAMES_PER_PLAYER,
                           "lot_seed": f"bench-{players}"},
            "players": [{"id": p, "nickname": f"Игрок {p[1:]}"} for p in ids],
            "games": games}


def best_of(repeat: int, fn, collector: bool = True) -> tuple[float, float]:
    """(best wall seconds, best CPU seconds) over ``repeat`` runs; ``collector`` says whether
    the cyclic garbage collector is on while ``fn`` runs (as a plain caller has it)."""
    wall = cpu = float("inf")
    for _ in range(repeat):
        gc.collect()
        if not collector:
            gc.disable()
        try:
            start, start_cpu = time.perf_counter(), time.process_time()
            fn()
            cpu = min(cpu, time.process_time() - start_cpu)
            wall = min(wall, time.perf_counter() - start)
        finally:
            gc.enable()
    return wall, cpu


def json_load(path):
    with open(path, "rb") as fh:
        return json.load(fh)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[100, 1000, 10000])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--rounds", type=int, default=3,
                        help="measure each size this many times (best of --repeat each) and "
                             "show the spread of the ratios")
    parser.add_argument("--compact", action="store_true",
                        help="write the files without indentation")
    parser.add_argument("--limit", type=float, default=1.5,
                        help="the most the CLI may take at the largest size, in json.load's "
                             "CPU time (best of the rounds each)")
    args = parser.parse_args(argv)

    print(f"python {sys.version.split()[0]}, {os.cpu_count()} cores, load average "
          f"{os.getloadavg()[0]:.1f}, best of {args.repeat}, {args.rounds} rounds, "
          f"{'compact' if args.compact else 'indent 1'} files")
    print("ratio = standings / json.load (collector on, as a plain caller has it); "
          "ratio(gc off) = against json.load with the collector off too")
    print(f"{'players':>8} {'games':>6} {'MB':>6} {'path':>7} {'json.load':>9} "
          f"{'standings':>9} {'games/s':>8} {'us/game':>7} {'ratio':>6} {'cpu json':>8} "
          f"{'cpu std':>7} {'cpu ratio':>9} {'ratio(gc off)':>13}")
    per_game = []
    best = {}  # size -> (best CPU of json.load, best CPU of the CLI) over every round
    with tempfile.TemporaryDirectory() as tmp:
        for size in args.sizes:
            doc = generate(size)
            path = os.path.join(tmp, f"bench-{size}.json")
            with open(path, "w", encoding="utf-8") as fh:
                json.dump(doc, fh, ensure_ascii=False, indent=None if args.compact else 1)
            del doc
            code, out, err = run_standings(path)
            if code != 0:
                print(err, file=sys.stderr)
                return 1
            # Which path the CLI takes for this file (fastpath.py), shown, not assumed.
            path_taken = "tally" if standings_from_bytes(Path(path).read_bytes()) else "careful"
            n_games = size * GAMES_PER_PLAYER // 10
            ratios, cpu_ratios = [], []
            for _ in range(args.rounds):
                t_json, c_json = best_of(args.repeat, lambda path=path: json_load(path))
                t_json_nogc, c_json_nogc = best_of(args.repeat, lambda path=path: json_load(path),
                                                   collector=False)
                t_std, c_std = best_of(args.repeat, lambda path=path: run_standings(path))
                ratios.append(t_std / t_json)
                cpu_ratios.append(c_std / c_json)
                seen = best.get(size, (float("inf"), float("inf")))
                best[size] = (min(seen[0], c_json), min(seen[1], c_std))
                print(f"{size:>8} {n_games:>6} {os.path.getsize(path) / 1e6:>6.2f} "
                      f"{path_taken:>7} {t_json:>9.4f} {t_std:>9.4f} {n_games / t_std:>8.0f} "
                      f"{1e6 * c_std / n_games:>7.1f} {t_std / t_json:>6.2f} {c_json:>8.4f} "
                      f"{c_std:>7.4f} {c_std / c_json:>9.2f} "
                      f"{t_std / t_json_nogc:>6.2f} cpu {c_std / c_json_nogc:>4.2f}")
            per_game.append((size, 1e6 * c_std / n_games))
            print(f"{'':>8} spread over {args.rounds} rounds: ratio {min(ratios):.2f}.."
                  f"{max(ratios):.2f}, cpu ratio {min(cpu_ratios):.2f}..{max(cpu_ratios):.2f}")
    for (s0, g0), (s1, g1) in zip(per_game, per_game[1:]):
        print(f"growth {s0} -> {s1} players ({s1 / s0:g}x the games): CPU time per game "
              f"{g0:.1f} -> {g1:.1f} us ({g1 / g0:.2f}x; 1.00 is linear)")
    size = max(best)
    c_json, c_std = best[size]
    holds = c_std <= args.limit * c_json
    print(f"{size} players, best CPU time over {args.rounds} rounds: json.load {c_json:.4f} s, "
          f"standings {c_std:.4f} s, ratio {c_std / c_json:.2f} (limit {args.limit:.2f}): "
          f"{'holds' if holds else 'OVER THE LIMIT'}")
    return 0 if holds else 1


if __name__ == "__main__":
    sys.exit(main())
