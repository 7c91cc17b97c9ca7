"""A kept export's job body: build the file with progress sheet by sheet, keep it, or record why
it failed. The Celery task (tasks.build_export) runs it; so does the web process when the broker
is down."""
from __future__ import annotations

from django.core.files.base import ContentFile
from django.utils import timezone

from .exporters import ProtocolExporter
from .models import ExportJob, JobStatus
from .selectors import NothingToExport


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

