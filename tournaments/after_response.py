"""Work a request should not wait for: one thread a process runs it, in the order it was handed over.

The live layer's pushes after a console event (the table's public view to the hall, the projector,
the desk, the judge's screen) took 60 % of the judge's append (bench/console.py): the request
committed in 6 ms and then waited for four more queries and the channel layer. Handed here, they
run right after, in this process's thread, while the request answers. Order is kept (one thread), so
a page never receives an older view after a newer one; a process that exits with work still queued
loses it (the pages poll as a fallback; nothing is stored here). A failure is logged.

With settings.DOMAIN_EVENTS_OFF_REQUEST off (the test suite's default, so that a test sees a push
when the request returns) the work runs at once in the caller's thread.
"""
from __future__ import annotations

import logging
import os
import queue
import threading
from collections.abc import Callable

from django.conf import settings
from django.db import close_old_connections, connections

log = logging.getLogger(__name__)

_state: dict = {"pid": None, "queue": queue.Queue()}  # the thread's process and its work
_lock = threading.Lock()


def submit(work: Callable[[], None]) -> None:
    """Run ``work()`` after the current request's, in this process's thread (at once when off)."""
    if not settings.DOMAIN_EVENTS_OFF_REQUEST:
        _run(work)
        return
    _ensure_thread()
    _state["queue"].put(work)


def drain(timeout: float = 10.0, *, close: bool = False) -> bool:
    """Wait until the handed work is done (a test, a bench's next timed request); ``close`` then closes the
    thread's database connections. True when it finished within ``timeout`` seconds."""
    done = threading.Event()

    def mark():
        if close:
            connections.close_all()
        done.set()

    if _state["pid"] != os.getpid():
        return True  # no thread here: nothing was handed over
    _state["queue"].put(mark)
    return done.wait(timeout)


def _ensure_thread() -> None:
    # after a fork (gunicorn's and Celery's workers) the parent's thread is not this process's
    if _state["pid"] == os.getpid():
        return
    with _lock:
        if _state["pid"] != os.getpid():
            _state["queue"] = work = queue.Queue()  # a fork's copy of the parent's may hold its lock
            threading.Thread(target=_loop, args=(work,), name="after-response", daemon=True).start()
            _state["pid"] = os.getpid()


def _loop(work: queue.Queue) -> None:
    while True:
        _run(work.get())
        if work.empty():
            close_old_connections()  # as after a request: a broken or aged connection is not kept


def _run(work: Callable[[], None]) -> None:
    try:
        work()
    except Exception:
        log.exception("the work %r handed over after a response failed", work)
