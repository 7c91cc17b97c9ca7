"""Kept exports: start a booklet job; its task leaves after the transaction commits.

    start_booklet(tournament=, stage=, user=, language=)   the job row
"""
from __future__ import annotations

from django.db import transaction

from tournaments.background import send_or_run

from .exporters import ProtocolExporter
from .models import ExportJob, JobKind
from .tasks import build_export
from .texts import export_language, in_language


def start_booklet(*, tournament, stage=None, user=None, language: str | None = None) -> ExportJob:
    """A job that builds the booklet of the completed sheets of `stage` (or of the tournament).
    Raises NothingToExport when nothing there is signed off."""
    language = export_language(tournament, language)
    with in_language(language):
        total = ProtocolExporter(tournament, stage=stage).count()
    job = ExportJob.objects.create(
        tournament=tournament, stage=stage, kind=JobKind.PROTOCOL_BOOKLET, language=language, total=total,
        requested_by=user if user is not None and user.is_authenticated else None,
    )
    transaction.on_commit(lambda: _send(job.pk))
    return job


def _send(job_id: int) -> None:
    """Send the job; if the broker is down, build the booklet here rather than leave the organiser
    waiting (a build that fails marks the job failed, with its error)."""
    send_or_run(build_export, job_id, what=f"export job {job_id}")
