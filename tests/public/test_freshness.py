"""After a sign-off the public standings change: through a real Celery worker on Redis when the
services are there (always under REQUIRE_SERVICES=1), eagerly in-process otherwise."""
import os
import time

import pytest

from tests.tournament_builders import add_scheduled_round, played, sign_off


@pytest.fixture
def job_runner(request, transactional_db):
    """A real worker when a broker is configured or required; else Celery's eager mode."""
    if os.environ.get("CELERY_BROKER_URL") or os.environ.get("REQUIRE_SERVICES") == "1":
        request.getfixturevalue("celery_worker_process")
        return "worker"
    return "eager"


def _wait_for_version(client, slug, at_least, timeout=60):
    deadline = time.monotonic() + timeout
    while True:
        version = client.get(f"/t/{slug}/standings/version/").json()["version"]
        if version >= at_least or time.monotonic() > deadline:
            return version
        time.sleep(0.2)


@pytest.mark.services
def test_a_sign_off_changes_the_public_standings(job_runner, client):
    t = played("live", players=10, rounds=2)  # its creation already asked for a first snapshot
    [game] = add_scheduled_round(t)
    before_version = _wait_for_version(client, "live", 1)
    assert before_version >= 1
    before = client.get("/t/live/?lang=en").content.decode()
    assert "20 games" not in before and "2 games" in before

    sign_off(game, result="red", extra_seat=1)  # commits; the job leaves after the commit

    after_version = _wait_for_version(client, "live", before_version + 1)
    assert after_version > before_version, f"no newer snapshot ({job_runner})"
    after = client.get("/t/live/?lang=en").content.decode()
    assert "3 games" in after and after != before
    winner = game.seats.get(number=1).player
    assert winner.nickname in after
