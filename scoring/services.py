"""Ask for the standings to be recomputed after a change.

    request_recompute(tournament)   call inside the transaction that changes a protocol, a
                                    registration, a scoring setting or a round of the stage plan;
                                    the job is enqueued only after it commits.

The apps below this one announce their changes as domain events; `listeners.py` answers them with
this function, inside the change's transaction. The job itself is `tasks.recompute_standings`,
whose body is `recompute.recompute`.
"""
from __future__ import annotations

from functools import partial

from tournaments.background import once_after_commit, send_or_run

from .models import StandingsState
from .tasks import recompute_standings


def request_recompute(tournament) -> None:
    """Mark the standings of `tournament` (a Tournament or its pk) stale and enqueue the job.

    The version bump is part of the caller's transaction; the task is sent only after that
    transaction commits (pretix's TransactionAwareTask), so the worker always sees the change,
    and only once per transaction and tournament (an import that changes a thousand rows sends
    one job). Outside a transaction it is sent at once."""
    tournament_id = getattr(tournament, "pk", tournament)
    StandingsState.raise_requested(tournament_id)
    once_after_commit(("standings", tournament_id), partial(_send, tournament_id))


def _send(tournament_id: int) -> None:
    """Send the job; if the broker is unreachable, recompute here rather than leave the standings
    stale (`manage.py recompute_standings` and the beat's sweep catch what fails even then)."""
    send_or_run(recompute_standings, tournament_id, what=f"standings of tournament {tournament_id}")
