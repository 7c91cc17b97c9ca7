"""Standings services: ask for a recomputation after a change, and recompute.

    request_recompute(tournament)   call inside the transaction that changes a protocol or a
                                    setting; the job is enqueued only after it commits.
    recompute(tournament_id)        the job's body: lock, load, score, store a new snapshot.
"""
from __future__ import annotations

import logging

from django.db import IntegrityError, connection, transaction
from django.db.models import F
from django.utils import timezone

from . import pointer
from .loader import load
from .models import StandingsSnapshot, StandingsState
from .store import store_snapshot

log = logging.getLogger(__name__)

KEEP_VERSIONS = 3  # older snapshots are deleted; a page that loaded one still finds the newest


def _bump(tournament_id: int) -> None:
    if StandingsState.objects.filter(tournament_id=tournament_id).update(requested_version=F("requested_version") + 1):
        return
    try:
        with transaction.atomic():  # savepoint: a concurrent creator must not break the caller's transaction
            StandingsState.objects.create(tournament_id=tournament_id, requested_version=1)
    except IntegrityError:
        StandingsState.objects.filter(tournament_id=tournament_id).update(requested_version=F("requested_version") + 1)


def request_recompute(tournament) -> None:
    """Mark the standings of `tournament` (a Tournament or its pk) stale and enqueue the job.

    The version bump is part of the caller's transaction; the task is sent only after that
    transaction commits (pretix's TransactionAwareTask), so the worker always sees the change.
    Outside a transaction it is sent at once."""
    tournament_id = getattr(tournament, "pk", tournament)
    _bump(tournament_id)
    transaction.on_commit(lambda: _send(tournament_id))


def _send(tournament_id: int) -> None:
    """Send the job; if the broker is unreachable, recompute here rather than leave the standings
    stale. Never raises: the change that asked for it is already committed."""
    from .tasks import recompute_standings

    try:
        recompute_standings.delay(tournament_id)
        return
    except Exception:
        log.exception("standings job for tournament %s not sent or failed; recomputing in-process", tournament_id)
    try:
        recompute(tournament_id)
    except Exception:
        log.exception("standings of tournament %s not recomputed; `manage.py recompute_standings` will", tournament_id)


def recompute(tournament_id: int, *, force: bool = False) -> int | None:
    """Recompute and store the standings; return the stored version, or None when skipped.

    Runs in one transaction holding a row lock on the tournament's StandingsState, so jobs for
    one tournament queue up instead of interleaving. The snapshot's version is the
    requested_version read under the lock; a job finding a snapshot at least that new does
    nothing (idempotent, and a stale job never overwrites a newer snapshot). `force` stores a
    new version even when nothing was requested (the management command)."""
    from tournaments.models import Tournament

    with transaction.atomic():
        tournament = Tournament.objects.filter(pk=tournament_id).first()
        if tournament is None:  # deleted since the job was sent
            return None
        state = StandingsState.objects.select_for_update().filter(tournament_id=tournament_id).first()
        if state is None:
            _bump(tournament_id)
            state = StandingsState.objects.select_for_update().get(tournament_id=tournament_id)
        if force or state.requested_version == 0:
            state.requested_version = max(state.requested_version, state.computed_version) + 1
        elif state.computed_version >= state.requested_version:
            return None
        version = state.requested_version
        if connection.vendor == "postgresql":
            # A snapshot is derived data that a recomputation restores: no need to wait for the
            # WAL flush at commit (PostgreSQL still never commits it half-written).
            with connection.cursor() as cursor:
                cursor.execute("SET LOCAL synchronous_commit TO OFF")
        loaded = load(tournament)
        now = timezone.now()
        store_snapshot(tournament, loaded, version, now)
        state.computed_version, state.computed_at = version, now
        state.save(update_fields=["requested_version", "computed_version", "computed_at"])
        StandingsSnapshot.objects.filter(tournament_id=tournament_id, version__lte=version - KEEP_VERSIONS).delete()
        transaction.on_commit(pointer.forget)
    return version
