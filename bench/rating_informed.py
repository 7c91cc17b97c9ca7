"""The informed learner of spec/rating.md: the practical floor of a simulated world's log-loss.

It is told everything about a world of bench/rating_world.py but the players' skills and the
results to come: the structure (a player's overall skill, his side part, his sheriff's and
his don's part; red's base logit; the seat weights), the priors' spreads, the weekly drift,
and how many players there are. It learns the skills from the earlier games only:

- its belief is one Gaussian over every player's four parts together, with the full
  covariance (players met at one table become correlated, which a per-player rating forgets);
- each round (the games played at once) it makes each game's forecast from the belief,
  integrating over its uncertainty (the probit approximation, as engines.ratings does), then
  refits: the maximum a posteriori of the round's results under the belief (Newton's method
  to convergence, the Laplace approximation of the posterior; Rasmussen & Williams,
  Gaussian Processes for Machine Learning, algorithm 3.1, with the belief as the prior);
- each week (tournament) every player's skill walks by the world's drift, his side part by
  half of it, as the world's do.

Draws carry nothing in the world (a draw is a coin of its own), so it learns nothing from
them. Its forecast of a game uses the games of earlier rounds, not the same round's other
tables (ours may use those): the floor is slightly lower than measured here, by what one
round's other tables tell, which is little.

Deterministic; about a minute for a season of 20,000 games and 500 players.
"""
from __future__ import annotations

import math

import numpy as np

from engines.ratings.games import BLACK, DON, RED, SHERIFF
from engines.ratings.model import RatingModel
from engines.ratings.params import Params

_PI_8 = math.pi / 8.0
_PARTS = 4  # skill, side, sheriff's part, don's part


def _design(game, index, weights):
    """(columns, values) of the game's logit minus the base, in the belief's coordinates."""
    cols, vals = [], []
    for pid, role in game.seats:
        at = _PARTS * index[pid]
        w = weights[role]
        if role in (RED, SHERIFF):
            cols += [at, at + 1]
            vals += [w, w]
            if role == SHERIFF:
                cols.append(at + 2)
                vals.append(w)
        else:  # the black team's logit falls by w x (skill - side + don's part)
            cols += [at, at + 1]
            vals += [-w, w]
            if role == DON:
                cols.append(at + 3)
                vals.append(-w)
    return np.array(cols), np.array(vals)


def informed(games, world, newton_steps: int = 8, *, role_parts: bool = True, independent: bool = False):
    """-> the forecast P(red) of every game, made before its round was played.

    The ablations say where a rating's remainder lies: ``role_parts=False`` forgets the
    sheriff's and the don's own parts (as engines.ratings does), ``independent=True`` keeps
    only each player's own covariance (a belief per player, as engines.ratings keeps)."""
    index: dict[str, int] = {}
    for g in games:
        for pid, _role in g.seats:
            index.setdefault(pid, len(index))
    n = _PARTS * len(index)
    weights = dict(world.weights)
    role_var = world.role_sd ** 2 if role_parts else 0.0
    prior = np.tile([world.skill_sd ** 2, world.side_sd ** 2, role_var, role_var], len(index))
    # with ``independent``: the entries between two players' parts, zeroed after each round
    between = ~np.kron(np.eye(len(index), dtype=bool), np.ones((_PARTS, _PARTS), dtype=bool)) if independent else None
    drift = np.tile([world.drift_a_week ** 2, (world.drift_a_week / 2) ** 2, 0.0, 0.0], len(index))
    mean = np.zeros(n)
    cov = np.diag(prior)
    preds = [0.0] * len(games)
    week = None
    start = 0
    while start < len(games):
        # a round: the games of one tournament with the same round number, in a row
        head = games[start]
        stop = start + 1
        while (stop < len(games) and games[stop].tournament == head.tournament
               and _round(games[stop]) == _round(head)):
            stop += 1
        if head.tournament != week:
            cov[np.diag_indices(n)] += drift  # the simulator walks every skill each week
            week = head.tournament
        rows = [_design(g, index, weights) for g in games[start:stop]]
        cols = np.unique(np.concatenate([c for c, _v in rows]))
        where = {c: i for i, c in enumerate(cols)}
        x = np.zeros((stop - start, len(cols)))
        for r, (c, v) in enumerate(rows):
            for ci, vi in zip(c, v):
                x[r, where[ci]] += vi
        sub = cov[np.ix_(cols, cols)]
        m = world.base + x @ mean[cols]
        k = x @ sub @ x.T
        var = np.diag(k)
        z = m / np.sqrt(1.0 + _PI_8 * var)
        preds[start:stop] = (1.0 / (1.0 + np.exp(-z))).tolist()
        learn = np.array([g.result != "draw" for g in games[start:stop]])
        if learn.any():
            xs, ks = x[learn], k[np.ix_(learn, learn)]
            y = np.array([1.0 if g.result == "red" else 0.0 for g, keep in zip(games[start:stop], learn) if keep])
            a, s_w, b_inv = _laplace(m[learn], ks, y, newton_steps)
            # the posterior: mean + cov X^T a, cov - cov X^T sW B^-1 sW X cov
            cx = cov[:, cols] @ xs.T                      # n x k
            mean += cx @ a
            sw_cx = cx * s_w                              # n x k
            cov -= sw_cx @ b_inv @ sw_cx.T
            if between is not None:
                cov[between] = 0.0
        start = stop
    return preds


def _laplace(m, k, y, steps):
    """The mode of the round's latent logits f under N(m, K) and the results y: returns
    a (f = m + K a at the mode), sqrt(W) and B^-1 (B = I + sW K sW), W = p(1 - p) at the mode."""
    f = m.copy()
    a = np.zeros_like(m)
    eye = np.eye(len(m))
    for _ in range(steps):
        p = 1.0 / (1.0 + np.exp(-f))
        w = p * (1.0 - p)
        s_w = np.sqrt(w)
        b = eye + s_w[:, None] * k * s_w[None, :]
        grad = y - p
        rhs = w * (f - m) + grad
        a_new = rhs - s_w * np.linalg.solve(b, s_w * (k @ rhs))
        f_new = m + k @ a_new
        done = np.max(np.abs(f_new - f)) < 1e-9
        a, f = a_new, f_new
        if done:
            break
    p = 1.0 / (1.0 + np.exp(-f))
    s_w = np.sqrt(p * (1.0 - p))
    return a, s_w, np.linalg.inv(eye + s_w[:, None] * k * s_w[None, :])


def _round(game) -> str:
    return game.game_id.split("-")[0]


def ours_told(games, world):
    """-> ours' forecasts when it is told what the informed learner is told but the players'
    covariance: the world's priors and drift (Params), its seat weights and red's base logit
    (fixed: their variance ~0). What is left between this and the informed learner is what a
    belief a player (ours' structure) costs; between ours and this, learning the parameters."""
    week = 365.25 / 7
    told = Params(skill_sd=max(world.skill_sd, 1e-3), side_sd=max(world.side_sd, 1e-3),
                  role_sd=max(world.role_sd, 1e-3), skill_drift_a_year=world.drift_a_week * math.sqrt(week),
                  side_drift_a_year=world.drift_a_week / 2 * math.sqrt(week), base_drift_a_year=0.0)
    model = RatingModel(told)
    w = dict(world.weights)
    # the learned parts' state, set by hand (the model has no setter: it learns them)
    model.omega = [0.5 * math.log(w[RED] * w[BLACK]), 0.5 * math.log(w[RED] / w[BLACK]),
                   math.log(w[SHERIFF]), math.log(w[DON])]
    model.omega_var = [[1e-12 if r == c else 0.0 for c in range(4)] for r in range(4)]
    model.base, model.base_var = world.base, 1e-12
    return [model.update(g) for g in games]
