"""A long legal game for bench/console.py and its test: ``long_game(length)`` is a header and
``length`` events the core accepts, none of them ending the game.

The progress events (speeches, nominations, votes, shots, checks) come from the core's own
``legal_events`` with a seeded choice that keeps the game going (no vote that ends it, no shot
at the table's last red); between them foul / fouls-override pairs (a judge's foul, then set
back by the override of 7.16.1) pad the log to its length, as a long, argued game does.
"""
from __future__ import annotations

import random

from engines import console as core

ROLES = ["red", "red", "black", "red", "sheriff", "red", "don", "red", "black", "red"]
REASON = "the foul was given in error"


def header() -> dict:
    return {"format": "mafia-game-log/1", "ruleset": "fiim", "game": {"id": "bench-long"},
            "seats": [{"seat": n, "player": f"p{n:02d}", "role": role} for n, role in enumerate(ROLES, start=1)]}


def _progress(game: core.Game, rng: random.Random) -> dict | None:
    """A progress event that leaves the game running, or None if every one ends it."""
    options = core.progress(game.state)
    rng.shuffle(options)
    for event in options:
        if event["type"] in ("end",):
            continue
        trial = core.Game(game.header)
        trial.state = game.state.copy()
        trial.state.header = game.header
        try:
            trial.push(event)
        except core.Refused:
            continue
        if trial.state.phase not in ("over", "ended"):
            return event
    return None


def long_game(length: int = 300, seed: int = 7) -> dict:
    """The header and ``length`` legal events (raises if the seeded game ends too soon)."""
    rng = random.Random(seed)
    game = core.Game(core.read_header({**header(), "events": []}))
    events: list = []
    while len(events) < length:
        pad = len(events) % 3 != 2  # two of every three events are foul / override pairs
        seats = sorted(s for s in game.state.at_table if game.state.fouls.get(s, 0) == 0)
        if pad and seats and len(events) + 2 <= length:
            seat = rng.choice(seats)
            pair = [{"type": "foul", "seat": seat},
                    {"type": "override", "what": "fouls", "seat": seat, "fouls": 0, "reason": REASON}]
        else:
            event = _progress(game, rng)
            if event is None:
                raise RuntimeError(f"the seeded game ends before {length} events")
            pair = [event]
        for event in pair:
            game.push(event)
            events.append(event)
    return {**header(), "events": events[:length]}
