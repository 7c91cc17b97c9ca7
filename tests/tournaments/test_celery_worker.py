"""Celery: in-process by default, and through a real worker on the real Redis broker in CI."""
import pytest
from django.db import connection

from config.tasks import health_check
from tests.factories import TournamentFactory


@pytest.mark.services
def test_a_task_runs_in_a_real_worker_process_on_the_redis_broker(celery_worker_process):
    TournamentFactory()
    TournamentFactory()
    answer = health_check.delay().get(timeout=60, disable_sync_subtasks=False)
    # The worker is another process, yet it sees the two tournaments this test committed.
    assert answer == {"vendor": connection.vendor, "database": str(connection.settings_dict["NAME"]), "tournaments": 2}
    assert celery_worker_process.poll() is None


@pytest.mark.django_db
def test_without_a_broker_tasks_run_in_process():
    TournamentFactory()
    assert health_check.delay().get(timeout=5)["tournaments"] == 1
