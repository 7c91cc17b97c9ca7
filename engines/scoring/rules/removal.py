"""Removal from the table (8.2.4): -0.5, an extra point.

A disqualifying foul always costs -0.5; a 4th-foul removal does when
``settings.fourth_foul_removal_counts`` (default: yes). Under mafclub the violator of an
annulled game gets the replay's -3 instead, which already includes the removal (003 item 10,
RULES.md §4), so their removal in that game adds nothing here.
"""
from __future__ import annotations

from ..model import REMOVED_DISQUALIFYING, REMOVED_FOURTH_FOUL, RESULT_ANNULLED
from .base import Rule

REMOVAL_CENTS = -50


def removal_cents(seat, annulled: bool, fourth_foul_counts: bool) -> int:
    removed = seat.removed
    if removed is None:
        return 0
    if annulled and seat.gross_violation:
        return 0
    if removed == REMOVED_DISQUALIFYING or (removed == REMOVED_FOURTH_FOUL and fourth_foul_counts):
        return REMOVAL_CENTS
    return 0


class Removal(Rule):
    key = "removal"
    clause = "8.2.4"
    notable_only = True
    title = "removed from the table"
    notes = ("removal",)

    def award(self, ctx, game):
        annulled = game.result == RESULT_ANNULLED
        fourth = ctx.settings.fourth_foul_removal_counts
        out = []
        for s in game.notable_seats():
            if s.removed is not None:
                cents = removal_cents(s, annulled, fourth)
                if cents:
                    out.append((s, cents, None))
        return out

    def explain(self, ctx, game, award):
        what = REMOVED_FOURTH_FOUL if award[0].removed == REMOVED_FOURTH_FOUL else REMOVED_DISQUALIFYING
        return self.clause, "removal", {"removal": what}

    def tally(self, ctx, tables):
        fourth = ctx.settings.fourth_foul_removal_counts
        out: dict[str, int] = {}
        for t in tables:
            if t.marked:
                annulled = t.result == RESULT_ANNULLED
                for s in t.marked:
                    if s.removed is not None:
                        cents = removal_cents(s, annulled, fourth)
                        if cents:
                            out[s.player] = out.get(s.player, 0) + cents
        return out
