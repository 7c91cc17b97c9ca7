"""The Celery job; its body is jobs.run_job."""
from celery import shared_task

from .jobs import run_job


@shared_task(name="exports.build_export", acks_late=True)
def build_export(job_id: int) -> None:
    """Build a kept export (a protocol booklet), updating its progress sheet by sheet."""
    run_job(job_id)
