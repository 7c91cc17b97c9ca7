"""Explanations for every player in one pass over the games (pure: no Django).

`engines.scoring.standings.explain_player` rebuilds the scoring context for one player; calling it for
each of 200 players would score the tournament 200 times. This walks the ranked games once and
files every award under its player, with the clause, code and params explain_player gives.

The result is stored with every snapshot, so it is kept compact: per player a list of
``[game number, seat, role, [[component, clause, cents, code, params], ...]]`` in playing order; a
game that gave the player nothing has no lines. A line holds no words: its code and params
(JSON-safe, e.g. ``"best_move", {"named": [4, 6, 8], "blacks": 3}``) are worded in the page's
language where it is shown (messages.NOTES has the English). The game's id, stage and result are
stored once per snapshot (``game_meta``), not once per seat.
"""
from __future__ import annotations

from .model import Tournament
from .standings import scoring_context


def explain_all(t: Tournament, numbers: dict[str, int], stages=None) -> dict[str, list[list]]:
    """player id -> [[game number, seat, role, [[component, clause, cents, code, params], ...]], ...]."""
    ctx = scoring_context(t, stages)
    out: dict[str, list[list]] = {}
    for game in ctx.games:
        number = numbers.get(game.id)
        lines_of = {}
        for s in game.seats:
            lines = []
            lines_of[s.player] = lines
            out.setdefault(s.player, []).append([number, s.seat, s.role, lines])
        plain = not game.notable_seats()
        for rule in ctx.ruleset.rules:
            if plain and rule.notable_only:  # as compute_standings: such a rule awards nothing here
                continue
            for award in rule.award(ctx, game):  # (seat, cents, detail)
                lines = lines_of.get(award[0].player)
                if lines is not None and award[1]:
                    clause, code, params = rule.explain(ctx, game, award)
                    lines.append([rule.key, clause, award[1], code, params])
    return out


def game_meta(t: Tournament, numbers: dict[str, int], stages=None) -> dict[str, list]:
    """game number (as a string, a JSON key) -> [game id, stage, result] for the ranked games."""
    wanted = None if stages is None else set(stages)
    return {str(numbers.get(g.id)): [g.id, g.stage, g.result] for g in t.games if wanted is None or g.stage in wanted}
