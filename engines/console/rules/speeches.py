"""7.4 Day speeches: who opens the day, the circular order, each turn's kind and length."""
from __future__ import annotations

from ..state import State
from . import day_end


def circular_from(start: int, seats) -> list:
    """``seats`` (a set) in the order start, start+1, …, 10, 1, … (7.4.2 "по кругу")."""
    return sorted(seats, key=lambda s: (s - start) % 10)


def opener(s: State) -> int:
    """7.4.1: day 1 opens at seat 1, or the next seat in the game if seat 1 left on night 0.
    7.4.2: day N ≥ 2 opens at the first seat in the game after day N−1's opener (which need not
    be in the game any more), read when the speeches begin, after the night last words."""
    if s.day == 1 or s.opener is None:
        return circular_from(1, s.in_game)[0]
    return circular_from(s.opener % 10 + 1, s.in_game)[0]


def begin_speeches(s: State) -> None:
    """7.4.3: each seat in the game once, in circular order from the opener."""
    s.opener = opener(s)
    s.speech_queue = circular_from(s.opener, s.in_game)
    next_turn(s)


def next_turn(s: State) -> None:
    """The next speaker's turn (7.4.3, 7.4.4), or the end of the speeches (7.6).

    A player out of the game never gets a turn (known bug: a dead player given a speech). A
    due silence (7.11.2) is served by the turn, given or skipped: 3–4 players in the game at its
    start → ``short`` (``timers.short_speech``, 000 Особые ситуации); 5+ → ``silenced`` of
    ``silenced_turn_s`` seconds, or ``skipped`` when that is 0 (``mafclub``, 001 rule 21)."""
    s.phase = "day_speech"
    while s.speech_queue:
        seat = s.speech_queue.pop(0)
        if seat not in s.in_game:
            continue
        if seat in s.silence_due:
            s.silence_due.discard(seat)
            if len(s.in_game) <= 4:
                s.set_turn(seat, "short", s.timer("short_speech"))
                return
            seconds = s.setting("silenced_turn_s")
            if seconds == 0:
                s.trace_skipped(seat)
                continue
            s.set_turn(seat, "silenced", seconds)
            return
        s.set_turn(seat, "normal", s.timer("speech"))
        return
    s.turn = None
    day_end.end_of_speeches(s)
