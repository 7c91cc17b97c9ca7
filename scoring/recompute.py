"""The recompute job's body: lock the tournament's standings state, load, score, store.

Only this module writes snapshots; `tasks.recompute_standings` runs it in a Celery worker, and
`recompute_standings` (the command) and the admin's button run it in-process.
"""
from __future__ import annotations

import gc
from contextlib import contextmanager
from datetime import timedelta

from django.db import connection, transaction
from django.db.models import F
from django.utils import timezone

from protocols.scoring_records import load
from tournaments.domain_events import StandingsRecomputed, publish
from tournaments.models import Tournament

from . import selectors
from .models import StandingsSnapshot, StandingsState
from .snapshot_writer import store_snapshot

KEEP_VERSIONS = 3  # older snapshots are deleted; a page that loaded one still finds the newest
# A request older than this with no snapshot for it lost its job (a killed worker, a broker that
# was down): the periodic sweep recomputes it.
SWEEP_AFTER = timedelta(minutes=1)


def recompute(tournament_id: int, *, force: bool = False) -> int | None:
    """Recompute and store the standings; return the stored version, or None when skipped.

    Runs in one transaction holding a row lock on the tournament's StandingsState, so jobs for
    one tournament queue up instead of interleaving. The snapshot's version is the
    requested_version read under the lock; a job finding a snapshot at least that new does
    nothing (idempotent, and a stale job never overwrites a newer snapshot). `force` stores a
    new version even when nothing was requested (the management command)."""
    with transaction.atomic():
        tournament = Tournament.objects.filter(pk=tournament_id).first()
        if tournament is None:  # deleted since the job was sent
            return None
        state = StandingsState.objects.select_for_update().filter(tournament_id=tournament_id).first()
        if state is None:
            StandingsState.raise_requested(tournament_id)
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
        with _no_cycle_collection():
            loaded = load(tournament)
            now = timezone.now()
            store_snapshot(tournament, loaded, version, now)
        state.computed_version, state.computed_at, state.stale_since = version, now, None
        state.save(update_fields=["requested_version", "computed_version", "computed_at", "stale_since"])
        StandingsSnapshot.objects.filter(tournament_id=tournament_id, version__lte=version - KEEP_VERSIONS).delete()
        transaction.on_commit(selectors.forget)
        publish(StandingsRecomputed(tournament_id, version))  # the live pages follow, after the commit
    return version


@contextmanager
def _no_cycle_collection():
    """Loading and scoring a large tournament makes some 10^5 short-lived objects (rows, seats,
    explanation lists), none of them in a reference cycle; the cyclic collector would walk them and
    the rest of the heap several times over: a fifth of a 1,000-player league's recompute
    (bench/standings.py). Reference counting still frees them; the collector runs again after."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def sweep(now=None) -> list[int]:
    """Recompute every tournament whose standings were asked for more than SWEEP_AFTER ago and
    are still not computed; return the ids recomputed. Celery beat runs it (tasks.py)."""
    cutoff = (now or timezone.now()) - SWEEP_AFTER
    stale = StandingsState.objects.filter(requested_version__gt=F("computed_version"), stale_since__lte=cutoff)
    return [pk for pk in stale.values_list("tournament_id", flat=True) if recompute(pk) is not None]
