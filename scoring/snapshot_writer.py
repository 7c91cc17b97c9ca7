"""Write a scored tournament as a snapshot: one StandingsSnapshot per scope (overall, and each
stage when more than one has games: scopes.py) and one PlayerStanding per player and scope.

The player rows go in with one INSERT … SELECT over a JSON text that the database unpacks
(PostgreSQL json_populate_recordset, SQLite json_each): one statement whatever the number of
players, and no client-side quoting of Django's per-column arrays (which cost more than all the
scoring for 200 explanations). Other databases use bulk_create.
"""
from __future__ import annotations

import json
import logging

from django.db import connection

from .models import PlayerStanding, StandingsSnapshot
from .scopes import scored_scopes

log = logging.getLogger(__name__)

_ROW_COLUMNS = (
    "snapshot_id", "player_id", "place", "file_id", "nickname", "club", "games", "wins", "wins_as_don_or_sheriff",
    "first_killed", "main", "extra", "total", "tiebreak_extra", "decided_by_lot", "mark", "breakdown",
    "explanation",
)


def store_snapshot(tournament, loaded, version: int, now) -> int:
    """Write version `version` of the tournament's standings; return the number of player rows."""
    rows: list[dict] = []
    for scored in scored_scopes(loaded):
        document = scored.document
        snapshot = StandingsSnapshot.objects.create(
            tournament=tournament, version=version, scope=scored.scope, computed_at=now, games=scored.games,
            stages=scored.stages, ruleset=document["ruleset"], k=document["k"] or "", document=document,
            game_meta=scored.game_meta,
        )
        rows += [{"snapshot_id": snapshot.pk, **row} for row in scored.rows]
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
