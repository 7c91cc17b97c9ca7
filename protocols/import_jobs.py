"""A tournament file imported in the background: a file of many games takes longer than a web
request may live (gunicorn's worker timeout is 30 s), so the API keeps the checked document in a
FileImportJob, answers 202 with the job's address, and a Celery job (tasks.import_tournament_file)
imports it here, reporting its progress.

    start_file_import(document=..., slug=..., into=None, user=...) -> FileImportJob
    run_file_import(job_id)                  the job's body (the web process runs it when the broker is down)
    job_progress(job) -> (done, total)       what the job has done so far

The import itself is one transaction (protocols/tournament_file.py), so its progress cannot be
read from the job's row until it commits: the job writes it to the cache as well, and
`job_progress` reads it there (the row's figures when the cache has none or is down).
"""
from __future__ import annotations

import logging

from django.core.cache import cache
from django.db import transaction
from django.utils import timezone

from engines.scoring.fileformat import read_document
from tournaments.background import send_or_run
from tournaments.models import Tournament

from .models import FileImportJob, FileImportStatus
from .tournament_file import FileNotStorable, import_tournament, player_id_problems

log = logging.getLogger(__name__)

# Files of at most this many games are imported inside the request (a few seconds at most).
INLINE_GAMES_MAX = 100
_PROGRESS_SECONDS = 24 * 3600


def start_file_import(*, document, slug: str, into: Tournament | None, user, games: int) -> FileImportJob:
    """Keep the checked document and send its job once this transaction commits."""
    from .tasks import import_tournament_file

    job = FileImportJob.objects.create(document=document, slug=slug, into=into, requested_by=user, total=games)
    transaction.on_commit(lambda: send_or_run(import_tournament_file, job.pk, what=f"tournament file import {job.pk}"))
    return job


def problem_data(p) -> dict:
    """A scoring core Problem as the job keeps it: worded when it is shown, in the reader's language."""
    return {"game": p.game, "seat": p.seat, "field": p.field or None, "code": p.code, "params": p.params,
            "clause": p.clause, "message": p.message}


def run_file_import(job_id: int) -> None:
    job = FileImportJob.objects.select_related("into", "requested_by").filter(pk=job_id).first()
    if job is None or job.is_finished:
        return
    FileImportJob.objects.filter(pk=job.pk).update(status=FileImportStatus.RUNNING, done=0)
    parsed, problems = read_document(job.document)  # checked again: the rules may have changed since
    if parsed is not None and not problems:
        problems = player_id_problems(parsed)
    if problems or parsed is None:
        _finish(job, FileImportStatus.FAILED, problems=[problem_data(p) for p in problems])
        return
    if job.into is None and Tournament.objects.filter(slug=job.slug).exists():
        _finish(job, FileImportStatus.FAILED, problems=[{
            "game": None, "seat": None, "field": "slug", "code": "slug_taken", "params": {"slug": job.slug}, "clause": None,
            "message": f"a tournament with the slug {job.slug} exists"}])
        return

    def progress(done: int, total: int) -> None:
        _report(job.pk, done, total)

    try:
        tournament, created = import_tournament(parsed, slug=job.into.slug if job.into else job.slug,
                                                user=job.requested_by, progress=progress,
                                                teams=job.document.get("teams") if isinstance(job.document, dict) else None)
    except FileNotStorable as exc:
        _finish(job, FileImportStatus.FAILED, problems=[
            {"game": None, "seat": None, "field": "games", "code": "not_storable", "params": {}, "clause": None, "message": m}
            for m in exc.problems])
        return
    except Exception as exc:
        _finish(job, FileImportStatus.FAILED, problems=[
            {"game": None, "seat": None, "field": None, "code": "import_failed", "params": {}, "clause": None,
             "message": type(exc).__name__}])
        raise
    user = job.requested_by
    if created and user is not None and not user.is_superuser:
        tournament.organisers.add(user)  # whoever creates a tournament runs it (as in the admin)
    _finish(job, FileImportStatus.DONE, tournament=tournament, created=created, done=len(parsed.games))


def _finish(job: FileImportJob, status: str, **fields) -> None:
    FileImportJob.objects.filter(pk=job.pk).update(status=status, finished_at=timezone.now(), **fields)
    _forget(job.pk)


def _key(job_id: int) -> str:
    return f"file-import-progress:{job_id}"


def _report(job_id: int, done: int, total: int) -> None:
    try:
        cache.set(_key(job_id), (done, total), _PROGRESS_SECONDS)
    except Exception:  # the cache is a helper: an import never fails for it
        log.warning("tournament file import %s: progress not written to the cache", job_id)


def _forget(job_id: int) -> None:
    try:
        cache.delete(_key(job_id))
    except Exception:
        log.warning("tournament file import %s: progress not removed from the cache", job_id)


def job_progress(job: FileImportJob) -> tuple[int, int]:
    """(games done, games in the file): the cache's figures while the job runs, else the row's."""
    if job.status == FileImportStatus.RUNNING:
        try:
            found = cache.get(_key(job.pk))
        except Exception:
            found = None
        if found is not None:
            return found
    return job.done, job.total
