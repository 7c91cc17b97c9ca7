"""The tournament file (`mafia-tournament/1`, ../shared/spec/tournament-file.md) through the API:
export a tournament's signed-off protocols, import a file into a tournament or as a new one.

A file is checked by the scoring core exactly as `manage.py import_tournament` and `python -m scoring
check` check it, and refused as a whole with every problem listed; nothing is written then. A valid
file of more than INLINE_GAMES_MAX games is imported by a background job (protocols/import_jobs.py):
the answer is 202 with the job's address, which tells how far it is and, at the end, the result
or every problem (only to whoever sent the file)."""
from __future__ import annotations

import re

from django.http import Http404
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import exceptions, generics, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response

from engines.scoring.fileformat import read_document
from engines.scoring.problems import Problem
from protocols.import_jobs import INLINE_GAMES_MAX, job_progress, start_file_import
from protocols.models import FileImportJob, FileImportStatus
from protocols.presentation import problem_text
from protocols.problem_texts import PROBLEM_TEXTS
from protocols.tournament_file import FileNotStorable, default_slug, export_document, import_tournament, player_id_problems
from tournaments.models import Tournament
from tournaments.permissions import PermissionRefused, check_manage_tournament, readable_tournaments

from ..errors import error_body
from ..file_limits import table_collisions
from ..schema import examples, judge_errors
from ..serializers.judging import ImportJobOutput, ImportJobStarted, ImportOutput
from .base import ApiMixin

SLUG = re.compile(r"[-a-zA-Z0-9_]{1,80}")
SLUG_PARAMETER = OpenApiParameter("slug", OpenApiTypes.STR, OpenApiParameter.QUERY, required=False, pattern=SLUG.pattern,
                                  description="The new tournament's slug (default: from its name).")


def _file_problem(p) -> dict:
    return {"field": p.field or None, "code": p.code, "message": problem_text(p), "seat": p.seat, "game": p.game}


def _parse(request, into: Tournament | None = None):
    """The request's document as the scoring core's tournament, or a 400 listing every problem."""
    tournament, problems = read_document(request.data)
    if tournament is not None and not problems:
        problems = player_id_problems(tournament) + table_collisions(into, tournament)
    if problems or tournament is None:
        return None, Response(error_body(_("The tournament file is not valid: nothing was imported."), "invalid_file",
                                         [_file_problem(p) for p in problems]), status=status.HTTP_400_BAD_REQUEST)
    return tournament, None


def _import(request, parsed, slug: str, created_status: int, into: Tournament | None = None):
    if len(parsed.games) > INLINE_GAMES_MAX:
        job = start_file_import(document=request.data, slug=slug, into=into, user=request.user, games=len(parsed.games))
        url = reverse("api:file-import-job", args=[job.pk])
        return Response({"job": job.pk, "status": job.status, "url": request.build_absolute_uri(url)},
                        status=status.HTTP_202_ACCEPTED, headers={"Location": url})
    try:
        teams = request.data.get("teams") if isinstance(request.data, dict) else None
        tournament, created = import_tournament(parsed, slug=slug, user=request.user, teams=teams)
    except FileNotStorable as exc:
        return Response(error_body(_("The tournament file is not valid: nothing was imported."), "invalid_file",
                                   [{"field": "games", "code": "not_storable", "message": m, "seat": None, "game": None}
                                    for m in exc.problems]), status=status.HTTP_400_BAD_REQUEST)
    if created and not request.user.is_superuser:
        tournament.organisers.add(request.user)  # whoever creates a tournament runs it (as in the admin)
    return Response({"tournament": tournament.slug, "created": created, "players": len(parsed.players),
                     "games": len(parsed.games)}, status=created_status if created else status.HTTP_200_OK)


class TournamentFile(ApiMixin, generics.GenericAPIView):
    permission_classes = [IsAuthenticated]
    queryset = Tournament.objects.none()

    def managed(self) -> Tournament:
        # a draft the user has no role in is a 404, as an unknown slug is (a 403 said it exists)
        tournament = get_object_or_404(readable_tournaments(self.request.user, Tournament.objects.all()), slug=self.kwargs["slug"])
        check_manage_tournament(self.request.user, tournament)
        return tournament

    @extend_schema(tags=["tournament file"], responses=judge_errors(OpenApiTypes.OBJECT, 403, 404), examples=examples("file"))
    def get(self, request, slug):
        """The tournament's signed-off protocols as a `mafia-tournament/1` file (its organisers)."""
        return Response(export_document(self.managed()))

    @extend_schema(tags=["tournament file"], request=OpenApiTypes.OBJECT,
                   responses={**judge_errors(ImportOutput, 400, 403, 404, 415), 202: ImportJobStarted},
                   examples=examples("file", "import"))
    def put(self, request, slug):
        """Import a `mafia-tournament/1` file into this tournament (its organisers): idempotent; a game
        whose protocol is unchanged keeps its version. A file of many games is imported by a job: 202
        and the job's address."""
        tournament = self.managed()
        parsed, refused = _parse(request, tournament)
        return refused or _import(request, parsed, tournament.slug, status.HTTP_200_OK, into=tournament)


class TournamentImport(ApiMixin, generics.GenericAPIView):
    permission_classes = [IsAuthenticated]
    queryset = Tournament.objects.none()
    query_parameters_read = ("slug",)

    @extend_schema(tags=["tournament file"], request=OpenApiTypes.OBJECT, parameters=[SLUG_PARAMETER],
                   responses={**judge_errors(ImportOutput, 400, 403, 409, 415, ok=201), 202: ImportJobStarted},
                   examples=examples("file", "import"))
    def post(self, request):
        """Create a tournament from a `mafia-tournament/1` file (whoever may add tournaments in the admin,
        the Organiser group; they become its organiser). It is a draft, its dates today's, until set in the
        admin. A file of many games is imported by a job: 202 and the job's address."""
        if not request.user.has_perm("tournaments.add_tournament"):
            raise PermissionRefused(_("Only organisers may create tournaments."))
        slug = request.query_params.get("slug")
        if slug is not None and not SLUG.fullmatch(slug):
            raise exceptions.ValidationError({"slug": [exceptions.ErrorDetail(_("Letters, digits, - and _ only."), code="invalid")]})
        parsed, refused = _parse(request)
        if refused:
            return refused
        if slug is None:
            base = default_slug(parsed.name)
            slug, i = base, 1
            while Tournament.objects.filter(slug=slug).exists():
                i += 1
                slug = f"{base}-{i}"
        elif Tournament.objects.filter(slug=slug).exists():
            return Response(error_body(_("A tournament with this slug exists: import into it with PUT …/file/."), "slug_taken"),
                            status=status.HTTP_409_CONFLICT)
        return _import(request, parsed, slug, status.HTTP_201_CREATED)


def _stored_problem(item: dict) -> dict:
    """A problem the job kept, worded in the request's language where the catalogue knows its code."""
    message = item.get("message") or ""
    if item.get("code") in PROBLEM_TEXTS:
        message = problem_text(Problem(item.get("game"), item.get("seat"), item.get("field") or "", item["code"],
                                       params=item.get("params") or {}, clause=item.get("clause")))
    return {"field": item.get("field"), "code": item.get("code"), "message": message, "seat": item.get("seat"),
            "game": item.get("game")}


class FileImportJobDetail(ApiMixin, generics.GenericAPIView):
    permission_classes = [IsAuthenticated]
    queryset = FileImportJob.objects.none()

    @extend_schema(tags=["tournament file"], responses=judge_errors(ImportJobOutput, 404), examples=examples("import_job"))
    def get(self, request, pk):
        """How far the import of a tournament file is, and its result or problems once finished (whoever
        sent the file)."""
        job = FileImportJob.objects.select_related("tournament").filter(pk=pk).first()
        if job is None or not (request.user.is_superuser or job.requested_by_id == request.user.pk):
            raise Http404
        done, total = job_progress(job)
        return Response({
            "job": job.pk, "status": job.status, "done": done, "total": total,
            "tournament": job.tournament.slug if job.tournament_id and job.status == FileImportStatus.DONE else None,
            "created": job.created, "errors": [_stored_problem(p) for p in job.problems or []],
        })
