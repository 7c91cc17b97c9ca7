"""Win points (8.2.1–8.2.3), weighted by K in hard games (8.7.3: K touches win points only).

1 to every player of the winning team; 0 for a loss, a draw or an annulled game
(003 item 10: the annulled game gives no win points).
"""
from __future__ import annotations

from collections import Counter

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
        red, black = [], []  # the winners, one entry a win
        for t in tables:
            result = t.result
            if result == RESULT_RED:
                red.extend(t.arrangement.red_team(t.players))
            elif result == RESULT_BLACK:
                black.extend(t.arrangement.black_team(t.players))
        wins = Counter(red)
        wins.update(black)
        out = {p: WIN_CENTS * w for p, w in wins.items()}
        if ctx.k_cents is not None:  # K weighs the wins of the hard result (8.7.3)
            for p, w in Counter(red if ctx.hard_result == RESULT_RED else black).items():
                out[p] += (ctx.k_cents - WIN_CENTS) * w
        return out
