"""Small builders of mafia-tournament/1 documents for hand-worked cases."""
from __future__ import annotations

import copy

from engines.scoring.fileformat import parse_document

# Seat -> role: 6 red, 1 sheriff, 2 black, 1 don.
DEFAULT_ROLES = {1: "red", 2: "red", 3: "red", 4: "black", 5: "don", 6: "sheriff",
                 7: "red", 8: "red", 9: "black", 10: "red"}
BLACK_SEATS = (4, 5, 9)
RED_SEATS = (1, 2, 3, 6, 7, 8, 10)


def game(gid, result="red", *, players=None, roles=None, stage="qualifying", round=1,
         table=1, first_killed=None, replay_of=None, seats=None):
    """A game document. ``players``: 10 ids for seats 1..10 (default p01..p10);
    ``first_killed``: (seat, [named...]) or None; ``seats``: {seat: {field: value}}."""
    players = players or [f"p{i:02d}" for i in range(1, 11)]
    roles = roles or DEFAULT_ROLES
    doc = {"id": gid, "stage": stage, "round": round, "table": table, "judge": "J",
           "result": result,
           "first_killed": None if first_killed is None else
           {"seat": first_killed[0], "named": list(first_killed[1])},
           "seats": []}
    if replay_of is not None:
        doc["replay_of"] = replay_of
    for n in range(1, 11):
        seat = {"seat": n, "player": players[n - 1], "role": roles[n], "fouls": 0}
        seat.update((seats or {}).get(n, {}))
        doc["seats"].append(seat)
    return doc


def document(games, *, ruleset="fiim", participants=20, games_before_final=10,
             lot_seed="seed", players=None, settings=None):
    ids = players
    if ids is None:
        seen = {}
        for g in games:
            for s in g["seats"]:
                seen.setdefault(s["player"], None)
        ids = sorted(seen)
    head = {"name": "T", "ruleset": ruleset, "participants": participants,
            "games_before_final": games_before_final, "lot_seed": lot_seed}
    if settings:
        head["settings"] = settings
    return {"format": "mafia-tournament/1", "tournament": head,
            "players": [{"id": p, "nickname": f"Nick {p}"} for p in ids],
            "games": copy.deepcopy(games)}


def tournament(games, **kw):
    return parse_document(document(games, **kw))
