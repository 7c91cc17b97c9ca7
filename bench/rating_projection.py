"""Keeping the mean skill at 0: a projection of each game's change, or a shift into b?

    .venv/bin/python bench/rating_projection.py [--games 20000] [--seeds 1,2,3] [--world all]

Every player's mean skill stays 0 (engines/ratings/README.md, "Zero-sum"). The earlier update
(state format 2, ``Projected`` below) made the ten skill changes of each game sum to 0, the
projection of a constrained Kalman filter: the winners' gains were cut and the losers' losses
deepened in proportion to their variances. Ours keeps each player's own Kalman step and takes
the sum of the ten's changes out of every player's skill at once, into b, which leaves every
forecast as the step made it (the sum of a game's signed seat weights is the same in every
game).

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


class Projected(RatingModel):
    """The earlier update (state format 2): the ten skill changes of a game projected onto a
    zero sum, each player taking a share of the sum in proportion to his variance and his side
    part its covariance's share; b left alone. Ours' update is run, then turned into it."""

    def update(self, game):
        p, v, rows, _pj, _bv, _w = self._forecast(game)
        y = {"red": 1.0, "black": 0.0, "draw": 0.5}[game.result]
        gain = (y - p) / (1.0 + p * (1.0 - p) * v)
        correction = gain * sum(row[9] for row in rows) / sum(row[6] for row in rows)
        out = super().update(game)
        n = len(self.players)
        sum_x = sum(row[3] for row in rows)
        sum_w = sum(abs(row[3]) for row in rows)
        share = gain * sum(row[9] for row in rows) / n  # what ours moved into b for the skills
        self.a_offset -= share
        self.base -= share * sum_x
        for row in rows:
            st = self.players[row[1]]
            st[0] -= row[6] * correction
            st[1] -= row[7] * correction
        share = -correction * sum(row[7] for row in rows) / n  # the side parts' extra mean change
        self.d_offset += share
        self.base += share * sum_w
        return out


def rate(model, games):
    return [model.update(g) for g in games]


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20000)
    parser.add_argument("--seeds", default="1,2,3")
    parser.add_argument("--world", default="all", choices=[*WORLDS, "all"])
    parser.add_argument("--resamples", type=int, default=1000)
    args = parser.parse_args(argv)
    seeds = [int(s) for s in args.seeds.split(",")]
    diffs = []
    print(f"{'world':16s} seed  {'ours':>7s} {'projected':>7s} {'ours-projected':>14s}   ours - red share          ours - Elo side")
    for name in (WORLDS if args.world == "all" else [args.world]):
        for seed in seeds:
            games, _truth = simulate(args.games, seed, WORLDS[name])
            ours = measures(games, rate(RatingModel(), games))
            projected = measures(games, rate(Projected(), games))
            d = ours[0].mean() - projected[0].mean()
            diffs.append(d)
            line = f"{name:16s} {seed:4d}  {ours[0].mean():7.4f} {projected[0].mean():9.4f} {d:+14.4f}"
            for anchor in (red_share, elo_side):
                ll = measures(games, anchor(games))[0]
                mean, lo, hi = bootstrap_difference(ours[0] - ll, ours[4], args.resamples, seed)
                line += f"   {mean:+.4f} [{lo:+.4f}, {hi:+.4f}]{'*' if hi < 0 else ' '}"
            print(line, flush=True)
    diffs = np.array(diffs)
    print(f"\nours - projected: mean {diffs.mean():+.4f}, ours better in {int((diffs < 0).sum())} of {len(diffs)} "
          f"(* : ours shown better than the anchor)")


if __name__ == "__main__":
    main()
