"""Win points (8.2.1–8.2.3), weighted by K in hard games (8.7.3: K touches win points only).

1 to every player of the winning team; 0 for a loss, a draw or an annulled game
(003 item 10: the annulled game gives no win points).
"""
from __future__ import annotations

from ..decimals import fmt_cents
from ..model import RESULT_BLACK, RESULT_RED, TEAM_BLACK_ROLES, TEAM_RED_ROLES
from .base import Rule

WIN_CENTS = 100
WINNING_ROLES = {RESULT_RED: TEAM_RED_ROLES, RESULT_BLACK: TEAM_BLACK_ROLES}


class WinPoints(Rule):
    key = "win"
    clause = "8.2.1–8.2.3"
    title = "win"
    notes = ("red_win", "black_win", "red_win_hard", "black_win_hard")

    def award(self, ctx, game):
        roles = WINNING_ROLES.get(game.result)
        if roles is None:
            return []
        cents = WIN_CENTS
        if ctx.k_cents is not None and game.result == ctx.hard_result:
            cents = ctx.k_cents
        return [(s, cents, None) for s in game.seats if s.role in roles]

    def explain(self, ctx, game, award):
        clause = "8.2.1" if game.result == RESULT_RED else "8.2.2"
        if award[1] != WIN_CENTS:
            return f"{clause}, 8.7", f"{game.result}_win_hard", {"k": fmt_cents(award[1])}
        return clause, f"{game.result}_win", {}

    def tally(self, ctx, tables):
        out: dict[str, int] = {}
        for result, wins in tables.wins.items():  # player -> wins in games of that result
            cents = WIN_CENTS
            if ctx.k_cents is not None and result == ctx.hard_result:
                cents = ctx.k_cents  # K weighs the wins of the hard result (8.7.3)
            for p, w in wins.items():
                out[p] = out.get(p, 0) + cents * w
        return out
