"""First-night compensation Ci (8.6), ruleset fiim.

Only in the qualifying and semifinal stages. B = times the player was first-killed as red
or sheriff over those stages (of the ranked games); N = 40 % of ``games_before_final``,
rounded to the nearest integer. Ci = 0.4*B/N when B <= N, else 0.4, rounded half-up to
two decimals. Ci is added as a main point in each of those games where the player was
first-killed as red or sheriff and team red lost (8.6.3).

Decisions: a draw is not a loss (8.2.3 tells them apart), so a draw gives no Ci but its
first-killing still counts in B. Where N rounds to 0 (fewer than 2 games before the
final) every B >= 1 is "B > N" and Ci = 0.4.
"""
from __future__ import annotations

from ..decimals import div_half_up, fmt_cents
from ..model import QUALIFYING, RESULT_ANNULLED, RESULT_BLACK, SEMIFINAL, TEAM_RED_ROLES
from .base import Award, Rule

COMPENSATION_STAGES = frozenset((QUALIFYING, SEMIFINAL))
CI_MAX_CENTS = 40


def compensation_n(games_before_final: int) -> int:
    """N = round(0.4 * games before the final); 0.4*g never ends in exactly .5."""
    return div_half_up(4 * games_before_final, 10)


def ci_cents(times_first_killed: int, n: int) -> int:
    """Ci in hundredths for B = times_first_killed."""
    if times_first_killed <= 0:
        return 0
    if times_first_killed > n:
        return CI_MAX_CENTS
    return div_half_up(CI_MAX_CENTS * times_first_killed, n)


def first_killed_red_seat(game):
    """The first-killed seat when its role is red or sheriff, else None."""
    fk = game.first_killed
    if fk is None:
        return None
    s = game.seat_by_number(fk.seat)
    return s if s is not None and s.role in TEAM_RED_ROLES else None


class FirstNightCompensation(Rule):
    key = "compensation"
    clause = "8.6"
    title = "first-night compensation Ci"
    notes = ("compensation",)

    def prepare(self, ctx):
        n = compensation_n(ctx.tournament.games_before_final)
        b: dict[str, int] = {}
        lost = []  # (game id, first-killed seat) where red lost: Ci goes there
        for g in ctx.games:
            if g.stage in COMPENSATION_STAGES and g.result != RESULT_ANNULLED:
                s = first_killed_red_seat(g)
                if s is not None:
                    b[s.player] = b.get(s.player, 0) + 1
                    if g.result == RESULT_BLACK:
                        lost.append((g.id, s))
        ci = {p: ci_cents(count, n) for p, count in b.items()}
        awards = {gid: [Award(s, ci[s.player])] for gid, s in lost if ci[s.player]}
        return {"n": n, "b": b, "ci": ci, "awards": awards}

    def award(self, ctx, game):
        return ctx.prepared[self.key]["awards"].get(game.id, ())

    def explain(self, ctx, game, award):
        data = ctx.prepared[self.key]
        b = data["b"].get(award[0].player, 0)
        return "8.6.3", "compensation", {"role": award[0].role, "ci": fmt_cents(award[1]), "b": b, "n": data["n"]}

    def tally(self, ctx, tables):
        n = compensation_n(ctx.tournament.games_before_final)
        b: dict[str, int] = {}
        lost: dict[str, int] = {}
        for t in tables:
            if (t.killed_role in TEAM_RED_ROLES and t.stage in COMPENSATION_STAGES
                    and t.result != RESULT_ANNULLED):
                player = t.killed
                b[player] = b.get(player, 0) + 1
                if t.result == RESULT_BLACK:  # where Ci is paid (8.6.3)
                    lost[player] = lost.get(player, 0) + 1
        return {p: times * ci_cents(b[p], n) for p, times in lost.items()}
