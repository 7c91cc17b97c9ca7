"""The bench's own simulated seasons (bench/rating.py): a world the rating does not know.

Players have a hidden overall skill, a side part (some are better as black than as red), a
sheriff's and a don's part, all drifting week by week; activity is uneven (a lognormal
weight: a few play every week, most now and then); tournaments come weekly with a field of
20-60 and 8-12 rounds; roles are dealt at random; team red wins with
    logit = base + sum over team red of w_role x skill - sum over team black of w_role x skill
with the base above 0 (red wins about 56 % of the games) and the sheriff
and the don weighing more than a red or black seat. A few draws. ``WORLDS`` holds this
world and variants of it, so a model tuned to one of them shows it on the others.
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass, replace

from engines.ratings.games import BLACK, DON, RED, SHERIFF, RatedGame

ROLE_DEAL = [RED] * 6 + [SHERIFF] + [BLACK] * 2 + [DON]


@dataclass(frozen=True)
class World:
    base: float = 0.55                 # logit of red's win between equal teams: red wins ~56 % of games
    skill_sd: float = 0.35
    side_sd: float = 0.20              # better as red (+) or as black (-)
    role_sd: float = 0.20              # a sheriff's / don's own part
    weights: tuple = (("red", 0.8), ("sheriff", 1.8), ("black", 1.3), ("don", 1.6))
    drift_a_week: float = 0.02
    draw_rate: float = 0.01
    activity_sigma: float = 1.0


WORLDS = {
    "default": World(),
    "flat-roles": World(weights=(("red", 1.0), ("sheriff", 1.0), ("black", 1.0), ("don", 1.0)), role_sd=0.0),
    "wide-skills": World(skill_sd=0.6, side_sd=0.1, drift_a_week=0.04),
    "narrow-skills": World(skill_sd=0.1, side_sd=0.05, role_sd=0.05, drift_a_week=0.005),
    "black-favoured": World(base=-0.2, side_sd=0.3, weights=(("red", 0.6), ("sheriff", 2.5), ("black", 1.0), ("don", 2.5))),
    # Elo's world: team red's mean skill against team black's (a black seat weighs 7/3 of a red
    # one), one skill a player whatever his side, 150 Elo points of spread (0.86 logits)
    "team-averages": World(base=0.35, skill_sd=0.86, side_sd=0.0, role_sd=0.0, drift_a_week=0.01,
                           weights=(("red", 1 / 7), ("sheriff", 1 / 7), ("black", 1 / 3), ("don", 1 / 3))),
    # nobody is better than anybody: only red's base rate can be learned (no rating beats it)
    "no-skill": World(skill_sd=0.0, side_sd=0.0, role_sd=0.0, drift_a_week=0.0),
}


def simulate(n_games: int, seed: int = 1, world: World = WORLDS["default"]):
    """-> (games in order, the true P(red) of each game). Deterministic for a seed."""
    rng = random.Random(seed)
    n_players = max(120, n_games // 40)
    ids = [f"s{i:05d}" for i in range(n_players)]
    skill = [rng.gauss(0, world.skill_sd) for _ in ids]
    side = [rng.gauss(0, world.side_sd) for _ in ids]
    sheriff = [rng.gauss(0, world.role_sd) for _ in ids]
    don = [rng.gauss(0, world.role_sd) for _ in ids]
    activity = [math.exp(rng.gauss(0, world.activity_sigma)) for _ in ids]
    weights = dict(world.weights)
    games, truth = [], []
    day = 739000  # an ordinal date; a tournament a week
    t_index = 0
    while len(games) < n_games:
        for i in range(n_players):
            skill[i] += rng.gauss(0, world.drift_a_week)
            side[i] += rng.gauss(0, world.drift_a_week / 2)
        field_size = 10 * rng.randint(2, 6)
        field = _weighted_sample(rng, n_players, activity, field_size)
        rounds = rng.randint(8, 12)
        for rnd in range(rounds):
            rng.shuffle(field)
            for table in range(field_size // 10):
                players = field[table * 10:(table + 1) * 10]
                roles = ROLE_DEAL[:]
                rng.shuffle(roles)
                logit = world.base
                for pid, role in zip(players, roles):
                    if role in (RED, SHERIFF):
                        s = skill[pid] + side[pid] + (sheriff[pid] if role == SHERIFF else 0.0)
                        logit += weights[role] * s
                    else:
                        s = skill[pid] - side[pid] + (don[pid] if role == DON else 0.0)
                        logit -= weights[role] * s
                p = 1.0 / (1.0 + math.exp(-logit))
                u = rng.random()
                result = "draw" if u < world.draw_rate else ("red" if rng.random() < p else "black")
                games.append(RatedGame(f"t{t_index:04d}.json", f"Q{rnd + 1}-T{table + 1}", t_index, day,
                                       tuple((ids[pid], role) for pid, role in zip(players, roles)), result))
                truth.append(p)
                if len(games) == n_games:
                    return games, truth
        day += 7
        t_index += 1
    return games, truth


def _weighted_sample(rng, n, weights, k):
    """k distinct indices drawn with probability in proportion to weights (Efraimidis-Spirakis)."""
    keys = sorted(range(n), key=lambda i: -(rng.random() ** (1.0 / weights[i])))
    return keys[:k]


__all__ = ["World", "WORLDS", "simulate", "replace"]
