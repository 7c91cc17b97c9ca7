import pytest


@pytest.fixture(autouse=True)
def _no_pointer_memo(settings):
    """Pages see a new snapshot at once in tests (the one-second memo has its own test)."""
    from scoring.snapshots import pointer

    settings.STANDINGS_POINTER_TTL = 0
    pointer.forget()
    yield
    pointer.forget()
