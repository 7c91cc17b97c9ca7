"""The Celery job. It fetches nothing itself: recompute.py does the work."""
from celery import shared_task

from .recompute import recompute, sweep


@shared_task(
    name="ratings.recompute", autoretry_for=(Exception,), retry_backoff=1, retry_backoff_max=30,
    retry_jitter=True, max_retries=6, acks_late=True, reject_on_worker_lost=True, ignore_result=True,
)
def recompute_ratings() -> int | None:
    """Recompute the rating of every rated game; a retry that finds the snapshot current does nothing."""
    return recompute()


@shared_task(name="ratings.sweep_stale_rating", ignore_result=True)
def sweep_stale_rating() -> int | None:
    """Celery beat's periodic safety net: recompute what a lost job left stale (recompute.sweep)."""
    return sweep()
