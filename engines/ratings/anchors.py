"""The anchors a rating is judged against (spec/rating.md), each a function games -> the
forecast of every game made before it is played (the contract of bank.rate_season):

- ``constant``: 0.5.
- ``red_share``: the running share of red wins (draws half), (wins + 1) / (games + 2).
- ``mafiaratings_elo``: as mafiaratings publishes it: every player has a red rating and a
  black rating from 0; team red's rating is the average of its seven players' red ratings,
  team black's of its three players' black ratings; P(red) = 1 / (1 + 10^((black - red)/400));
  each winner gains 16, each loser loses 12; no side term (a draw changes nothing).
- ``elo_side``: the same ratings and team averages, zero-sum (each red player moves by
  K (y - p), each black one by -K (y - p) x 7/3, K = 16; a draw is y = 0.5) with a side term:
  the logit of the running red share, in Elo's points.

Here, in the core, because the public page "how the rating works" computes them on the games
played here beside ours, as the bench does on its simulated seasons (bench/rating_anchors.py
adds OpenSkill, a library the product does not need).
"""
from __future__ import annotations

import math

RED_TEAM = ("red", "sheriff")


def constant(games):
    return [0.5] * len(games)


def red_share(games):
    out, wins, n = [], 0.0, 0
    for g in games:
        out.append((wins + 1.0) / (n + 2.0))
        wins += {"red": 1.0, "black": 0.0, "draw": 0.5}[g.result]
        n += 1
    return out


def _elo(games, *, zero_sum: bool, side: bool, k=16.0):
    red_r: dict[str, float] = {}
    black_r: dict[str, float] = {}
    out = []
    wins, n = 0.0, 0
    for g in games:
        reds = [pid for pid, role in g.seats if role in RED_TEAM]
        blacks = [pid for pid, role in g.seats if role not in RED_TEAM]
        r = sum(red_r.get(pid, 0.0) for pid in reds) / len(reds)
        b = sum(black_r.get(pid, 0.0) for pid in blacks) / len(blacks)
        diff = r - b
        if side:
            share = (wins + 1.0) / (n + 2.0)
            diff += 400.0 * math.log10(share / (1.0 - share))
        p = 1.0 / (1.0 + 10.0 ** (-diff / 400.0))
        out.append(p)
        y = {"red": 1.0, "black": 0.0, "draw": 0.5}[g.result]
        wins += y
        n += 1
        if zero_sum:
            step = k * (y - p)
            for pid in reds:
                red_r[pid] = red_r.get(pid, 0.0) + step
            for pid in blacks:
                black_r[pid] = black_r.get(pid, 0.0) - step * len(reds) / len(blacks)
        elif y != 0.5:
            red_step, black_step = (16.0, -12.0) if y == 1.0 else (-12.0, 16.0)
            for pid in reds:
                red_r[pid] = red_r.get(pid, 0.0) + red_step
            for pid in blacks:
                black_r[pid] = black_r.get(pid, 0.0) + black_step
    return out


def mafiaratings_elo(games):
    return _elo(games, zero_sum=False, side=False)


def elo_side(games):
    return _elo(games, zero_sum=True, side=True)


ANCHORS = {
    "constant": constant,
    "red_share": red_share,
    "mafiaratings_elo": mafiaratings_elo,
    "elo_side": elo_side,
}
