"""What may be entered now: every legal event of a state, found by the same checks ``push``
runs (legality.LEGALITY), so the screen, the tests and the rules can never disagree.

``legal_events(state)`` lists concrete events (one per seat, count or target); ``progress``
keeps those that move the game on (not a foul, a removal, an override or an undo).
"""
from __future__ import annotations

from itertools import combinations

from .codes import Refused
from .machine import check
from .state import State

SEATS = range(1, 11)
REASON = "the judge's reason"
PROGRESS_TYPES = ("next", "nominate", "withdraw", "vote", "vote_all", "shot", "don_check", "sheriff_check",
                  "best_move", "end")


def _candidates(s: State):
    turn = s.player_turn()
    yield {"type": "next", "seat": turn.seat} if turn is not None else {"type": "next"}
    if turn is not None:
        for seat in SEATS:
            yield {"type": "nominate", "by": turn.seat, "seat": seat}
            yield {"type": "withdraw", "by": turn.seat, "seat": seat}
    if s.round is not None:
        for count in range(s.round.uncast + 1):
            yield {"type": "vote", "seat": s.round.called, "count": count}
    if s.phase == "all_leave_vote":
        for n in range(len(s.in_game) + 1):
            yield {"type": "vote_all", "for": n}
    if s.phase == "shooting":
        for by in s.blacks_in_game():
            for at in (*SEATS, None):
                yield {"type": "shot", "by": by, "at": at}
    for kind in ("don_check", "sheriff_check"):
        if s.phase == kind:
            for target in (*SEATS, None):
                yield {"type": kind, "target": target}
    if s.phase in ("best_move", "night_last_words") and s.first_killed is not None:
        others = [x for x in SEATS if x != s.first_killed]
        for k in range(4):
            for named in combinations(others, k):
                yield {"type": "best_move", "seats": list(named)}
    for seat in SEATS:
        yield {"type": "foul", "seat": seat}
        yield {"type": "remove", "seat": seat, "kind": "disqualifying"}
        yield {"type": "remove", "seat": seat, "kind": "team_loss", "reason": REASON}
        yield {"type": "remove", "seat": seat, "kind": "replay", "reason": REASON}
        for fouls in range(4):
            yield {"type": "override", "what": "fouls", "seat": seat, "fouls": fouls, "reason": REASON}
    for what in ("cancel_vote", "hold_vote"):
        yield {"type": "override", "what": what, "reason": REASON}
    for result in ("red", "black", "draw"):
        yield {"type": "override", "what": "result", "result": result, "reason": REASON}
    for result in ("red", "black", "draw", "annulled"):
        yield {"type": "end", "result": result}


def legal_events(s: State) -> list:
    """Every concrete event ``check`` accepts in ``s`` (``undo`` aside: it depends on the log)."""
    legal = []
    for event in _candidates(s):
        try:
            check(s, event)
        except Refused:
            continue
        legal.append(event)
    return legal


def progress(s: State) -> list:
    """The legal events that move the game on (7.3.3); never empty before ``ended``."""
    return [e for e in legal_events(s) if e["type"] in PROGRESS_TYPES]
