"""Running a test's coroutine from a sync test, in a thread of its own: Playwright's sync API keeps
an event loop in the test process's main thread (the session's browser), and asgiref's
async_to_sync refuses to run where a loop is running."""
from __future__ import annotations

import asyncio
import threading


def run_async(make_coroutine):
    """``asyncio.run(make_coroutine())`` in a new thread; its result, or its exception raised here."""
    outcome = {}

    def target():
        try:
            outcome["value"] = asyncio.run(make_coroutine())
        except BaseException as error:  # re-raised in the test's thread
            outcome["error"] = error

    thread = threading.Thread(target=target)
    thread.start()
    thread.join()
    if "error" in outcome:
        raise outcome["error"]
    return outcome.get("value")
