"""Ask for the standings to be recomputed after a change.

    request_recompute(tournament)   call inside the transaction that changes a protocol or a
                                    setting; the job is enqueued only after it commits.

The job itself is `tasks.recompute_standings`, whose body is `recompute.recompute`.
"""
from __future__ import annotations

import logging

from django.db import transaction

from .models import StandingsState
from .recompute import recompute
from .tasks import recompute_standings

log = logging.getLogger(__name__)



def request_recompute(tournament) -> None:
    """Mark the standings of `tournament` (a Tournament or its pk) stale and enqueue the job.

    The version bump is part of the caller's transaction; the task is sent only after that
    transaction commits (pretix's TransactionAwareTask), so the worker always sees the change.
    Outside a transaction it is sent at once."""
    tournament_id = getattr(tournament, "pk", tournament)
    StandingsState.raise_requested(tournament_id)
    transaction.on_commit(lambda: _send(tournament_id))


def _send(tournament_id: int) -> None:
    """Send the job; if the broker is unreachable, recompute here rather than leave the standings
    stale. Never raises: the change that asked for it is already committed."""
    try:
        recompute_standings.delay(tournament_id)
        return
    except Exception:
        log.exception("standings job for tournament %s not sent or failed; recomputing in-process", tournament_id)
    try:
        recompute(tournament_id)
    except Exception:
        log.exception("standings of tournament %s not recomputed; `manage.py recompute_standings` will", tournament_id)
