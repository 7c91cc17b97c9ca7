"""Send a Celery job, or do its work in this process when the broker cannot take it.

    send_or_run(task, *args, what="standings of tournament 3")

Both callers send from a transaction's on-commit callback: the change that asked for the work is
already saved, so a broker that is down must neither lose the work nor turn the saved change
into a server error.
"""
from __future__ import annotations

import logging

log = logging.getLogger(__name__)


def send_or_run(task, *args, what: str) -> None:
    """Send ``task`` with ``args``; when that fails, run its body (``task.run``) here. Never
    raises: a failure is logged with ``what``, and the work's own record shows it (a stale
    standings version that the beat's sweep picks up, an export job marked failed)."""
    try:
        task.delay(*args)
        return
    except Exception:
        log.exception("%s: the job was not sent; doing it in-process", what)
    try:
        task.run(*args)
    except Exception:
        log.exception("%s: not done in-process either", what)
