"""The tournament file (`mafia-tournament/1`, ../shared/spec/tournament-file.md) through the API:
export a tournament's signed-off protocols, import a file into a tournament or as a new one.

A file is checked by the scoring core exactly as `manage.py import_tournament` and `python -m scoring
check` check it, and refused as a whole with every problem listed; nothing is written then."""
from __future__ import annotations

import re

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import exceptions, generics, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response

from protocols.presentation import problem_text
from protocols.tournament_file import FileNotStorable, default_slug, export_document, import_tournament
from scoring.core.fileformat import read_document
from tournaments.models import Tournament
from tournaments.permissions import PermissionRefused, check_manage_tournament, readable_tournaments

from ..errors import error_body
from ..file_limits import table_collisions
from ..schema import examples, judge_errors
from ..serializers.judging import ImportOutput
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
        problems = table_collisions(into, tournament)
    if problems or tournament is None:
        return None, Response(error_body(_("The tournament file is not valid: nothing was imported."), "invalid_file",
                                         [_file_problem(p) for p in problems]), status=status.HTTP_400_BAD_REQUEST)
    return tournament, None


def _import(request, parsed, slug: str, created_status: int):
    try:
        tournament, created = import_tournament(parsed, slug=slug, user=request.user)
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
                   responses=judge_errors(ImportOutput, 400, 403, 404, 415), examples=examples("file", "import"))
    def put(self, request, slug):
        """Import a `mafia-tournament/1` file into this tournament (its organisers): idempotent; a game
        whose protocol is unchanged keeps its version."""
        tournament = self.managed()
        parsed, refused = _parse(request, tournament)
        return refused or _import(request, parsed, tournament.slug, status.HTTP_200_OK)


class TournamentImport(ApiMixin, generics.GenericAPIView):
    permission_classes = [IsAuthenticated]
    queryset = Tournament.objects.none()
    query_parameters_read = ("slug",)

    @extend_schema(tags=["tournament file"], request=OpenApiTypes.OBJECT, parameters=[SLUG_PARAMETER],
                   responses=judge_errors(ImportOutput, 400, 403, 409, 415, ok=201), examples=examples("file", "import"))
    def post(self, request):
        """Create a tournament from a `mafia-tournament/1` file (whoever may add tournaments in the admin,
        the Organiser group; they become its organiser). Its dates are today's until set in the admin."""
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
