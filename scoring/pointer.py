"""The pointer every hit of the standings page reads: which snapshot version is current.

One small SQL statement (tournament id, computed version, standings public?, computed at), kept
per process for up to STANDINGS_POINTER_TTL seconds (setting, default 1.0; 0 turns it off). So a
hall of phones costs the database at most one query per second per web process, and a page is
at most that much behind a newly stored snapshot. The process that stores a snapshot or saves a
tournament forgets its copies at once (services.recompute, signals).
"""
from __future__ import annotations

import time
from datetime import UTC, datetime

from django.conf import settings
from django.db import connection
from django.utils.dateparse import parse_datetime

from tournaments.models import Publication, Tournament

from .models import StandingsState

_SQL = (
    f"SELECT t.id, s.computed_version, t.standings_public, s.computed_at FROM {Tournament._meta.db_table} t "
    f"LEFT JOIN {StandingsState._meta.db_table} s ON s.tournament_id = t.id WHERE t.slug = %s"
)
# A draft is not public: the pointer does not find it, so every public read of it is a 404; an
# organiser's preview asks with `drafts=True` (never memoised).
_PUBLIC_ONLY = f" AND t.publication <> '{Publication.DRAFT.value}'"
_memo: dict[str, tuple[float, tuple]] = {}
_MAX_ENTRIES = 1000


def current(slug: str, *, drafts: bool = False) -> tuple[int, int, bool, datetime | None] | None:
    """(tournament pk, computed version (0: none yet), standings public?, computed at), or None
    (no such tournament, or a draft unless `drafts`)."""
    ttl = 0 if drafts else settings.STANDINGS_POINTER_TTL
    now = time.monotonic()
    hit = None if drafts else _memo.get(slug)
    if hit is not None and hit[0] > now:
        return hit[1]
    with connection.cursor() as cursor:
        cursor.execute(_SQL if drafts else _SQL + _PUBLIC_ONLY, [slug])
        row = cursor.fetchone()
    if row is None:
        return None  # unknown slugs are not kept: they cannot fill the memo
    pk, version, public, computed_at = row
    if computed_at is not None and not isinstance(computed_at, datetime):  # SQLite may hand back text
        computed_at = parse_datetime(computed_at)
    if computed_at is not None and computed_at.tzinfo is None:
        computed_at = computed_at.replace(tzinfo=UTC)  # Django stores UTC there
    state = (pk, version or 0, bool(public), computed_at)
    if ttl > 0:
        if len(_memo) >= _MAX_ENTRIES:
            _memo.clear()
        _memo[slug] = (now + ttl, state)
    return state


def forget() -> None:
    """Drop this process's copies (after it stored a snapshot or saved a tournament)."""
    _memo.clear()
