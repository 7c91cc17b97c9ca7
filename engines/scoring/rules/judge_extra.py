"""The judge's extra points (8.4), as recorded on the protocol (limits: validation.py)."""
from __future__ import annotations

from ..decimals import cents_of, fmt_cents
from .base import Rule


class JudgeExtra(Rule):
    key = "judge_extra"
    clause = "8.4"
    notable_only = True
    title = "judge's extra points"
    notes = ("judge_extra", "judge_extra_approved")

    def award(self, ctx, game):
        out = []
        for s in game.notable_seats():
            extra = s.extra
            if extra:
                out.append((s, cents_of(extra), None))
        return out

    def explain(self, ctx, game, award):
        code = "judge_extra_approved" if award[1] > 50 else "judge_extra"
        return self.clause, code, {"points": fmt_cents(award[1])}

    def tally(self, ctx, tables):
        out: dict[str, int] = {}
        for t in tables:
            for player, cents in t.extras:
                out[player] = out.get(player, 0) + cents
        return out
