"""How well the rating forecasts, and how fast it recomputes (spec/rating.md's method).

    .venv/bin/python bench/rating.py [--games 20000] [--world default|flat-roles|...|all]
                                     [--seed 1] [--resamples 2000] [--no-openskill] [--files]
                                     [--informed [--ablations]] [--whole-history 4000]
    .venv/bin/python bench/rating.py --db            # the tournaments in the database, same measures
    .venv/bin/python bench/rating.py --incremental   # the stored rating: full recompute vs one sign-off

A simulated season of its own (bench/rating_world.py: hidden skills that drift, some players
better as black than as red, sheriff and don weighing more, uneven activity, red's base rate
above 50 %) is rated game by game; every forecast is made before its game is played. For ours
(engines.ratings) and each anchor of spec/rating.md (bench/rating_anchors.py) it prints, over
the red/black games: log-loss, Brier score, the log-loss of the true probabilities (the
floor no rating reaches), a calibration table (10 bins of p: games, mean p, share of red
wins), and ours minus each anchor in log-loss with a 95 % bootstrap interval, resampling
whole tournaments (ours is better when the interval lies below zero). ``--informed`` adds the
floor of spec/rating.md, the informed learner (bench/rating_informed.py: told the world's
structure and parameters, refit by MAP round by round, its uncertainty integrated): ours is
at the data's limit within 0.002 of its log-loss. With it comes ours' filter told the world's
parameters (priors, drift, seat weights, base): between it and ours lies what learning them
costs, between it and the informed learner what a belief a player costs. ``--ablations`` shows
what each piece of the informed learner's knowledge is worth. ``--whole-history N`` compares ours, the informed learner and
TrueSkill Through Time (refit on all earlier tournaments) on the season's first N games.

Speed: the recompute of the whole season (wall clock and process CPU time, the CPU time is
the steadier figure on a shared machine; target: 100,000 games in under 10 s), and one game's
update after a sign-off: the slowest single ``update`` of the run, and resuming the saved
state (``from_state`` of the JSON) plus one update (target: under 50 ms). ``--files`` also
writes the season as tournament files and times reading and rating them, as the command does.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from datetime import date

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from rating_anchors import ANCHORS, openskill_available, whole_history, whole_history_available  # noqa: E402
from rating_informed import informed, ours_told  # noqa: E402
from rating_world import WORLDS, simulate  # noqa: E402

from engines.ratings.bank import RatingBank, rate_season  # noqa: E402
from engines.ratings.reader import read_season  # noqa: E402

EPS = 1e-4  # forecasts are shown with 4 decimals, strictly between 0 and 1 (spec/rating.md)


def clamp(p: float) -> float:
    return min(max(p, EPS), 1.0 - EPS)


def measures(games, preds):
    """(per-game log-loss, per-game squared error, y, p, tournament index) over red/black games."""
    rows = [(g.tournament, 1.0 if g.result == "red" else 0.0, clamp(p))
            for g, p in zip(games, preds) if g.result != "draw"]
    t = np.array([r[0] for r in rows])
    y = np.array([r[1] for r in rows])
    p = np.array([r[2] for r in rows])
    ll = -(y * np.log(p) + (1 - y) * np.log(1 - p))
    return ll, (p - y) ** 2, y, p, t


def calibration(y, p):
    lines = []
    bins = np.minimum((p * 10).astype(int), 9)
    for b in range(10):
        sel = bins == b
        if sel.any():
            lines.append(f"    {b / 10:.1f}-{(b + 1) / 10:.1f}  {int(sel.sum()):7d}  mean p {p[sel].mean():.3f}"
                         f"  red won {y[sel].mean():.3f}")
    return lines


def bootstrap_difference(diff, tournaments, resamples, seed):
    """Mean difference and its 95 % interval, resampling whole tournaments."""
    ids, inverse = np.unique(tournaments, return_inverse=True)
    sums = np.bincount(inverse, weights=diff, minlength=len(ids))
    counts = np.bincount(inverse, minlength=len(ids)).astype(float)
    rng = np.random.default_rng(seed)
    picks = rng.integers(0, len(ids), size=(resamples, len(ids)))
    means = sums[picks].sum(axis=1) / counts[picks].sum(axis=1)
    lo, hi = np.percentile(means, [2.5, 97.5])
    return diff.mean(), lo, hi


def speed(games, model: RatingBank):
    """(slowest single update in ms over the last 1,000 games, resume + one update in ms by
    wall clock and CPU, the state's size)."""
    state = json.dumps(model.to_state())
    worst = 0.0
    replay = RatingBank.from_state(json.loads(state))
    for g in games[-1000:]:
        t0 = time.perf_counter()
        replay.update(g)
        worst = max(worst, time.perf_counter() - t0)
    t0, c0 = time.perf_counter(), time.process_time()
    resumed = RatingBank.from_state(json.loads(state))
    resumed.update(games[-1])
    return worst * 1e3, (time.perf_counter() - t0) * 1e3, (time.process_time() - c0) * 1e3, len(state)


def write_season(games, folder):
    """The season as mafia-tournament/1 files (one a tournament), as ``python -m ratings`` reads them."""
    by_tournament = {}
    for g in games:
        by_tournament.setdefault(g.tournament, []).append(g)
    paths = []
    for t, rows in by_tournament.items():
        ids = sorted({pid for g in rows for pid, _r in g.seats})
        doc = {"format": "mafia-tournament/1",
               "tournament": {"name": f"T{t}", "ruleset": "fiim", "participants": len(ids), "games_before_final": 10,
                              "lot_seed": f"t{t}", "date": date.fromordinal(rows[0].day).isoformat()},
               "players": [{"id": pid, "nickname": pid} for pid in ids],
               "games": [{"id": g.game_id, "stage": "qualifying", "round": int(g.game_id[1:].split("-")[0]),
                          "table": int(g.game_id.split("-T")[1]), "result": g.result,
                          "seats": [{"seat": i + 1, "player": pid, "role": role} for i, (pid, role) in enumerate(g.seats)]}
                         for g in rows]}
        path = os.path.join(folder, f"t{t:05d}.json")
        with open(path, "w", encoding="utf-8") as f:
            json.dump(doc, f)
        paths.append(path)
    return paths


def run_world(name, args, games=None, truth=None):
    """Rate one season and print its figures: a simulated world's, or (`games` given, `truth`
    None) the database's rated games."""
    if games is None:
        games, truth = simulate(args.games, args.seed, WORLDS[name])
    if not games:
        print(f"== {name}: no rated games")
        return
    n_tournaments = games[-1].tournament + 1
    print(f"== world {name!r}: {len(games)} games, {n_tournaments} tournaments, "
          f"{len({pid for g in games for pid, _r in g.seats})} players, "
          f"red won {sum(g.result == 'red' for g in games) / len(games):.3f}, draws {sum(g.result == 'draw' for g in games)}")
    wall, cpu = time.perf_counter(), time.process_time()
    model, ours = rate_season(games)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    summary = model.summary()
    print(f"ours: recompute {wall:.2f} s wall, {cpu:.2f} s CPU ({cpu / len(games) * 1e6:.0f} us a game); "
          f"learned red base rate {summary['red_base_rate']:.3f}, weights "
          + ", ".join(f"{r} {w:.2f}" for r, w in summary["weights"].items())
          + f"; mean skill {model.mean_skill():+.1e}")
    worst, resume, resume_cpu, size = speed(games, model)
    print(f"one game's update: slowest of the last 1,000 {worst:.2f} ms; resume the saved state "
          f"({size / 1e6:.1f} MB JSON) + one update {resume:.1f} ms wall, {resume_cpu:.1f} ms CPU")
    if args.files:
        with tempfile.TemporaryDirectory() as folder:
            paths = write_season(games, folder)
            wall, cpu = time.perf_counter(), time.process_time()
            _files, read = read_season(paths)
            _model, from_files = rate_season(read)
            wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
            same = from_files == ours
            print(f"from {len(paths)} files (what python -m ratings does): read + recompute {wall:.2f} s wall, "
                  f"{cpu:.2f} s CPU; the same forecasts: {same}")
    methods = {"ours": ours}
    if truth is not None and args.informed:
        world = WORLDS[name]
        wall = time.perf_counter()
        methods["informed learner"] = informed(games, world)
        print(f"informed learner: {time.perf_counter() - wall:.0f} s")
        methods["ours, told the parameters"] = ours_told(games, world)
        if args.ablations:
            methods["informed, no role parts"] = informed(games, world, role_parts=False)
            methods["informed, a belief a player"] = informed(games, world, independent=True)
            methods["informed, both"] = informed(games, world, role_parts=False, independent=True)
    for anchor, fn in ANCHORS.items():
        if anchor.startswith("OpenSkill") and (args.no_openskill or not openskill_available()):
            print("OpenSkill default: skipped (" + ("--no-openskill" if args.no_openskill else
                                                    "pip install openskill==6.2.0") + ")")
            continue
        methods[anchor] = fn(games)
    results = compare(games, truth, methods, args)
    print("\ncalibration (bin of p, games, mean p, share of red wins):")
    for label, (_ll, y, p, _t) in results.items():
        print(f"  {label}:")
        print("\n".join(calibration(y, p)))
    print()
    if args.whole_history and truth is not None:
        head = min(args.whole_history, len(games))
        if not whole_history_available():
            print("whole-history anchor: skipped (pip install trueskillthroughtime==1.1.0)")
            return
        wall = time.perf_counter()
        first = {label: preds[:head] for label, preds in methods.items()
                 if label in ("ours", "informed learner", "mafiaratings Elo", "running red share")}
        first["whole history (TTT)"] = whole_history(games[:head])
        print(f"== the first {head} games of {name!r} with the whole-history anchor, refit before every tournament "
              f"({time.perf_counter() - wall:.0f} s)")
        compare(games[:head], truth[:head], first, args)
        print()


def compare(games, truth, methods, args):
    """Print each method's log-loss and Brier score, the share of the gap from the running
    red share to the true probabilities it closes, and ours minus each in log-loss with its
    95 % bootstrap interval by tournament; -> per method (log-loss per game, y, p, tournament)."""
    floor = share = None
    print(f"\n{'':28s} {'log-loss':>9s} {'Brier':>7s}  closes")
    if truth is not None:
        ll_true, sq_true, *_ = measures(games, truth)
        floor = ll_true.mean()
        print(f"{'(the true probabilities)':28s} {floor:9.4f} {sq_true.mean():7.4f}")
        if "running red share" in methods:
            share = measures(games, methods["running red share"])[0].mean()
    results = {}
    for label, preds in methods.items():
        ll, sq, y, p, t = measures(games, preds)
        results[label] = (ll, y, p, t)
        closes = f"  {(share - ll.mean()) / (share - floor):6.1%}" if share is not None and share > floor else ""
        print(f"{label:28s} {ll.mean():9.4f} {sq.mean():7.4f}{closes}")
    print("\nours minus each, log-loss, 95 % bootstrap interval by tournament:")
    ll_ours, _y, _p, t = results["ours"]
    for label in methods:
        if label == "ours":
            continue
        mean, lo, hi = bootstrap_difference(ll_ours - results[label][0], t, args.resamples, args.seed)
        if label.startswith("informed"):
            verdict = "within 0.002" if mean <= 0.002 else "NOT within 0.002"
        else:
            verdict = "ours better" if hi < 0 else "NOT shown better"
        print(f"  vs {label:26s} {mean:+.4f}  [{lo:+.4f}, {hi:+.4f}]  {verdict}")
    informed_labels = [label for label in methods if label.startswith(("informed learner", "ours, told"))]
    if informed_labels and len(ll_ours) >= 400:
        # the informed learner starts knowing what ours must learn from the games: where the
        # difference lies in the season (quarters of the red/black games, in order)
        print("\nours minus each by quarter of the season (the first quarter pays for learning the field):")
        edges = [len(ll_ours) * k // 4 for k in range(5)]
        for label in informed_labels:
            diff = ll_ours - results[label][0]
            quarters = "  ".join(f"{diff[a:b].mean():+.4f}" for a, b in zip(edges, edges[1:]))
            print(f"  vs {label:26s} {quarters}")
    return results


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20000)
    parser.add_argument("--world", default="default", choices=[*WORLDS, "all"])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--resamples", type=int, default=2000)
    parser.add_argument("--no-openskill", action="store_true")
    parser.add_argument("--informed", action="store_true",
                        help="also the informed learner of spec/rating.md (bench/rating_informed.py), about a minute")
    parser.add_argument("--ablations", action="store_true",
                        help="with --informed: the informed learner without role parts, with a belief a player, both")
    parser.add_argument("--whole-history", type=int, default=0, metavar="N",
                        help="the whole-history anchor (TrueSkill Through Time) on the first N games; minutes for 4,000")
    parser.add_argument("--files", action="store_true", help="also time reading the season from tournament files")
    parser.add_argument("--db", action="store_true",
                        help="rate the tournaments in the database (DATABASE_URL, else the project's SQLite) instead")
    parser.add_argument("--incremental", action="store_true",
                        help="in the database: time a full recompute and one sign-off's incremental update (bench/rating_db.py)")
    parser.add_argument("--updates", type=int, default=20, help="with --incremental: sign-offs timed")
    args = parser.parse_args(argv)
    if args.db or args.incremental:
        import rating_db

        rating_db.setup_django()
        if args.incremental:
            rating_db.incremental(args.updates)
        if args.db:
            run_world("the database", args, games=[g for _pk, g in rating_db.database_games()])
        return
    for name in (WORLDS if args.world == "all" else [args.world]):
        run_world(name, args)


if __name__ == "__main__":
    main()
