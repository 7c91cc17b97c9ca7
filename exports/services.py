"""Kept exports: start a booklet job, run it with progress, keep its file.

    start_booklet(tournament=, stage=, user=, language=)   the job row; its task leaves after
                                                           the transaction commits
    run_job(job_id)                                        the task's body
"""
from __future__ import annotations

import logging

from django.core.files.base import ContentFile
from django.db import transaction
from django.utils import timezone

from .exporters import ProtocolExporter
from .models import ExportJob, JobKind, JobStatus
from .selectors import NothingToExport
from .texts import export_language, in_language

log = logging.getLogger(__name__)


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
    from .tasks import build_export

    try:
        build_export.delay(job_id)
    except Exception:  # the broker is down: build it here rather than leave the organiser waiting
        log.exception("export job %s not sent; building it in-process", job_id)
        run_job(job_id)


def run_job(job_id: int) -> None:
    job = ExportJob.objects.select_related("tournament", "stage").filter(pk=job_id).first()
    if job is None or job.is_finished:
        return
    ExportJob.objects.filter(pk=job.pk).update(status=JobStatus.RUNNING, done=0)

    def progress(done: int, total: int) -> None:
        ExportJob.objects.filter(pk=job.pk).update(done=done, total=total)

    try:
        exporter = ProtocolExporter(job.tournament, stage=job.stage, language=job.language)
        exported = exporter.render("pdf", progress=progress)
    except NothingToExport as problem:
        _fail(job, str(problem))
        return
    except Exception as problem:
        _fail(job, f"{type(problem).__name__}: {problem}")
        raise
    job.refresh_from_db(fields=["done", "total"])
    job.file.save(exported.filename, ContentFile(exported.content), save=False)
    job.status, job.finished_at, job.done = JobStatus.DONE, timezone.now(), job.total
    job.save(update_fields=["file", "status", "finished_at", "done"])


def _fail(job: ExportJob, error: str) -> None:
    ExportJob.objects.filter(pk=job.pk).update(status=JobStatus.FAILED, error=error[:2000], finished_at=timezone.now())

