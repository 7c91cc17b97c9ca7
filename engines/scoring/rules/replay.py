"""Replays after a gross violation (003 item 10), ruleset mafclub.

The violator of an annulled game gets -3 (removal + yellow card) in that game; a player
who causes a second (or later) replay in the tournament gets a further -2 (red card).
Counted over the ranked games in playing order. An extra point that counts in tiebreak 1
(the file format's ``tiebreak_extra`` includes ``replay_penalty``).
"""
from __future__ import annotations

from ..model import RESULT_ANNULLED
from .base import Award, Rule

YELLOW_CENTS = -300
RED_CARD_CENTS = -200


class ReplayPenalty(Rule):
    key = "replay_penalty"
    clause = "003 item 10"
    notable_only = True
    title = "replay after a gross violation"
    notes = ("replay_penalty", "replay_penalty_again")

    def prepare(self, ctx):
        count: dict[str, int] = {}
        nth: dict[tuple[str, str], int] = {}  # (game id, player) -> which violation
        for g in ctx.games:
            if g.result != RESULT_ANNULLED:
                continue
            for s in g.seats:
                if s.gross_violation:
                    k = count.get(s.player, 0) + 1
                    count[s.player] = k
                    nth[(g.id, s.player)] = k
        return nth

    def award(self, ctx, game):
        if game.result != RESULT_ANNULLED:
            return []
        nth = ctx.prepared[self.key]
        out = []
        for s in game.notable_seats():
            if s.gross_violation:
                k = nth[(game.id, s.player)]
                out.append(Award(s, YELLOW_CENTS + (RED_CARD_CENTS if k >= 2 else 0), k))
        return out

    def explain(self, ctx, game, award):
        if award[2] >= 2:
            return self.clause, "replay_penalty_again", {"replay": award[2]}
        return self.clause, "replay_penalty", {}

    def tally(self, ctx, tables):
        count: dict[str, int] = {}
        for t in tables:
            if t.result == RESULT_ANNULLED:
                for s in t.marked:
                    if s.gross_violation:
                        count[s.player] = count.get(s.player, 0) + 1
        # -3 each, and -2 more for each one after the first
        return {p: YELLOW_CENTS * k + RED_CARD_CENTS * (k - 1) for p, k in count.items()}
