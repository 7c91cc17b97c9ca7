"""7.11 Fouls: the count, the silence of the 3rd, the removal of the 4th."""
from __future__ import annotations

from ..codes import Refused
from ..state import State
from . import removals


def check(s: State, ev: dict) -> None:
    """7.11.1: a foul goes to a player at the table (``FOUL_NOT_AT_TABLE``), in any phase before
    the game is over (000 "Фолы"; 003 "замечания")."""
    if ev["seat"] not in s.at_table:
        raise Refused("FOUL_NOT_AT_TABLE", seat=ev["seat"])


def foul(s: State, ev: dict) -> None:
    """One more foul. The 3rd makes his silence due (7.11.2: his next day-speech turn that begins
    after it; a 3rd foul in his own speech does not cut it); the 4th removes him at once, without
    last words (7.11.5, 000 "покидает игру без последнего слова"), by 7.12.2."""
    seat = ev["seat"]
    set_count(s, seat, s.fouls.get(seat, 0) + 1)
    if s.fouls[seat] >= 4:
        removals.remove_player(s, seat, "fourth_foul")


def set_count(s: State, seat: int, count: int) -> None:
    """The count changes; going to 3 makes the silence due, going below 3 lifts a due one
    (7.11.2, 7.16.1 ``fouls``)."""
    before = s.fouls.get(seat, 0)
    s.fouls[seat] = count
    if count == 0:
        del s.fouls[seat]
    if count == 3 and before < 3:
        s.silence_due.add(seat)
    elif count < 3:
        s.silence_due.discard(seat)
