"""The Celery job. It fetches nothing itself: services.recompute does the work."""
from celery import shared_task
from django.db import DatabaseError

from .services import recompute


@shared_task(
    name="scoring.recompute_standings", autoretry_for=(DatabaseError,), retry_backoff=1,
    retry_backoff_max=30, retry_jitter=True, max_retries=8, acks_late=True,
)
def recompute_standings(tournament_id: int) -> int | None:
    """Recompute one tournament's standings; a failure (lock timeout, lost connection) is retried."""
    return recompute(tournament_id)
