"""Send a Celery job, or do its work in this process when the broker cannot take it.

    send_or_run(task, *args, what="standings of tournament 3")
    once_after_commit(key, work)   work() after the transaction commits, once per key and transaction

Both callers send from a transaction's on-commit callback: the change that asked for the work is
already saved, so a broker that is down must neither lose the work nor turn the saved change
into a server error.
"""
from __future__ import annotations

import logging
import weakref

from django.db import transaction

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


class _Pending:
    """One piece of work waiting for a commit of one connection: done at the first of its
    callbacks that runs, so the callbacks of one transaction do it once."""

    __slots__ = ("done", "work")

    def __init__(self, work):
        self.work = work
        self.done = False

    def __call__(self):
        if not self.done:
            self.done = True
            self.work()


# connection -> {key: _Pending}: what each connection's transactions have asked for and has not
# been done yet. Keyed on the connection (one per thread), so a transaction of another thread
# never takes this one's work; the entries of a connection go with it.
_pending: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def once_after_commit(key, work, *, using=None) -> None:
    """Run ``work()`` after the current transaction commits (at once outside a transaction), once
    per ``key`` however many times the transaction asks.

    Each request registers its own on-commit callback, so a savepoint rolled back drops only its
    own and the others still do the work; all of them share one `_Pending`, and the first that
    runs does the work. A transaction rolled back drops every callback and leaves its `_Pending`
    undone, and the next request for the key takes it up again: a rollback never stops a later
    request. Django's private list of pending callbacks is never read."""
    connection = transaction.get_connection(using)
    mine = _pending.setdefault(connection, {})
    pending = mine.get(key)
    if pending is None or pending.done:
        pending = mine[key] = _Pending(work)

    def run():
        if mine.get(key) is pending:
            del mine[key]
        pending()

    transaction.on_commit(run, using=using)
