"""MafClub's escalating compensation (003 item 8), replacing 8.6 under ``mafclub``.

In playing order over the ranked games, the k-th game where the player was first-killed as
red or sheriff and red lost gives +0.5*(k-1): 0, +0.5, +1.0, ... Decisions: a draw is not a
loss; annulled games have no result and do not count. Recorded as the component
"compensation", an extra point that never counts in tiebreak 1 (RULES.md §4).
"""
from __future__ import annotations

from ..decimals import fmt_cents
from ..model import RESULT_BLACK, TEAM_RED_ROLES
from .base import Award, Rule
from .compensation import first_killed_red_seat

STEP_CENTS = 50


class EscalatingCompensation(Rule):
    key = "compensation"
    clause = "003 item 8"
    title = "escalating first-night compensation"
    notes = ("escalating_compensation",)

    def prepare(self, ctx):
        seen: dict[str, int] = {}
        by_game: dict[str, tuple[int, int]] = {}  # game id -> (k, cents)
        for g in ctx.games:  # ctx.games is in playing order
            if g.result != RESULT_BLACK:
                continue
            s = first_killed_red_seat(g)
            if s is None:
                continue
            k = seen.get(s.player, 0) + 1
            seen[s.player] = k
            by_game[g.id] = (k, STEP_CENTS * (k - 1))
        return by_game

    def award(self, ctx, game):
        hit = ctx.prepared[self.key].get(game.id)
        if not hit or not hit[1]:
            return []
        return [Award(first_killed_red_seat(game), hit[1], hit[0])]

    def explain(self, ctx, game, award):
        return self.clause, "escalating_compensation", {"role": award[0].role, "time": award[2],
                                                        "points": fmt_cents(award[1])}

    def tally(self, ctx, tables):
        lost: dict[str, int] = {}
        for t in tables:
            if t.result == RESULT_BLACK and t.killed_role in TEAM_RED_ROLES:
                lost[t.killed] = lost.get(t.killed, 0) + 1
        # the k-th loss gives 0.5 * (k - 1): 0.5 * L * (L - 1) / 2 over L losses
        return {p: STEP_CENTS * k * (k - 1) // 2 for p, k in lost.items()}
