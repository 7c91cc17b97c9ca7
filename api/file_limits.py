"""What a valid tournament file may not do to the tournament it is imported into: put a game at a
table and round where the tournament already has another. What no column holds (texts longer than
their column, numbers out of range, NUL) the scoring core's check refuses already
(engines/scoring/bounds.py, as `python -m scoring check` and `manage.py import_tournament` do)."""
from __future__ import annotations

from engines.scoring import model as core
from engines.scoring.problems import Problem
from protocols.scoring_records import derived_game_id
from tournaments.models import Tournament


def table_collisions(tournament: Tournament | None, t: core.Tournament) -> list[Problem]:
    """Games of the file at a table and round where the tournament already has another game (one
    query): importing them would put two games at one table in one round."""
    if tournament is None:
        return []
    taken = {}
    for g in tournament.games.filter(replay_of__isnull=True).select_related("stage", "round", "table"):
        taken[(g.stage.kind, g.round.number, g.table.number)] = g.code or derived_game_id(g.stage.kind, g.round.number,
                                                                                          g.table.number, False)
    out = []
    for g in t.games:
        other = taken.get((g.stage, g.round, g.table))
        if g.replay_of is None and other is not None and other != g.id:
            out.append(Problem(g.id[:40], None, "table", "table_taken",
                               params={"stage": g.stage, "round": g.round, "table": g.table, "other": other}))
    return out
