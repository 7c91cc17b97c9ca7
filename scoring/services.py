"""Ask for the standings to be recomputed after a change.

    request_recompute(tournament)   call inside the transaction that changes a protocol or a
                                    setting; the job is enqueued only after it commits.

The job itself is `tasks.recompute_standings`, whose body is `recompute.recompute`.
"""
from __future__ import annotations

from django.db import transaction

from tournaments.background import send_or_run

from .models import StandingsState
from .tasks import recompute_standings


class _SendAfterCommit:
    """The on-commit callback that sends one tournament's job; equal for one tournament, so a
    transaction that changes a thousand rows of it (an import) sends one job."""

    def __init__(self, tournament_id: int):
        self.tournament_id = tournament_id

    def __eq__(self, other):
        return isinstance(other, _SendAfterCommit) and other.tournament_id == self.tournament_id

    def __hash__(self):
        return hash(self.tournament_id)

    def __call__(self):
        _send(self.tournament_id)


def request_recompute(tournament) -> None:
    """Mark the standings of `tournament` (a Tournament or its pk) stale and enqueue the job.

    The version bump is part of the caller's transaction; the task is sent only after that
    transaction commits (pretix's TransactionAwareTask), so the worker always sees the change,
    and only once per transaction and tournament. Outside a transaction it is sent at once."""
    tournament_id = getattr(tournament, "pk", tournament)
    StandingsState.raise_requested(tournament_id)
    callback = _SendAfterCommit(tournament_id)
    connection = transaction.get_connection()
    # Django keeps the pending callbacks as (savepoint ids, callback, robust); one already there
    # for this tournament will send the job that covers this change too.
    if connection.in_atomic_block and any(pending[1] == callback for pending in connection.run_on_commit):
        return
    transaction.on_commit(callback)


def _send(tournament_id: int) -> None:
    """Send the job; if the broker is unreachable, recompute here rather than leave the standings
    stale (`manage.py recompute_standings` and the beat's sweep catch what fails even then)."""
    send_or_run(recompute_standings, tournament_id, what=f"standings of tournament {tournament_id}")
