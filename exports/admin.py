"""Where organisers find the paper: admin actions on tournaments, stages, rounds and games,
buttons on their pages ("print blank sheets for round 3"), and the page of a booklet job with its
progress and the kept file.

The tournament, stage, round and game admins get them as mixins (`TournamentExportsMixin`,
`StageExportsMixin`, `RoundExportsMixin`, `GameExportsMixin`), which `config/admin.py` puts
together with the other apps' parts; each mixin's `actions` are added to the admin's own there.
The files themselves are served by the views under this app's admin (`get_urls`), each checking
who asks.
"""
from __future__ import annotations

from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.http import FileResponse, Http404, HttpResponseRedirect, JsonResponse
from django.shortcuts import get_object_or_404
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils.html import format_html
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from console.history import staff_lines
from protocols.models import Game
from tournaments.admin_access import TournamentScopedAdmin
from tournaments.admin_titles import AccusativeTitles
from tournaments.models import Round, Stage, Tournament
from tournaments.permissions import can_download_export, can_export

from . import converters  # noqa: F401  (registers export_format for the urls below)
from .exporters import ProtocolExporter, SeatingExporter, StandingsExporter
from .models import ExportJob, JobStatus
from .responses import file_response
from .selectors import NotFound, NothingToExport
from .services import start_booklet

EXPORTERS = {"standings": StandingsExporter, "seating": SeatingExporter, "protocols": ProtocolExporter}


def _url(name: str, *args) -> str:
    return reverse(f"admin:exports_exportjob_{name}", args=args)


def _render(request, exporter, fmt: str, back: str):
    """The file, or back to `back` with the reason nothing could be exported."""
    try:
        return file_response(exporter.render(fmt))
    except (NotFound, NothingToExport) as problem:
        messages.error(request, str(problem))
        return HttpResponseRedirect(back)


def _check(request, tournament) -> None:
    if not can_export(request.user, tournament):
        raise PermissionDenied


class ExportJobAdmin(AccusativeTitles, TournamentScopedAdmin):
    verbose_name_accusative = pgettext_lazy("accusative", "export")
    list_display = ["__str__", "tournament", "status", "progress", "requested_by", "created_at", "download"]
    list_select_related = ["tournament", "stage", "requested_by"]
    list_filter = ["status", "tournament"]
    readonly_fields = ["tournament", "stage", "kind", "language", "status", "done", "total", "error", "requested_by",
                       "created_at", "finished_at"]
    exclude = ["file"]

    def has_add_permission(self, request, *args):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    @admin.display(description=gettext_lazy("progress"))
    def progress(self, job):
        return f"{job.done} / {job.total} ({job.percent}%)"

    @admin.display(description=gettext_lazy("file"))
    def download(self, job):
        if job.status == JobStatus.DONE and job.file:
            return format_html('<a href="{}">{}</a>', _url("download", job.pk), _("Download"))
        return format_html('<a href="{}">{}</a>', _url("status", job.pk), _("Progress"))

    def change_view(self, request, object_id, form_url="", extra_context=None):
        if str(object_id).isdigit():
            return HttpResponseRedirect(_url("status", int(object_id)))
        raise Http404

    # -- urls -------------------------------------------------------------------------------
    def get_urls(self):
        view = self.admin_site.admin_view
        name = "exports_exportjob"
        return [
            path("<int:pk>/status/", view(self.status_view), name=f"{name}_status"),
            path("<int:pk>/progress/", view(self.progress_view), name=f"{name}_progress"),
            path("<int:pk>/download/", view(self.download_view), name=f"{name}_download"),
            path("tournament/<int:pk>/booklet/", view(self.tournament_booklet_view), name=f"{name}_tournament_booklet"),
            path("tournament/<int:pk>/<str:what>.<export_format:fmt>", view(self.tournament_file), name=f"{name}_tournament"),
            path("stage/<int:pk>/booklet/", view(self.stage_booklet_view), name=f"{name}_stage_booklet"),
            path("stage/<int:pk>/<str:what>.<export_format:fmt>", view(self.stage_file), name=f"{name}_stage"),
            path("round/<int:pk>/<str:what>.<export_format:fmt>", view(self.round_file), name=f"{name}_round"),
            path("game/<int:pk>/<str:what>.<export_format:fmt>", view(self.game_file), name=f"{name}_game"),
        ] + super().get_urls()

    # -- the kept files -----------------------------------------------------------------------
    def _job(self, request, pk: int) -> ExportJob:
        job = ExportJob.objects.select_related("tournament", "stage").filter(pk=pk).first()
        if job is None:
            raise Http404
        if not can_download_export(request.user, job.tournament, job.requested_by_id):
            raise PermissionDenied
        return job

    def status_view(self, request, pk):
        job = self._job(request, pk)
        context = {**self.admin_site.each_context(request), "opts": self.opts, "job": job, "title": str(job),
                   "download_url": _url("download", job.pk), "progress_url": _url("progress", job.pk)}
        return TemplateResponse(request, "exports/admin/job.html", context)

    def progress_view(self, request, pk):
        job = self._job(request, pk)
        response = JsonResponse({"status": job.status, "done": job.done, "total": job.total, "percent": job.percent,
                                 "download": _url("download", job.pk) if job.status == JobStatus.DONE else None,
                                 "error": job.error})
        response["Cache-Control"] = "no-store"
        return response

    def download_view(self, request, pk):
        job = self._job(request, pk)
        if job.status != JobStatus.DONE or not job.file:
            raise Http404
        try:
            handle = job.file.open("rb")
        except FileNotFoundError:
            raise Http404 from None
        return FileResponse(handle, as_attachment=True, filename=job.file.name.rsplit("/", 1)[-1], content_type="application/pdf")

    # -- booklets: a page with the jobs of the stage (or tournament) and a button -------------------
    def _booklet(self, request, tournament, stage, back: str):
        _check(request, tournament)
        if request.method == "POST":
            try:
                job = start_booklet(tournament=tournament, stage=stage, user=request.user, language=request.POST.get("lang"))
            except NothingToExport as problem:
                messages.error(request, str(problem))
                return HttpResponseRedirect(request.path)
            return HttpResponseRedirect(_url("status", job.pk))
        jobs = ExportJob.objects.filter(tournament=tournament, stage=stage).select_related("requested_by")[:20]
        title = _("Booklet of completed protocol sheets: %(where)s") % {"where": stage or tournament}
        context = {**self.admin_site.each_context(request), "opts": self.opts, "title": title, "jobs": jobs, "back": back,
                   "tournament": tournament, "stage": stage, "languages": [("ru", "Русский"), ("en", "English")]}
        return TemplateResponse(request, "exports/admin/booklet.html", context)

    def tournament_booklet_view(self, request, pk):
        tournament = get_object_or_404(Tournament, pk=pk)
        return self._booklet(request, tournament, None, reverse("admin:tournaments_tournament_change", args=[pk]))

    def stage_booklet_view(self, request, pk):
        stage = get_object_or_404(Stage.objects.select_related("tournament"), pk=pk)
        return self._booklet(request, stage.tournament, stage, reverse("admin:tournaments_stage_change", args=[pk]))

    # -- files that stream at once --------------------------------------------------------------
    def tournament_file(self, request, pk, what, fmt):
        tournament = get_object_or_404(Tournament, pk=pk)
        _check(request, tournament)
        if what == "blank" and fmt == "pdf":  # every round's blank sheets in one file
            exporter = ProtocolExporter(tournament, blank=True, language=request.GET.get("lang"))
            return _render(request, exporter, fmt, reverse("admin:tournaments_tournament_change", args=[pk]))
        if what not in EXPORTERS or (what == "protocols" and fmt == "pdf"):
            raise Http404  # a whole tournament's booklet is a job: tournament_booklet_view
        exporter = EXPORTERS[what](tournament, language=request.GET.get("lang"))
        return _render(request, exporter, fmt, reverse("admin:tournaments_tournament_change", args=[pk]))

    def stage_file(self, request, pk, what, fmt):
        stage = get_object_or_404(Stage.objects.select_related("tournament"), pk=pk)
        _check(request, stage.tournament)
        if what == "blank" and fmt == "pdf":  # the stage's blank sheets, every round, in one file
            exporter = ProtocolExporter(stage.tournament, stage=stage, blank=True, language=request.GET.get("lang"))
            return _render(request, exporter, fmt, reverse("admin:tournaments_stage_change", args=[pk]))
        if what not in EXPORTERS or (what == "protocols" and fmt == "pdf"):
            raise Http404  # a stage's booklet is a job: stage_booklet_view
        exporter = EXPORTERS[what](stage.tournament, stage=stage, language=request.GET.get("lang"))
        return _render(request, exporter, fmt, reverse("admin:tournaments_stage_change", args=[pk]))

    def round_file(self, request, pk, what, fmt):
        rnd = get_object_or_404(Round.objects.select_related("stage__tournament"), pk=pk)
        tournament = rnd.stage.tournament
        _check(request, tournament)
        if what not in ("blank", "protocols"):
            raise Http404
        exporter = ProtocolExporter(tournament, rnd=rnd, blank=what == "blank", language=request.GET.get("lang"))
        return _render(request, exporter, fmt, reverse("admin:tournaments_round_change", args=[pk]))

    def game_file(self, request, pk, what, fmt):
        game = get_object_or_404(Game.objects.select_related("tournament"), pk=pk)
        _check(request, game.tournament)
        if what not in ("blank", "protocol"):
            raise Http404
        exporter = ProtocolExporter(game.tournament, game=game, blank=what == "blank", language=request.GET.get("lang"))
        return _render(request, exporter, fmt, reverse("admin:protocols_game_change", args=[pk]))


# -- the actions and buttons on the existing admins ---------------------------------------------------
class ExportActions:
    """Shared by the subclassed admins: exactly one object chosen, then its file or its job."""

    def _only_one(self, request, queryset):
        chosen = list(queryset[:2])
        if len(chosen) != 1:
            self.message_user(request, _("Choose exactly one to export."), messages.ERROR)
            return None
        return chosen[0]

    def _file(self, request, tournament, exporter, fmt):
        if not can_export(request.user, tournament):
            raise PermissionDenied
        return _render(request, exporter, fmt, request.get_full_path())

    def _start(self, request, tournament, stage):
        if not can_export(request.user, tournament):
            raise PermissionDenied
        try:
            job = start_booklet(tournament=tournament, stage=stage, user=request.user)
        except NothingToExport as problem:
            self.message_user(request, str(problem), messages.ERROR)
            return None
        return HttpResponseRedirect(_url("status", job.pk))


class BookletAndFileActions(ExportActions):
    """The actions of a tournament or a stage (the chosen one; a stage exports only itself)."""

    def _selection(self, request, queryset):
        obj = self._only_one(request, queryset)
        if obj is None:
            return None, None
        return (obj, None) if isinstance(obj, Tournament) else (obj.tournament, obj)

    def _export(self, request, queryset, kind: str, fmt: str):
        tournament, stage = self._selection(request, queryset)
        if tournament is None:
            return None
        return self._file(request, tournament, EXPORTERS[kind](tournament, stage=stage), fmt)

    @admin.action(description=gettext_lazy("Booklet of completed protocol sheets (PDF, kept for download)"))
    def export_protocol_booklet(self, request, queryset):
        tournament, stage = self._selection(request, queryset)
        return None if tournament is None else self._start(request, tournament, stage)

    @admin.action(description=gettext_lazy("All blank protocol sheets, every round (PDF)"))
    def export_all_blank_sheets(self, request, queryset):
        tournament, stage = self._selection(request, queryset)
        if tournament is None:
            return None
        return self._file(request, tournament, ProtocolExporter(tournament, stage=stage, blank=True), "pdf")

    @admin.action(description=gettext_lazy("Protocols (XLSX)"))
    def export_protocols_xlsx(self, request, queryset):
        return self._export(request, queryset, "protocols", "xlsx")

    @admin.action(description=gettext_lazy("Standings (PDF)"))
    def export_standings_pdf(self, request, queryset):
        return self._export(request, queryset, "standings", "pdf")

    @admin.action(description=gettext_lazy("Standings (XLSX)"))
    def export_standings_xlsx(self, request, queryset):
        return self._export(request, queryset, "standings", "xlsx")

    @admin.action(description=gettext_lazy("Seating and player cards (PDF)"))
    def export_seating_pdf(self, request, queryset):
        return self._export(request, queryset, "seating", "pdf")

    @admin.action(description=gettext_lazy("Seating (XLSX)"))
    def export_seating_xlsx(self, request, queryset):
        return self._export(request, queryset, "seating", "xlsx")


BOOKLET_AND_FILE_ACTIONS = ["export_all_blank_sheets", "export_protocol_booklet", "export_protocols_xlsx", "export_standings_pdf",
                            "export_standings_xlsx", "export_seating_pdf", "export_seating_xlsx"]


class TournamentExportsMixin(BookletAndFileActions):
    """The tournament's exports: its actions (`export_actions`, added to the admin's own) and buttons."""

    export_actions = BOOKLET_AND_FILE_ACTIONS
    change_form_template = "exports/admin/tournament_change_form.html"


class StageExportsMixin(BookletAndFileActions):
    """The stage's exports: its actions and buttons, and the round sheets listed on its page. Its
    page template extends the seating's stage page (`seating.admin.SeatingStagePagesMixin`)."""

    export_actions = BOOKLET_AND_FILE_ACTIONS
    change_form_template = "exports/admin/stage_change_form.html"

    def change_view(self, request, object_id, form_url="", extra_context=None):
        extra_context = dict(extra_context or {})
        stage = self.get_object(request, object_id) if str(object_id).isdigit() else None
        if stage is not None:
            extra_context["export_rounds"] = [
                (rnd.number, _url("round", rnd.pk, "blank", "pdf"), _url("round", rnd.pk, "protocols", "pdf"))
                for rnd in stage.rounds.order_by("number")
            ]
        return super().change_view(request, object_id, form_url, extra_context)


class RoundExportsMixin(ExportActions):
    """The round's protocol sheets and spreadsheet: actions and buttons."""

    export_actions = ["export_blank_sheets", "export_completed_sheets", "export_round_xlsx"]
    change_form_template = "exports/admin/round_change_form.html"

    def _round_file(self, request, queryset, blank: bool, fmt: str):
        rnd = self._only_one(request, queryset.select_related("stage__tournament"))
        if rnd is None:
            return None
        tournament = rnd.stage.tournament
        return self._file(request, tournament, ProtocolExporter(tournament, rnd=rnd, blank=blank), fmt)

    @admin.action(description=gettext_lazy("Print blank protocol sheets of the round (PDF)"))
    def export_blank_sheets(self, request, queryset):
        return self._round_file(request, queryset, True, "pdf")

    @admin.action(description=gettext_lazy("Completed protocol sheets of the round (PDF)"))
    def export_completed_sheets(self, request, queryset):
        return self._round_file(request, queryset, False, "pdf")

    @admin.action(description=gettext_lazy("Protocols of the round (XLSX)"))
    def export_round_xlsx(self, request, queryset):
        return self._round_file(request, queryset, False, "xlsx")


class GameExportsMixin(ExportActions):
    """The chosen games' protocol sheets, filled in or blank: actions and buttons."""

    export_actions = ["export_protocol_sheets", "export_blank_game_sheets"]
    change_form_template = "exports/admin/game_change_form.html"

    def change_view(self, request, object_id, form_url="", extra_context=None):
        """The page shows the game's console log in words (console.history.staff_lines decides who sees it)."""
        extra_context = dict(extra_context or {})
        game = self.get_object(request, object_id) if str(object_id).isdigit() else None
        if game is not None:
            extra_context["console_log"] = staff_lines(request.user, game)
        return super().change_view(request, object_id, form_url, extra_context)

    def _games_file(self, request, queryset, blank: bool):
        tournaments = list(queryset.order_by().values_list("tournament_id", flat=True).distinct()[:2])
        if len(tournaments) != 1:
            self.message_user(request, _("Choose games of one tournament."), messages.ERROR)
            return None
        tournament = Tournament.objects.get(pk=tournaments[0])
        return self._file(request, tournament, ProtocolExporter(tournament, games=queryset, blank=blank), "pdf")

    @admin.action(description=gettext_lazy("Protocol sheets of the chosen signed-off games (PDF)"))
    def export_protocol_sheets(self, request, queryset):
        return self._games_file(request, queryset, False)

    @admin.action(description=gettext_lazy("Blank protocol sheets of the chosen games (PDF)"))
    def export_blank_game_sheets(self, request, queryset):
        return self._games_file(request, queryset, True)

