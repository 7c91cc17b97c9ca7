"""7.14 The end of the game: parity or no black, the awarded loss, three misses, the replay,
draws, and ``end``."""
from __future__ import annotations

from ..codes import Refused
from ..state import RED_ROLES, State
from . import best_move

THREE_MISSES_REASONS = {
    "at_four": "000 Особые ситуации: три промаха подряд при четырёх игроках",
    "any": "001 rule 30: три промаха подряд",
}


def over(s: State, result: str, how: str, reason: str = "") -> None:
    """The game is over at this moment (7.14.1): the rest of the vote, last words (7.8.5),
    checks and later phases are not held; the console proposes ``result`` and waits for ``end``."""
    s.result, s.result_how, s.awarded_reason = result, how, reason
    s.phase = "over"
    s.turn = None
    s.round = None
    s.speech_queue, s.tie_queue, s.tied, s.all_leave_seats, s.last_words_queue = [], [], [], [], []
    best_move.close_right(s, s.first_killed)


def check(s: State) -> bool:
    """7.14.1, after every elimination and removal: no black in the game → red wins; blacks ≥ reds
    → black wins (001; Decision: ≥, a removal or "all leave?" can leave blacks in the majority).
    Several players leaving together are all out before the check. True if the game is over."""
    blacks, reds = len(s.blacks_in_game()), len(s.reds_in_game())
    if blacks == 0:
        over(s, "red", "normal")
    elif blacks >= reds:
        over(s, "black", "normal")
    else:
        return False
    return True


def award_team_loss(s: State, seat: int, reason: str) -> None:
    """7.14.2 ``remove team_loss``: the offender's team loses at once (000 "Присуждение поражения
    команде"); the offender is not marked removed."""
    s.violation = {"seat": seat, "kind": "team_loss"}
    over(s, "black" if s.role(seat) in RED_ROLES else "red", "team_loss", reason)


def annul(s: State, seat: int, reason: str) -> None:
    """7.14.4 ``remove replay`` (``mafclub``, 003 item 10): the game ends as ``annulled`` and the
    offender is marked ``gross_violation``; the replay is a new log."""
    s.violation = {"seat": seat, "kind": "gross_violation"}
    over(s, "annulled", "replay", reason)


def count_miss(s: State) -> bool:
    """7.14.3 ``three_misses``: ``at_four`` (``fiim``, 000) counts a miss on a night that closes
    with exactly 4 players in the game, any other miss sets the count to 0; ``any`` (``mafclub``,
    001 rule 30) counts every miss; ``off`` counts none. A kill resets it. At the third, red wins
    as the shooting closes (no checks), as an awarded result. True if the game is over."""
    rule = s.setting("three_misses")
    if rule == "off":
        return False
    if rule == "at_four" and len(s.in_game) != 4:
        s.miss_streak = 0
        return False
    s.miss_streak += 1
    if s.miss_streak >= 3:
        over(s, "red", "three_misses", THREE_MISSES_REASONS[rule])
        return True
    return False


def count_quiet_cycle(s: State) -> None:
    """7.14.5 ``draw_proposal_after`` k: when day N ≥ 2 ends, night N−1 and day N were a quiet
    cycle if nobody left the game in them; after k in a row a draw is proposed (it changes
    nothing until the judge overrides)."""
    if s.day < 2:
        return
    s.quiet_cycles = s.quiet_cycles + 1 if len(s.in_game) == s.in_game_at_night else 0


def draw_proposed(s: State) -> bool:
    k = s.setting("draw_proposal_after")
    return k is not None and s.quiet_cycles >= k


def check_end(s: State, ev: dict) -> None:
    """7.14.6: ``end`` only when the game is over (``END_NOT_OVER``), with the result the console
    proposes (``END_RESULT``: the judge overrides first)."""
    if s.phase != "over":
        raise Refused("END_NOT_OVER")
    if ev["result"] != s.result:
        raise Refused("END_RESULT")


def end(s: State, ev: dict) -> None:
    """The log is closed: only ``undo`` after it (7.14.6)."""
    s.phase = "ended"
