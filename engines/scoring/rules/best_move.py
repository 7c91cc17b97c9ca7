"""Best move (8.3) / Prima Nota (003 item 9): an extra point for the first-killed.

If the first-killed is red or sheriff: three black players (black or don) among the seats
named -> +0.40, exactly two -> +0.25 (settings), otherwise 0. A black or don first-killed
gets nothing. It counts in every stage, in a draw, and (mafclub) in an annulled game: the
Prima Nota earned before a replay stays (003 item 10).
"""
from __future__ import annotations

from ..decimals import to_cents
from ..model import RED, TEAM_BLACK_ROLES, TEAM_RED_ROLES
from .base import Award, Rule


def blacks_named(game) -> tuple[object, int] | None:
    """(first-killed seat, how many named seats are black or don), or None."""
    fk = game.first_killed
    if fk is None:
        return None
    killed = game.seat_by_number(fk.seat)
    if killed is None:
        return None
    hits = 0
    for n in set(fk.named):
        if n != fk.seat:
            named = game.seat_by_number(n)
            if named is not None and named.role in TEAM_BLACK_ROLES:
                hits += 1
    return killed, hits


def best_move_cents(role: str, hits: int, settings) -> int:
    if role not in TEAM_RED_ROLES:
        return 0
    if hits >= 3:
        return to_cents(settings.best_move_three)
    if hits == 2:
        return to_cents(settings.best_move_two)
    return 0


class BestMove(Rule):
    key = "best_move"
    clause = "8.3"
    title = "best move"
    notes = ("best_move",)

    def award(self, ctx, game):
        fk = game.first_killed
        if fk is None or not fk.named:
            return []
        found = blacks_named(game)
        if found is None:
            return []
        killed, hits = found
        cents = best_move_cents(killed.role, hits, ctx.settings)
        return [Award(killed, cents, hits)] if cents else []

    def explain(self, ctx, game, award):
        return "8.3.1", "best_move", {"named": list(game.first_killed.named), "blacks": award[2]}

    def tally(self, ctx, tables):
        values = {3: best_move_cents(RED, 3, ctx.settings), 2: best_move_cents(RED, 2, ctx.settings)}
        out: dict[str, int] = {}
        for t in tables:
            if t.named and t.killed_role in TEAM_RED_ROLES:  # (naming nobody gets nothing)
                cents = values.get(len(t.arrangement.black_seats & t.named))
                if cents:
                    out[t.killed] = out.get(t.killed, 0) + cents
        return out
