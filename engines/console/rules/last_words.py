"""7.8 Last words: who has them, how long, and what follows."""
from __future__ import annotations

from ..state import State
from . import night


def has_last_words(s: State, seat: int) -> bool:
    """7.8.3 a removed player has none; 7.8.4 ``silence_takes_last_words``: a player whose silence
    is still due when he leaves has none (001 rule 21), one who served it has them (rule 22).
    (7.8.5, none after the elimination that ends the game, holds because the game is over.)"""
    if seat in s.removed:
        return False
    return not (s.setting("silence_takes_last_words") and seat in s.silence_due)


def begin(s: State, seats: list, *, group: bool) -> None:
    """7.8.1: a player voted out speaks 60 s; several leaving by 7.7.9 speak 30 s each, in vote
    order. A player voted out stays at the table until his last words end (7.2.2)."""
    seconds = s.timer("group_last_words") if group else s.timer("last_words")
    s.last_words_queue = []
    for seat in seats:
        if has_last_words(s, seat):
            s.last_words_queue.append([seat, seconds])
        else:
            s.at_table.discard(seat)
    next_speaker(s)


def next_speaker(s: State) -> None:
    """The next in the queue (7.8.6: during last words nobody nominates or votes), then night."""
    while s.last_words_queue:
        seat, seconds = s.last_words_queue.pop(0)
        if seat in s.at_table and seat not in s.removed:
            s.phase = "last_words"
            s.set_turn(seat, "last_words", seconds)
            return
    s.turn = None
    night.begin_night(s)


def end_turn(s: State) -> None:
    """``next`` in ``last_words``: his last words end and he leaves the table."""
    s.at_table.discard(s.turn.seat)
    next_speaker(s)
