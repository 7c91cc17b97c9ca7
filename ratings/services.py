"""Asking for a recomputation of the rating: the version is raised in the caller's transaction
and the job is sent once that transaction commits (once per transaction, whatever the number
of changes in it); a broker that is down gets the work done in-process (send_or_run)."""
from __future__ import annotations

from tournaments.background import once_after_commit, send_or_run

from .models import RatingState


def _send() -> None:
    from .tasks import recompute_ratings

    send_or_run(recompute_ratings, what="the rating")


def request_recompute(*, full: bool = False) -> None:
    """Mark the rating stale and send the job after the current transaction commits (at once
    outside a transaction). `full`: the change may touch games already rated (a merge, a
    tournament left out or published), so the job must rerun the whole history; without it the
    job still checks that only later games were added (recompute.py) before resuming."""
    RatingState.raise_requested(full=full)
    once_after_commit(("rating",), _send)
