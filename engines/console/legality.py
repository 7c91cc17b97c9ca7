"""Legality as data: every event type, the phases it is legal in, the code that refuses it
elsewhere, its own checks and its effect (game-log.md "Events" and "Refusals"; RULES.md 7.17).

``LEGALITY`` is the one table a reader (or the screen) consults to know what may be entered
when. ``machine.apply`` runs, in game-log.md's order: the event's form; ``LOG_CLOSED`` after
``end``; ``GAME_OVER`` while over (but ``end``, ``undo`` and ``override result``); the row's
``first`` check if any; the row's phases (``not_now``); then the row's ``check``.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .codes import Refused
from .rules import best_move, fouls, game_end, last_words, night, nominations, overrides, removals, speeches, voting
from .state import NIGHT0_PHASES, PHASES, State

BEFORE_OVER = tuple(p for p in PHASES if p not in ("over", "ended"))
BEFORE_ENDED = tuple(p for p in PHASES if p != "ended")


@dataclass(frozen=True)
class Row:
    phases: tuple  # where the event is legal
    not_now: str | None  # the code elsewhere (None: the log-level codes cover the rest)
    check: Callable[[State, dict], None]
    effect: Callable[[State, dict], None]
    clause: str
    first: Callable[[State, dict], None] | None = None  # a check that precedes the phase's


# ``next`` ends the current turn or sub-phase (7.3.3); what follows depends on the phase.
NEXT_EFFECTS: dict[str, Callable[[State], None]] = {
    "night0_mafia": night.end_night0_turn,
    "night0_sheriff": night.end_night0_turn,
    "day_speech": speeches.next_turn,  # 7.4.5
    "tie_speech": voting.next_tie_speech,  # 7.7.5
    "last_words": last_words.end_turn,  # 7.8
    "night_last_words": night.end_night_last_words,  # 7.8.2, 7.10.4
    "shooting": night.close_shooting,  # 7.9.2
    "best_move": best_move.decline,  # 7.10.4
}


def _check_next(s: State, ev: dict) -> None:
    """7.4.5: a ``seat`` on ``next`` must be the one who has the turn (``NEXT_SEAT``)."""
    seat = ev.get("seat")
    if seat is not None and (s.player_turn() is None or s.turn.seat != seat):
        raise Refused("NEXT_SEAT", seat=seat)


def _next(s: State, ev: dict) -> None:
    NEXT_EFFECTS[s.phase](s)


def _no_check(s: State, ev: dict) -> None:
    return None


def _withdrawal_allowed(s: State, ev: dict) -> None:
    if not s.setting("withdrawal"):
        raise Refused("WITHDRAW_NOT_ALLOWED")


def _check_override(s: State, ev: dict) -> None:
    overrides.check(s, ev)


LEGALITY: dict[str, Row] = {
    "next": Row(tuple(NEXT_EFFECTS), "NEXT_NOT_NOW", _check_next, _next, "7.3.3"),
    "nominate": Row(("day_speech",), "NOMINATE_NOT_NOW", nominations.check_nominate, nominations.nominate, "7.5"),
    "withdraw": Row(("day_speech",), "WITHDRAW_NOT_NOW", nominations.check_withdraw, nominations.withdraw, "7.5.6",
                    first=_withdrawal_allowed),
    "vote": Row(("voting",), "VOTE_NOT_NOW", voting.check_vote, voting.vote, "7.7.2"),
    "vote_all": Row(("all_leave_vote",), "VOTE_ALL_NOT_NOW", voting.check_vote_all, voting.vote_all, "7.7.7"),
    "shot": Row(("shooting",), "SHOT_NOT_NOW", night.check_shot, night.shot, "7.9.1"),
    "don_check": Row(("don_check",), "DON_CHECK_NOT_NOW", lambda s, e: night.check_check(s, e, "don_check"),
                     night.don_check, "7.9.4"),
    "sheriff_check": Row(("sheriff_check",), "SHERIFF_CHECK_NOT_NOW",
                         lambda s, e: night.check_check(s, e, "sheriff_check"), night.sheriff_check, "7.9.5"),
    "best_move": Row(("best_move", "night_last_words"), "BEST_MOVE_NO_RIGHT", best_move.check, best_move.make, "7.10"),
    "foul": Row(BEFORE_OVER, None, fouls.check, fouls.foul, "7.11"),
    "remove": Row(BEFORE_OVER, None, removals.check, removals.remove, "7.12"),
    "override": Row(BEFORE_ENDED, None, _check_override, overrides.override, "7.16.1"),
    "end": Row(("over",), "END_NOT_OVER", game_end.check_end, game_end.end, "7.14.6"),
    # ``undo`` is legal in every phase, ``ended`` included (7.16.4); it needs the log, not the
    # state, and is handled by ``game.Game``.
}

assert set(NEXT_EFFECTS) >= set(NIGHT0_PHASES)


def allowed_in_over(ev: dict) -> bool:
    """7.14.6: while over, only ``end``, ``undo`` and ``override result``."""
    kind = ev["type"]
    return kind in ("end", "undo") or (kind == "override" and ev.get("what") == "result")
