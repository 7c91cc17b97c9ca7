"""Benchmark of the rating calculator: ``python bench/scoring.py [--sizes 100 1000 10000]``.

For tournaments of 100, 1,000 and 10,000 players (20 games each, 10 players a game, seeded,
valid), writes each to a temporary file laid out like the spec's examples (indent 1; or
``--compact``), then times

* ``standings``: what ``python -m scoring standings FILE`` does minus process start: read,
  parse JSON, check the shape and every rule, compute, serialize mafia-standings/1;
* ``json.load`` of the same file, the floor any Python reader of it pays;

and prints games per second and the ratio standings / json.load for each size (best of
``--repeat`` runs), by wall clock and by the process's CPU time (the CPU ratio is the
steadier one on a shared machine). The target is a ratio <= 1.0 at 10,000 players and
linear growth. ``json.load`` runs as a plain caller would run it, collector on; the CLI
holds the collector off while it works (scoring/cli.py), and that is part of what is timed.
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

from scoring.cli import run_standings  # noqa: E402

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


def best_of(repeat: int, fn) -> tuple[float, float]:
    """(best wall seconds, best CPU seconds) over ``repeat`` runs."""
    wall = cpu = float("inf")
    for _ in range(repeat):
        gc.collect()
        start, start_cpu = time.perf_counter(), time.process_time()
        fn()
        cpu = min(cpu, time.process_time() - start_cpu)
        wall = min(wall, time.perf_counter() - start)
    return wall, cpu


def json_load(path):
    with open(path, "rb") as fh:
        return json.load(fh)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[100, 1000, 10000])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--compact", action="store_true",
                        help="write the files without indentation")
    args = parser.parse_args(argv)

    print(f"python {sys.version.split()[0]}, best of {args.repeat}, "
          f"{'compact' if args.compact else 'indent 1'} files")
    print(f"{'players':>8} {'games':>7} {'file MB':>8} {'json.load s':>12} "
          f"{'standings s':>12} {'games/s':>10} {'ratio':>6} {'cpu json':>9} "
          f"{'cpu std':>8} {'cpu ratio':>9}")
    rows = []
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
            n_games = size * GAMES_PER_PLAYER // 10
            t_json, c_json = best_of(args.repeat, lambda: json_load(path))
            t_std, c_std = best_of(args.repeat, lambda: run_standings(path))
            rows.append((size, t_std, c_std))
            print(f"{size:>8} {n_games:>7} {os.path.getsize(path) / 1e6:>8.2f} "
                  f"{t_json:>12.4f} {t_std:>12.4f} {n_games / t_std:>10.0f} "
                  f"{t_std / t_json:>6.2f} {c_json:>9.4f} {c_std:>8.4f} {c_std / c_json:>9.2f}")
    for (s0, t0, c0), (s1, t1, c1) in zip(rows, rows[1:]):
        print(f"growth {s0} -> {s1} players ({s1 / s0:g}x): standings wall {t1 / t0:.1f}x, "
              f"cpu {c1 / c0:.1f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
