"""The zero-sum projection and the side term: does b take what the projection moved?

    .venv/bin/python bench/rating_projection.py [--games 3000] [--seeds 1,2,3,4] [--world all]

The update makes the ten skill changes of a game sum to 0 (engines/ratings/README.md,
"Zero-sum"). The projection of a constrained Kalman filter moves only what the constraint
names: the players' skills; the side term b is independent of them in the belief and stays.
An earlier version also handed b what the projection took from the game's logit ("moved"),
so that b followed every result on top of its own Kalman step. ``Moved`` below is that
version (ours, plus moved added to b after each update), for comparison.

For each world of bench/rating_world.py and each seed it prints the log-loss over the
red/black games of ours and of that version, their difference (negative: ours better), and
ours minus the running red share and minus zero-sum Elo with a side term with the 95 %
bootstrap interval by tournament (bench/rating.py's method).
"""
from __future__ import annotations

import argparse
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from rating import bootstrap_difference, measures  # noqa: E402
from rating_anchors import elo_side, red_share  # noqa: E402
from rating_world import WORLDS, simulate  # noqa: E402

from engines.ratings.model import RatingModel  # noqa: E402


class Moved(RatingModel):
    """The earlier update: after ours, b also takes what the projection moved in the logit
    (sum of u0 times the correction = gain x (sum u0)^2 / sum Paa)."""

    def update(self, game):
        p, v, rows, _pj, _bv, _w = self._forecast(game)
        y = {"red": 1.0, "black": 0.0, "draw": 0.5}[game.result]
        gain = (y - p) / (1.0 + p * (1.0 - p) * v)
        sum_u0 = sum(row[9] for row in rows)
        sum_paa = sum(row[6] for row in rows)
        out = super().update(game)
        self.base += gain * sum_u0 * sum_u0 / sum_paa
        return out


def rate(model, games):
    return [model.update(g) for g in games]


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--seeds", default="1,2,3,4")
    parser.add_argument("--world", default="all", choices=[*WORLDS, "all"])
    parser.add_argument("--resamples", type=int, default=1000)
    args = parser.parse_args(argv)
    seeds = [int(s) for s in args.seeds.split(",")]
    diffs = []
    print(f"{'world':16s} seed  {'ours':>7s} {'moved':>7s} {'ours-moved':>10s}   ours - red share          ours - Elo side")
    for name in (WORLDS if args.world == "all" else [args.world]):
        for seed in seeds:
            games, _truth = simulate(args.games, seed, WORLDS[name])
            ours = measures(games, rate(RatingModel(), games))
            moved = measures(games, rate(Moved(), games))
            d = ours[0].mean() - moved[0].mean()
            diffs.append(d)
            line = f"{name:16s} {seed:4d}  {ours[0].mean():7.4f} {moved[0].mean():7.4f} {d:+10.4f}"
            for anchor in (red_share, elo_side):
                ll = measures(games, anchor(games))[0]
                mean, lo, hi = bootstrap_difference(ours[0] - ll, ours[4], args.resamples, seed)
                line += f"   {mean:+.4f} [{lo:+.4f}, {hi:+.4f}]{'*' if hi < 0 else ' '}"
            print(line, flush=True)
    diffs = np.array(diffs)
    print(f"\nours - moved: mean {diffs.mean():+.4f}, ours better in {int((diffs < 0).sum())} of {len(diffs)} "
          f"(* : ours shown better than the anchor)")


if __name__ == "__main__":
    main()
