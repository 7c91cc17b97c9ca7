"""Explanations for every player in one pass over the games (pure: no Django).

`scoring.standings.explain_player` rebuilds the scoring context for one player; calling it for
each of 200 players would score the tournament 200 times. This walks the ranked games once and
files every award under its player, with the same lines explain_player gives.
"""
from __future__ import annotations

from scoring.decimals import fmt_cents
from scoring.model import RESULT_ANNULLED, RESULT_DRAW, Tournament
from scoring.standings import scoring_context


def explain_all(t: Tournament, stages=None) -> dict[str, list[dict]]:
    """player id -> [{"game", "stage", "result", "seat", "role", "lines": [[component, clause, points, note]]}]."""
    ctx = scoring_context(t, stages)
    out: dict[str, list[dict]] = {}
    for game in ctx.games:
        entries = {}
        for s in game.seats:
            entry = {"game": game.id, "stage": game.stage, "result": game.result, "seat": s.seat,
                     "role": s.role, "lines": []}
            entries[s.player] = entry
            out.setdefault(s.player, []).append(entry)
        for rule in ctx.ruleset.rules:
            for award in rule.award(ctx, game):
                entry = entries.get(award[0].player)  # (seat, cents, detail)
                if entry is None:
                    continue
                clause, note = rule.explain(ctx, game, award)
                entry["lines"].append([rule.key, clause, fmt_cents(award[1]), note])
        for entry in entries.values():
            if not entry["lines"]:
                what = ("annulled" if game.result == RESULT_ANNULLED else
                        "draw" if game.result == RESULT_DRAW else f"{game.result} won")
                entry["lines"].append(["none", "8.2.3", "0.00", f"no points ({what})"])
    return out
