"""7.10 The best move (лучший ход, Prima Nota): who makes it, when, what, once."""
from __future__ import annotations

from ..codes import Refused
from ..state import State
from . import night


def first_killed(s: State, seat: int) -> None:
    """7.10.1: the player killed on night 1 is the first-killed (002 8.3; 003 item 9); a miss on
    night 1 leaves the game without one. Setting ``best_move_min_in_game`` k: no best move when
    fewer than k players were in the game as night 1's shooting began (``named: []``)."""
    s.first_killed = seat
    k = s.setting("best_move_min_in_game")
    s.best_move_right = k is None or s.in_game_at_night >= k
    s.first_killed_named = None if s.best_move_right else []


def night_turn_due(s: State) -> bool:
    """7.10.2 ``best_move_at: night`` (``mafclub``, 003 item 9): after night 1's sheriff's check,
    a 20 s turn of the first-killed alone, before the morning — unless he was removed (7.10.5)."""
    return (s.setting("best_move_at") == "night" and s.day == 1 and s.first_killed is not None
            and s.first_killed_named is None and s.first_killed not in s.removed)


def _in_his_turn(s: State) -> bool:
    """7.10.2: the phase and player where the best move is made."""
    if not s.best_move_right or s.first_killed is None:
        return False
    if s.setting("best_move_at") == "night":
        return s.phase == "best_move"
    # ``last_words`` (``fiim``, 002 8.3 "во время своей последней минуты"): his night last words on day 2
    return (s.phase == "night_last_words" and s.day == 2 and s.turn is not None
            and s.turn.seat == s.first_killed)


def check(s: State, ev: dict) -> None:
    """``BEST_MOVE_NO_RIGHT`` outside 7.10.1–7.10.2 (known bug: a best move offered after a
    first-night miss); ``BEST_MOVE_ONCE`` (7.10.4, 003 "не может меняться"); ``BEST_MOVE_SEATS``
    (7.10.3: 0–3 different seats of 1..10, never his own)."""
    if not _in_his_turn(s):
        raise Refused("BEST_MOVE_NO_RIGHT")
    if s.first_killed_named is not None:
        raise Refused("BEST_MOVE_ONCE", seat=s.first_killed)
    seats = ev["seats"]
    if len(seats) > 3 or len(set(seats)) != len(seats) or any(not 1 <= x <= 10 for x in seats) \
            or s.first_killed in seats:
        raise Refused("BEST_MOVE_SEATS", seat=s.first_killed)


def make(s: State, ev: dict) -> None:
    """The named seats stand (only ``undo`` corrects them). At night it ends his turn: the morning."""
    s.first_killed_named = list(ev["seats"])
    if s.phase == "best_move":
        night.begin_day(s, 2)


def decline(s: State) -> None:
    """``next`` in ``best_move``: he declined (``named: []``, 7.10.4); the morning."""
    s.first_killed_named = []
    night.begin_day(s, 2)


def close_right(s: State, seat: int | None) -> None:
    """7.10.4–7.10.5: once his turn is over (or he was removed, or the game ended) without a best
    move, he has none (``named: []``)."""
    if seat is not None and seat == s.first_killed and s.first_killed_named is None:
        s.first_killed_named = []
