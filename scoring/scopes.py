"""Score a loaded tournament scope by scope, without storing anything: what a stored snapshot
holds (snapshot_writer.py writes it) and what the standings "as after round N" show (cuts.py
keeps it in the cache).

    scored_scopes(loaded) -> [ScoredScope]   "all" first, then each stage when more than one has games
"""
from __future__ import annotations

from dataclasses import dataclass

from engines.scoring.explain import explain_all, game_meta
from engines.scoring.standings import compute_standings
from tournaments.vocabulary import stage_position

from .models import SCOPE_ALL


@dataclass(frozen=True)
class ScoredScope:
    scope: str
    games: int  # signed-off games ranked in this scope
    stages: list[str]  # stage kinds with games, in playing order (the same for every scope)
    document: dict  # the mafia-standings/1 document
    game_meta: dict  # game number -> [game id, stage, result]
    rows: list[dict]  # PlayerStanding's columns but the snapshot, in place order


def scored_scopes(loaded) -> list[ScoredScope]:
    """The overall standings and, when more than one stage has games, each stage's own (with one
    stage its standings are the overall ones: scored once)."""
    core = loaded.tournament
    stages = sorted({g.stage for g in core.games}, key=stage_position)
    scopes: list[tuple[str, tuple | None]] = [(SCOPE_ALL, None)]
    if len(stages) > 1:
        scopes += [(stage, (stage,)) for stage in stages]
    scored = []
    for scope, selected in scopes:
        standings = compute_standings(core, selected)
        explanations = explain_all(core, loaded.game_numbers, selected)
        document = standings.to_document()
        rows = [{
            "player_id": loaded.player_pks.get(r.player), "place": r.place,
            "file_id": r.player, "nickname": r.nickname, "club": loaded.clubs.get(r.player, ""),
            "games": r.games, "wins": r.wins, "wins_as_don_or_sheriff": r.wins_as_don_or_sheriff,
            "first_killed": r.first_killed, "main": d["main"], "extra": d["extra"], "total": d["total"],
            "tiebreak_extra": d["tiebreak_extra"], "decided_by_lot": r.decided_by_lot,
            "mark": loaded.marks.get(r.player, ""),
            "breakdown": d["breakdown"], "explanation": explanations.get(r.player, []),
        } for r, d in zip(standings.rows, document["standings"])]
        scored.append(ScoredScope(
            scope, sum(1 for g in core.games if selected is None or g.stage in selected), stages, document,
            game_meta(core, loaded.game_numbers, selected), rows,
        ))
    return scored
