"""Seasons for the rating's tests: random but seeded games, and tournament files."""
from __future__ import annotations

import json
import math
import random

from engines.ratings.games import RatedGame

DEAL = ["red"] * 6 + ["sheriff"] + ["black"] * 2 + ["don"]


def random_season(n_games=600, n_players=40, seed=7, *, games_a_tournament=40, days_between=7,
                  red_edge=0.3, strong=(), sheriff_matters=0.0):
    """Games with random tables and roles; red wins with logit ``red_edge`` plus the skills
    of team red minus team black's: 1.0 for a ``strong`` player, the others below 0 so that the
    mean skill is 0; the sheriff's and the don's skill count (1 + ``sheriff_matters``) times.
    A draw now and then."""
    rng = random.Random(seed)
    ids = [f"p{i:03d}" for i in range(n_players)]
    weak = -len(strong) / (n_players - len(strong))
    skill = {pid: 1.0 if pid in strong else weak for pid in ids}
    games = []
    for n in range(n_games):
        t = n // games_a_tournament
        players = rng.sample(ids, 10)
        roles = DEAL[:]
        rng.shuffle(roles)
        logit = red_edge
        for pid, role in zip(players, roles):
            sign = 1 if role in ("red", "sheriff") else -1
            weight = 1.0 + sheriff_matters if role in ("sheriff", "don") else 1.0
            logit += sign * weight * skill[pid]
        p = 1 / (1 + math.exp(-logit))
        u = rng.random()
        result = "draw" if u < 0.02 else ("red" if rng.random() < p else "black")
        games.append(RatedGame("f.json", f"G{n}", t, 740000 + t * days_between,
                               tuple(zip(players, roles)), result))
    return games


def write_file(path, *, name="T", date=None, games=(), players=None, extra_players=()):
    """A small mafia-tournament/1 file: ``games`` as (id, stage, round, table, result,
    [(player, role)] * 10, replay_of)."""
    ids = sorted({pid for g in games for pid, _r in g[5]} | set(extra_players))
    doc = {
        "format": "mafia-tournament/1",
        "tournament": {"name": name, "ruleset": "mafclub", "participants": 20, "games_before_final": 6,
                       "lot_seed": "s", **({"date": date} if date else {})},
        "players": players if players is not None else [{"id": pid, "nickname": f"N-{pid}"} for pid in ids],
        "games": [
            {"id": gid, "stage": stage, "round": rnd, "table": table, "result": result,
             "replay_of": replay_of,
             "seats": [{"seat": i + 1, "player": pid, "role": role} for i, (pid, role) in enumerate(seats)]}
            for gid, stage, rnd, table, result, seats, replay_of in games
        ],
    }
    path.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    return path


def table(players, roles=DEAL):
    return list(zip(players, roles))
