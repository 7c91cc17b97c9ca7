"""The replay result's ``state`` and ``trace`` (game-log.md "Replay result"), as JSON values, and
the judge's shooting panel (``shooting_json``, the view's alone)."""
from __future__ import annotations

import copy

from .rules.game_end import draw_proposed
from .rules.removals import cancelled_vote
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
        "vote_cancelled": cancelled_vote(s),
        "tied": tied(s),
        "all_leave": all_leave(s),
    }


def tied(s: State) -> list:
    """7.7.5–7.7.6: the players tied in the day's vote, in vote order, during their tie speeches
    and their revote; ``[]`` otherwise."""
    if s.phase == "tie_speech" or (s.phase == "voting" and s.round is not None and s.round.kind == "revote"):
        return list(s.tied)
    return []


def all_leave(s: State) -> dict | None:
    """7.7.7, 7.7.9: while "all leave?" is put, the players it names (``seats``, in vote order),
    the players in the game who vote (``voters``) and the votes for that make them leave
    (``needed``: more than half)."""
    if s.phase != "all_leave_vote":
        return None
    voters = len(s.in_game)
    return {"seats": list(s.all_leave_seats), "voters": voters, "needed": voters // 2 + 1}


def shooting_json(s: State) -> dict | None:
    """The shooting (7.9.1–7.9.2), for the judge's screen only (it names the blacks; never the
    table's or the public's): the blacks still in the game in seat order, each with his ordinal
    among them (``black 1 / 2`` once the first black is out), his role and his shot so far, and
    ``all_shot`` once every one of them has shot (the screen may close the shooting then).
    ``None`` outside the shooting."""
    if s.phase != "shooting":
        return None
    blacks = s.blacks_in_game()
    return {
        "blacks": [{"seat": seat, "role": s.role(seat), "ordinal": i, "of": len(blacks), "shot": seat in s.shots,
                    "at": s.shots.get(seat)} for i, seat in enumerate(blacks, 1)],
        "all_shot": all(seat in s.shots for seat in blacks),
    }


def timer_json(s: State) -> dict | None:
    """The running turn's timer, also where no player has the turn (night 0): for the screen."""
    if s.turn is None:
        return None
    return {"seat": s.turn.seat, "kind": s.turn.kind, "seconds": s.turn.seconds}


def _copied(value):
    """A copy of a trace value that later events cannot change: its dicts and lists (what the
    trace is made of) copied one by one, anything else deep-copied (``copy.deepcopy`` of the
    whole trace took a third of the view's time)."""
    if isinstance(value, dict):
        return {key: _copied(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_copied(item) for item in value]
    if value is None or isinstance(value, (str, int, float)):  # bool is an int
        return value
    return copy.deepcopy(value)


def trace_json(s: State) -> dict:
    return {
        "speeches": _copied(s.speeches),
        "days": _copied(s.days),
        "nights": _copied(s.nights),
    }
