"""Score a loaded tournament and write the snapshot: one StandingsSnapshot per scope (overall, and
each stage when more than one has games) and one PlayerStanding per player and scope.

The player rows go in with one INSERT … SELECT over a JSON text that the database unpacks
(PostgreSQL json_populate_recordset, SQLite json_each): one statement whatever the number of
players, and no client-side quoting of Django's per-column arrays (which cost more than all the
scoring for 200 explanations). Other databases use bulk_create.
"""
from __future__ import annotations

import json
import logging

from django.db import connection

from engines.scoring.explain import explain_all, game_meta
from engines.scoring.standings import compute_standings
from tournaments.vocabulary import stage_position

from .models import SCOPE_ALL, PlayerStanding, StandingsSnapshot

log = logging.getLogger(__name__)

_ROW_COLUMNS = (
    "snapshot_id", "player_id", "place", "file_id", "nickname", "club", "games", "wins", "wins_as_don_or_sheriff",
    "first_killed", "main", "extra", "total", "tiebreak_extra", "decided_by_lot", "mark", "breakdown",
    "explanation",
)


def store_snapshot(tournament, loaded, version: int, now) -> int:
    """Write version `version` of the tournament's standings; return the number of player rows."""
    core = loaded.tournament
    stages = sorted({g.stage for g in core.games}, key=stage_position)
    scopes: list[tuple[str, tuple | None]] = [(SCOPE_ALL, None)]
    if len(stages) > 1:  # with one stage its standings are the overall ones: stored once
        scopes += [(stage, (stage,)) for stage in stages]
    rows: list[dict] = []
    for scope, selected in scopes:
        standings = compute_standings(core, selected)
        explanations = explain_all(core, loaded.game_numbers, selected)
        document = standings.to_document()
        snapshot = StandingsSnapshot.objects.create(
            tournament=tournament, version=version, scope=scope, computed_at=now,
            games=sum(1 for g in core.games if selected is None or g.stage in selected),
            stages=stages, ruleset=document["ruleset"], k=document["k"] or "", document=document,
            game_meta=game_meta(core, loaded.game_numbers, selected),
        )
        for r, d in zip(standings.rows, document["standings"]):
            games = explanations.get(r.player, [])
            rows.append({
                "snapshot_id": snapshot.pk, "player_id": loaded.player_pks.get(r.player), "place": r.place,
                "file_id": r.player, "nickname": r.nickname, "club": loaded.clubs.get(r.player, ""),
                "games": r.games, "wins": r.wins, "wins_as_don_or_sheriff": r.wins_as_don_or_sheriff,
                "first_killed": r.first_killed, "main": d["main"], "extra": d["extra"], "total": d["total"],
                "tiebreak_extra": d["tiebreak_extra"], "decided_by_lot": r.decided_by_lot,
                "mark": loaded.marks.get(r.player, ""),
                "breakdown": d["breakdown"], "explanation": games,
            })
    _insert_rows(rows)
    log.info("standings of tournament %s stored as version %s (%s rows)", tournament.pk, version, len(rows))
    return len(rows)


def _insert_rows(rows: list[dict]) -> None:
    """All player rows in one statement, whatever their number (the query count stays constant)."""
    if not rows:
        return
    table = PlayerStanding._meta.db_table
    columns = ", ".join(_ROW_COLUMNS)
    payload = json.dumps(rows, ensure_ascii=False, separators=(",", ":"))
    if connection.vendor == "postgresql":
        sql = f"INSERT INTO {table} ({columns}) SELECT {columns} FROM json_populate_recordset(NULL::{table}, %s::json)"
    elif connection.vendor == "sqlite":  # JSON1: json_extract gives objects and lists back as JSON text
        values = ", ".join(f"json_extract(value, '$.{c}')" for c in _ROW_COLUMNS)
        sql = f"INSERT INTO {table} ({columns}) SELECT {values} FROM json_each(%s)"
    else:
        PlayerStanding.objects.bulk_create(PlayerStanding(**row) for row in rows)
        return
    with connection.cursor() as cursor:
        cursor.execute(sql, [payload])
