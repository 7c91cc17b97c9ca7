"""The anchors of spec/rating.md, each a function games -> the forecast of every game made
before it is played (the same contract as engines.ratings.bank.rate_season): the core's
(engines/ratings/anchors.py: constant, running red share, mafiaratings' Elo, Elo with a side
term), and

- ``openskill``: openskill's default model (Plackett-Luce, mu 25, sigma 25/3) over the two
  teams (team strength = the sum of its players' mu), ``predict_win`` before, ``rate`` after
  (a draw as a tie). Needs ``pip install openskill==6.2.0``.
- ``whole_history``: TrueSkill Through Time (trueskillthroughtime 1.1.0, Dangauthier et al.'s
  whole-history smoothing), refit on every earlier tournament before each tournament (its
  games use what was known before its first round: the package cannot add games to a fitted
  history, and a fit costs seconds). A team's performance is the sum of its players' skills,
  with one more "player", the red side, in every red team (the side term); players' skills
  start at N(0, 1), perform with noise beta 1 each, and walk by gamma 0.06 a tournament (the
  worlds' weekly drift on their skill spread's scale). A forecast is Gaussian:
  P(red) = Phi(mu_red - mu_black / sqrt(sum of sigma^2 + 11 beta^2)), each sigma widened by
  the tournaments since the player's last. Draws are left out of the fit.
"""
from __future__ import annotations

import math
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


def whole_history_available() -> bool:
    try:
        import trueskillthroughtime  # noqa: F401
    except ImportError:
        return False
    return True


_SIDE = "@red side"


def whole_history(games, *, sigma=1.0, beta=1.0, gamma=0.06, iterations=4):
    import trueskillthroughtime as ttt

    out = []
    posterior: dict[str, tuple[float, float, int]] = {}  # player -> mu, sigma, his last tournament
    start = 0
    while start < len(games):
        tournament = games[start].tournament
        stop = start
        while stop < len(games) and games[stop].tournament == tournament:
            stop += 1
        for g in games[start:stop]:
            mean = var = 0.0
            for pid, role in [*g.seats, (_SIDE, "red")]:
                mu, sd, last = posterior.get(pid, (0.0, sigma, tournament))
                sign = 1.0 if role in RED_TEAM else -1.0
                mean += sign * mu
                var += sd * sd + gamma * gamma * (tournament - last) + beta * beta
            out.append(0.5 * (1.0 + math.erf(mean / math.sqrt(2.0 * var))))
        played = [g for g in games[:stop] if g.result != "draw"]
        if played and stop < len(games):
            composition, results, times = [], [], []
            for g in played:
                red = [pid for pid, role in g.seats if role in RED_TEAM] + [_SIDE]
                black = [pid for pid, role in g.seats if role not in RED_TEAM]
                composition.append([red, black])
                results.append([1.0, 0.0] if g.result == "red" else [0.0, 1.0])
                times.append(g.tournament)
            history = ttt.History(composition, results, times, mu=0.0, sigma=sigma, beta=beta, gamma=gamma)
            history.convergence(epsilon=1e-3, iterations=iterations, verbose=False)
            posterior = {pid: (curve[-1][1].mu, curve[-1][1].sigma, curve[-1][0])
                         for pid, curve in history.learning_curves().items()}
        start = stop
    return out


ANCHORS = {
    "constant 0.5": constant,
    "running red share": red_share,
    "mafiaratings Elo": mafiaratings_elo,
    "Elo, zero-sum, side term": elo_side,
    "OpenSkill default": openskill_default,
}
