"""Operational tasks of the Celery app itself."""
from celery import shared_task
from django.db import connection

from tournaments.models import Tournament


@shared_task(name="config.health_check")
def health_check() -> dict:
    """Answer from a worker: which host, which database, how many tournaments it sees there.

    Ops use it to prove a worker is alive and connected to the same database as the web."""
    return {"vendor": connection.vendor, "database": str(connection.settings_dict["NAME"]), "tournaments": Tournament.objects.count()}
