"""The Celery jobs. They fetch nothing themselves: recompute.py does the work."""
from celery import shared_task

from .recompute import recompute, sweep


@shared_task(
    name="scoring.recompute_standings", autoretry_for=(Exception,), retry_backoff=1, retry_backoff_max=30,
    retry_jitter=True, max_retries=6, acks_late=True, reject_on_worker_lost=True, ignore_result=True,
)
def recompute_standings(tournament_id: int) -> int | None:
    """Recompute one tournament's standings. A failure (a lock timeout, a lost connection, a worker
    restart) is retried with backoff; a retry that finds the snapshot current does nothing."""
    return recompute(tournament_id)


@shared_task(name="scoring.sweep_stale_standings", ignore_result=True)
def sweep_stale_standings() -> list[int]:
    """Celery beat's periodic safety net: recompute what a lost job left stale (recompute.sweep)."""
    return sweep()
