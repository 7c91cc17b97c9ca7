"""Running a test's coroutine from a sync test, in a thread of its own: Playwright's sync API keeps
an event loop in the test process's main thread (the session's browser), and asgiref's
async_to_sync refuses to run where a loop is running."""
from __future__ import annotations

import asyncio
import threading

LIMIT_SECONDS = 120


def run_async(make_coroutine, limit: float = LIMIT_SECONDS):
    """``asyncio.run(make_coroutine())`` in a new thread; its result, or its exception raised here.

    A coroutine still running after `limit` seconds fails the test. Its thread is a daemon: a loop
    that never ends (a task that will not be cancelled) must not keep the test process from exiting
    after its last test, as a non-daemon thread does."""
    outcome = {}

    def target():
        try:
            outcome["value"] = asyncio.run(make_coroutine())
        except BaseException as error:  # re-raised in the test's thread
            outcome["error"] = error

    thread = threading.Thread(target=target, daemon=True, name="run_async")
    thread.start()
    thread.join(limit)
    if thread.is_alive():
        raise TimeoutError(f"the coroutine was still running after {limit} s")
    if "error" in outcome:
        raise outcome["error"]
    return outcome.get("value")
