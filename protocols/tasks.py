"""The Celery job of a tournament file's import; its body is import_jobs.run_file_import."""
from celery import shared_task

from .import_jobs import run_file_import


@shared_task(name="protocols.import_tournament_file", acks_late=True)
def import_tournament_file(job_id: int) -> None:
    """Import a kept tournament file, reporting its progress game by game."""
    run_file_import(job_id)
