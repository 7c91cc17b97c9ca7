"""Listen to a domain event in a test: what the apps above (the live layer) would hear."""
from contextlib import contextmanager

from tournaments.domain_events import subscribe, unsubscribe


@contextmanager
def heard(event_type):
    """Yield the list of `event_type` events heard after their transaction committed (a test
    wraps the change in `django_capture_on_commit_callbacks(execute=True)`)."""
    events = []
    listener = events.append
    subscribe(event_type, listener)
    try:
        yield events
    finally:
        unsubscribe(event_type, listener)
