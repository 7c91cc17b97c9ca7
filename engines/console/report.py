"""The replay result's ``state`` and ``trace`` (game-log.md "Replay result"), as JSON values."""
from __future__ import annotations

import copy

from .rules.game_end import draw_proposed
from .state import State


def _seat_map(d: dict) -> dict:
    return {str(seat): value for seat, value in sorted(d.items())}


def state_json(s: State) -> dict:
    turn = s.player_turn()
    return {
        "phase": s.phase,
        "label": s.label,
        "turn": None if turn is None else {"seat": turn.seat, "kind": turn.kind, "seconds": turn.seconds},
        "in_game": sorted(s.in_game),
        "result": s.result,
        "result_how": s.result_how,
        "fouls": _seat_map(s.fouls),
        "left": {str(seat): f"{how}@{label}" for seat, (how, label) in s.left.items()},
        "removed": _seat_map(s.removed),
        "violation": None if s.violation is None else dict(s.violation),
        "first_killed": None if s.first_killed is None else {
            "seat": s.first_killed, "named": None if s.first_killed_named is None else list(s.first_killed_named)},
        "nominees": [seat for _, seat in s.standing],
        "miss_streak": s.miss_streak,
        "cancel_pending": s.cancel_pending,
        "cancel_days": sorted(s.cancel_days),
        "draw_proposed": draw_proposed(s),
    }


def timer_json(s: State) -> dict | None:
    """The running turn's timer, also where no player has the turn (night 0): for the screen."""
    if s.turn is None:
        return None
    return {"seat": s.turn.seat, "kind": s.turn.kind, "seconds": s.turn.seconds}


def trace_json(s: State) -> dict:
    return {
        "speeches": copy.deepcopy(s.speeches),
        "days": copy.deepcopy(s.days),
        "nights": copy.deepcopy(s.nights),
    }
