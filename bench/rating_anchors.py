"""The anchors of spec/rating.md, each a function games -> the forecast of every game made
before it is played (the same contract as engines.ratings.model.rate_season): the core's
(engines/ratings/anchors.py: constant, running red share, mafiaratings' Elo, Elo with a side
term), and

- ``openskill``: openskill's default model (Plackett-Luce, mu 25, sigma 25/3) over the two
  teams (team strength = the sum of its players' mu), ``predict_win`` before, ``rate`` after
  (a draw as a tie). Needs ``pip install openskill==6.2.0``.
"""
from __future__ import annotations

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from engines.ratings.anchors import RED_TEAM, constant, elo_side, mafiaratings_elo, red_share  # noqa: E402


def openskill_available() -> bool:
    try:
        import openskill  # noqa: F401
    except ImportError:
        return False
    return True


def openskill_default(games):
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    ratings: dict[str, object] = {}
    out = []
    for g in games:
        teams = [[], []]
        names = [[], []]
        for pid, role in g.seats:
            side = 0 if role in RED_TEAM else 1
            if pid not in ratings:
                ratings[pid] = model.rating(name=pid)
            teams[side].append(ratings[pid])
            names[side].append(pid)
        out.append(model.predict_win(teams)[0])
        ranks = {"red": [0, 1], "black": [1, 0], "draw": [0, 0]}[g.result]
        rated = model.rate(teams, ranks=ranks)
        for side in (0, 1):
            for pid, rating in zip(names[side], rated[side]):
                ratings[pid] = rating
    return out


ANCHORS = {
    "constant 0.5": constant,
    "running red share": red_share,
    "mafiaratings Elo": mafiaratings_elo,
    "Elo, zero-sum, side term": elo_side,
    "OpenSkill default": openskill_default,
}
