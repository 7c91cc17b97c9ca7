"""Penalties (8.5): -0.4 each, with the clause and the written reason.

``PENALTY_FIT`` says which roles and results each clause needs; validation.py refuses a
penalty that does not fit. Decisions: 8.5.2 does not name a result, so it fits any played
result; no penalty fits an annulled game (8.5 is given "at the end of the game").
"""
from __future__ import annotations

from ..model import (
    BLACK,
    CLAUSE_8_5_1,
    CLAUSE_8_5_2,
    CLAUSE_8_5_3,
    CLAUSE_8_5_4,
    DON,
    RED,
    RESULT_BLACK,
    RESULT_DRAW,
    RESULT_RED,
    SHERIFF,
)
from .base import Rule

PENALTY_CENTS = -40

# clause -> (roles it may be given to, results it needs, plain words)
PENALTY_FIT = {
    CLAUSE_8_5_1: (frozenset((RED, SHERIFF)), frozenset((RESULT_BLACK,)),
                   "a red player or the sheriff who broke into a red player at 10 players, "
                   "and red lost"),
    CLAUSE_8_5_2: (frozenset((RED,)), frozenset((RESULT_RED, RESULT_BLACK, RESULT_DRAW)),
                   "a red player who broke into a red player at 4 players when red was "
                   "sure to win"),
    CLAUSE_8_5_3: (frozenset((RED, SHERIFF)), frozenset((RESULT_BLACK,)),
                   "a red player or the sheriff who claimed with a knowingly false check, "
                   "and red lost"),
    CLAUSE_8_5_4: (frozenset((BLACK, DON)), frozenset((RESULT_RED,)),
                   "a black player or the don who claimed sheriff with a red check of the "
                   "real sheriff, and black lost"),
}


def penalty_fits(clause: str, role: str, result: str) -> bool:
    fit = PENALTY_FIT.get(clause)
    return fit is not None and role in fit[0] and result in fit[1]


class Penalties(Rule):
    key = "penalty"
    clause = "8.5"
    notable_only = True
    title = "penalty"
    notes = ("penalty", "penalty_without_reason")

    def award(self, ctx, game):
        out = []
        for s in game.notable_seats():
            for p in s.penalties:  # one award per penalty, so each keeps its clause
                out.append((s, PENALTY_CENTS, p))
        return out

    def explain(self, ctx, game, award):
        p = award[2]
        if p.reason:
            return p.clause, "penalty", {"reason": p.reason}
        return p.clause, "penalty_without_reason", {}

    def tally(self, ctx, tables):
        out: dict[str, int] = {}
        for t in tables:
            for s in t.marked:
                if s.penalties:
                    out[s.player] = out.get(s.player, 0) + PENALTY_CENTS * len(s.penalties)
        return out
