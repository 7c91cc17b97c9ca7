"""Random legal games for the property tests: every event is drawn from ``legal_events`` of the
state it is entered in, mostly ones that move the game on, sometimes a foul, a removal, an
override or an undo."""
from __future__ import annotations

import random

from engines.console import Game
from engines.console.moves import PROGRESS_TYPES

from .table import document

SETTING_CHOICES = {
    "withdrawal": [True, False], "self_nomination": [True, False], "three_fouls_nominate": ["always", "never"],
    "silenced_turn_s": [0, 10], "silence_takes_last_words": [True, False], "vote_cancel": ["same_day", "next_vote"],
    "three_misses": ["at_four", "any", "off"], "best_move_at": ["last_words", "night"],
    "replay_allowed": [True, False], "draw_proposal_after": [None, 1, 3], "all_leave_at_four": [True, False],
    "day1_vote_eliminates": [True, False], "best_move_min_in_game": [None, 9, 10],
}
ROLE_LISTS = ["red"] * 6 + ["sheriff", "black", "black", "don"]


def random_document(rng: random.Random) -> dict:
    roles = list(ROLE_LISTS)
    rng.shuffle(roles)
    ruleset = rng.choice(["fiim", "mafclub"])
    settings = {k: rng.choice(v) for k, v in SETTING_CHOICES.items() if rng.random() < 0.3}
    if ruleset == "fiim":
        # game-log.md lets a fiim log allow the replay, but tournament-file.md refuses an annulled
        # game under fiim: such a game could never be scored
        settings.pop("replay_allowed", None)
    game = {"id": "G1", "stage": "qualifying", "round": 1, "table": 1, "judge": "J"}
    return document(ruleset, settings or None, dict(enumerate(roles, 1)), game=game)


def pick(rng: random.Random, legal: list) -> dict:
    """Mostly a move of the game (``end`` as soon as it is legal, shots that often agree)."""
    moving = [e for e in legal if e["type"] in PROGRESS_TYPES]
    ends = [e for e in moving if e["type"] == "end"]
    if ends and rng.random() < 0.9:
        return ends[0]
    if moving and rng.random() < 0.93:
        shots = [e for e in moving if e["type"] == "shot"]
        if shots and rng.random() < 0.7:
            # blacks agreeing on the lowest seat they may shoot make kills frequent
            return min(shots, key=lambda e: (e["at"] is None, e["at"] or 0))
        return rng.choice(moving)
    ending = [e for e in legal if e.get("kind") in ("team_loss", "replay") or e.get("what") == "result"]
    others = [e for e in legal if e not in ending] or legal
    return rng.choice(ending if ending and rng.random() < 0.05 else others)


def play(rng: random.Random, max_events: int = 400, check=None) -> tuple[dict, Game]:
    """A random game's log (every event accepted) and the game; ``check(game)`` runs after each."""
    doc = random_document(rng)
    game = Game.from_document(doc)
    for _ in range(max_events):
        if game.state.phase == "ended" and rng.random() < 0.8:
            break
        legal = game.legal_events()
        event = pick(rng, legal)
        game.push(event)
        doc["events"].append(event)
        if check is not None:
            check(game)
    return doc, game
