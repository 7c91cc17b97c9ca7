"""A kept export: a file built by a Celery job (a protocol booklet of a large stage), with its
progress for the organiser's page and the file itself in MEDIA_ROOT. The file is served only
through `views.job_download`, which checks who asks, never as open media."""
from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.models import Language, Stage, Tournament


class JobStatus(models.TextChoices):
    PENDING = "pending", _("Waiting")
    RUNNING = "running", _("In progress")
    DONE = "done", _("Ready")
    FAILED = "failed", _("Failed")


class JobKind(models.TextChoices):
    PROTOCOL_BOOKLET = "protocol_booklet", _("Booklet of completed protocol sheets")


class ExportJob(models.Model):
    tournament = models.ForeignKey(Tournament, verbose_name=_("tournament"), on_delete=models.CASCADE, related_name="export_jobs")
    stage = models.ForeignKey(Stage, verbose_name=_("stage"), null=True, blank=True, on_delete=models.CASCADE, related_name="+")
    kind = models.CharField(_("what"), max_length=32, choices=JobKind.choices, default=JobKind.PROTOCOL_BOOKLET)
    language = models.CharField(_("language"), max_length=2, choices=Language.choices, default=Language.RUSSIAN)
    status = models.CharField(_("status"), max_length=16, choices=JobStatus.choices, default=JobStatus.PENDING)
    done = models.PositiveIntegerField(_("done"), default=0, help_text=_("Sheets rendered so far."))
    total = models.PositiveIntegerField(_("of"), default=0, help_text=_("Sheets to render."))
    file = models.FileField(_("file"), upload_to="exports/%Y/%m/", blank=True)
    error = models.TextField(_("error"), blank=True)
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("requested by"), null=True, blank=True, on_delete=models.SET_NULL, related_name="+",
    )
    created_at = models.DateTimeField(_("requested at"), auto_now_add=True)
    finished_at = models.DateTimeField(_("finished at"), null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = _("export")
        verbose_name_plural = _("exports")

    def __str__(self):
        where = self.stage.get_kind_display() if self.stage_id else self.tournament.name
        return f"{self.get_kind_display()}: {where}"

    @property
    def percent(self) -> int:
        if self.status == JobStatus.DONE:
            return 100
        return int(100 * self.done / self.total) if self.total else 0

    @property
    def is_finished(self) -> bool:
        return self.status in (JobStatus.DONE, JobStatus.FAILED)
