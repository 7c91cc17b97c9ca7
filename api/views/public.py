"""The public read API (no login): tournaments, stages, seating, signed-off protocols, standings,
players. Reads only what the public pages show: unsigned games are not here at all, and a
tournament whose standings are not public answers its standings with a 404."""
from __future__ import annotations

from decimal import Decimal

from django.core.cache import cache
from django.http import HttpResponse
from django.shortcuts import get_object_or_404
from django.utils.cache import patch_vary_headers
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django_filters.rest_framework import DjangoFilterBackend
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import exceptions, filters, generics, serializers
from rest_framework.permissions import AllowAny
from rest_framework.renderers import JSONRenderer
from rest_framework.response import Response
from rest_framework.views import APIView

from protocols.models import Game
from scoring import explanations, pointer
from scoring.models import SCOPE_ALL
from tournaments.models import Player, Registration, Round, Stage, Tournament
from tournaments.permissions import readable_tournaments

from .. import selectors
from ..conditional import not_modified, standings_etag, validators
from ..filters import GameFilter, PlayerFilter, TournamentFilter
from ..schema import examples, public_errors
from ..serializers import public as s
from .base import ApiMixin

STANDINGS_TTL = 3600
MAX_NUMBER = 2**31 - 1


class PublicMixin(ApiMixin):
    permission_classes = [AllowAny]


@extend_schema(tags=["tournaments"], responses=public_errors(s.TournamentSerializer(many=True), paged=True),
               examples=examples("tournament_list"))
class TournamentList(PublicMixin, generics.ListAPIView):
    """Tournaments, newest first: filter by date, city, status and ruleset, search by name."""

    serializer_class = s.TournamentSerializer
    filter_backends = [DjangoFilterBackend, filters.SearchFilter, filters.OrderingFilter]
    filterset_class = TournamentFilter
    search_fields = ["name"]
    ordering_fields = ["start_date", "end_date", "name"]
    ordering = ["-start_date", "name"]

    def get_queryset(self):
        return readable_tournaments(self.request.user, selectors.tournaments())  # a draft only to its people


@extend_schema(tags=["tournaments"], responses=public_errors(s.TournamentDetailSerializer, 404),
               examples=examples("tournament"))
class TournamentDetail(PublicMixin, generics.GenericAPIView):
    """A tournament: dates, ruleset, settings, stages with their rounds, the standings' version."""

    serializer_class = s.TournamentDetailSerializer
    queryset = Tournament.objects.none()

    def get(self, request, slug):
        tournament = selectors.tournament_detail(slug)
        if tournament is None or not tournament.is_public and not readable_tournaments(
                self.request.user, Tournament.objects.filter(pk=tournament.pk)).exists():
            raise exceptions.NotFound()
        return Response(self.get_serializer(tournament).data)


@extend_schema(tags=["tournaments"], responses=public_errors(s.StageSerializer(many=True), 404), examples=examples("stages"))
class StageList(PublicMixin, generics.GenericAPIView):
    """The tournament's stages in order, each with its rounds."""

    serializer_class = s.StageSerializer
    queryset = Stage.objects.none()
    pagination_class = None

    def get(self, request, slug):
        return Response(self.get_serializer(selectors.stages(self.tournament()), many=True).data)


class SeatingQuery(serializers.Serializer):
    stage = serializers.ChoiceField(s.STAGE_CHOICES, required=False, help_text="Only this stage's rounds.")
    round = serializers.IntegerField(min_value=1, max_value=32767, required=False, help_text="Only rounds of this number.")


@extend_schema(tags=["tournaments"], parameters=[SeatingQuery],
               responses=public_errors(s.SeatingRoundSerializer(many=True), 404), examples=examples("seating"))
class Seating(PublicMixin, generics.GenericAPIView):
    """Every round's tables with the seats (who sits where), in playing order; roles never."""

    serializer_class = s.SeatingRoundSerializer
    queryset = Round.objects.none()
    pagination_class = None
    query_parameters_read = tuple(SeatingQuery().fields)

    def get(self, request, slug):
        query = SeatingQuery(data=request.query_params)
        query.is_valid(raise_exception=True)
        rounds = selectors.seating(self.tournament(), query.validated_data.get("stage"), query.validated_data.get("round"))
        return Response(self.get_serializer(rounds, many=True).data)


@extend_schema(tags=["games"], responses=public_errors(s.GameSerializer(many=True), 404, paged=True), examples=examples("games"))
class GameList(PublicMixin, generics.ListAPIView):
    """The tournament's signed-off games with their whole protocols (seats and roles, fouls, the
    day record, the best move, extra points and penalties with their reasons and clauses, protests)."""

    serializer_class = s.GameSerializer
    filter_backends = [DjangoFilterBackend, filters.OrderingFilter]
    filterset_class = GameFilter
    ordering_fields = ["number", "signed_off_at"]
    ordering = ["number"]

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):  # the schema's generator
            return Game.objects.none()
        return selectors.signed_off_games(self.tournament())


@extend_schema(tags=["games"], responses=public_errors(s.GameSerializer, 404), examples=examples("game"))
class GameDetail(PublicMixin, generics.GenericAPIView):
    """One signed-off game's protocol by its number in the tournament (404 before the sign-off)."""

    serializer_class = s.GameSerializer
    queryset = Game.objects.none()

    def get(self, request, slug, number):
        game = selectors.signed_off_games(self.tournament()).filter(number=number).first() if number <= MAX_NUMBER else None
        if game is None:
            raise exceptions.NotFound()
        return Response(self.get_serializer(game).data)


class StandingsQuery(serializers.Serializer):
    stage = serializers.ChoiceField(s.STAGE_CHOICES, required=False, help_text="One stage's standings (default: overall).")
    explain = serializers.BooleanField(required=False, default=False,
                                       help_text="Add each player's games with every line's component, clause and points.")


TRUE, FALSE = {"true", "1", "yes", "on"}, {"false", "0", "no", "off"}


def standings_query(params) -> tuple[str, bool]:
    """(scope, explain) of a standings request. The hot path of every overlay's poll: plain checks,
    and the serializer only to word the error of a bad value."""
    stage, explain = params.get("stage"), (params.get("explain") or "false").lower()
    if (stage is None or stage in s.STAGE_CHOICES) and (explain in TRUE or explain in FALSE):
        return stage or SCOPE_ALL, explain in TRUE
    query = StandingsQuery(data=params)
    query.is_valid(raise_exception=True)
    return query.validated_data.get("stage") or SCOPE_ALL, query.validated_data["explain"]


STANDINGS_HEADERS = [
    OpenApiParameter("If-None-Match", OpenApiTypes.STR, OpenApiParameter.HEADER, required=False,
                     description="The ETag of a standings response you have: 304 while it is current."),
    OpenApiParameter("If-Modified-Since", OpenApiTypes.STR, OpenApiParameter.HEADER, required=False,
                     description="An HTTP date: 304 unless the standings were computed later (ignored with If-None-Match)."),
]


@extend_schema(
    tags=["standings"], parameters=[StandingsQuery, *STANDINGS_HEADERS],
    responses=public_errors(s.StandingsSerializer, 404, extra={304: OpenApiResponse(
        description="Not modified: the standings are those of the ETag or date you sent.")}),
    examples=examples("standings"),
)
class Standings(PublicMixin, APIView):
    """The standings (`mafia-standings/1`'s list with each player's nickname) in place order, with
    the snapshot's version and computation time; `?stage=qualifying` for one stage.

    The ETag is the snapshot's version and Last-Modified its computation time: a request with
    `If-None-Match` or `If-Modified-Since` gets a 304 while they are current. A tournament whose
    standings are not public answers 404 with code `standings_not_public`."""

    query_parameters_read = tuple(StandingsQuery().fields)

    def get(self, request, slug):
        scope, explain = standings_query(request.query_params)
        state = pointer.current(slug)
        if state is None:
            raise exceptions.NotFound()
        pk, version, public, computed_at = state
        if not public:
            raise exceptions.NotFound(_("The standings of this tournament are not public."), code="standings_not_public")
        # the explanation is worded in the request's language: the cache and the ETag keep one per language
        language = get_language()
        etag = standings_etag(version, scope, explain, language)
        if not_modified(request, etag, computed_at):
            return self._vary(validators(HttpResponse(status=304), etag, computed_at))
        key = f"api-standings:{pk}:{version}:{scope}:{int(explain)}:{language}"
        body = cache.get(key)
        if body is None:
            body = JSONRenderer().render(standings_document(slug, pk, version, computed_at, scope, explain))
            cache.set(key, body, STANDINGS_TTL)
        return self._vary(validators(HttpResponse(body, content_type="application/json"), etag, computed_at))

    @staticmethod
    def _vary(response):
        patch_vary_headers(response, ["Accept-Language", "Cookie"])  # ?lang= is in the URL already
        return response


def standings_document(slug, pk, version, computed_at, scope, explain) -> dict:
    snapshot, played = selectors.snapshot_for(pk, version, scope) if version else (None, [])
    rows = selectors.standing_rows(snapshot, explanation=explain) if snapshot is not None else []
    meta = snapshot.game_meta if snapshot is not None and explain else {}
    return {
        "format": "mafia-standings/1", "tournament": slug, "scope": scope, "stages": played, "version": version,
        "computed_at": serializers.DateTimeField().to_representation(computed_at) if computed_at else None,
        "ruleset": snapshot.ruleset if snapshot is not None else None,
        "k": (snapshot.k or None) if snapshot is not None else None,
        "standings": [standing_line(row, meta if explain else None) for row in rows],
    }


def _points(value) -> str:
    return f"{Decimal(value):.2f}"


def standing_line(row: dict, meta: dict | None) -> dict:
    line = {
        "place": row["place"], "player": row["file_id"], "player_id": row["player_id"], "nickname": row["nickname"],
        "club": row["club"], "games": row["games"], "wins": row["wins"], "wins_as_don_or_sheriff": row["wins_as_don_or_sheriff"],
        "first_killed": row["first_killed"], "main": _points(row["main"]), "extra": _points(row["extra"]),
        "total": _points(row["total"]), "tiebreak_extra": _points(row["tiebreak_extra"]),
        "decided_by_lot": row["decided_by_lot"], "left": row["mark"], "breakdown": row["breakdown"],
    }
    if meta is not None:
        line["explanation"] = explained_games(row["explanation"], meta)
    return line


def explanation_line(line: list) -> dict:
    """A stored line `[component, clause, cents, code, params]` with its note in the request's
    language; a line stored by an older version (an English note, no code) has code None."""
    component, clause, cents = line[:3]
    code, params = (line[3], line[4]) if len(line) >= 5 else (None, {})
    return {"component": component, "clause": clause, "points": _points(Decimal(cents).scaleb(-2)), "code": code,
            "params": params, "note": explanations.note(code, params) if code else ""}


def explained_games(explanation: list, meta: dict) -> list[dict]:
    games = []
    for number, seat, role, lines in explanation:
        game_id, stage, result = meta.get(str(number), ("", "", ""))
        games.append({
            "number": number, "game": game_id, "stage": stage, "result": result, "seat": seat, "role": role,
            "points": _points(Decimal(sum(line[2] for line in lines)).scaleb(-2)),
            "lines": [explanation_line(line) for line in lines],
        })
    return games


@extend_schema(tags=["players"], responses=public_errors(s.RegistrationSerializer(many=True), 404, paged=True),
               examples=examples("registrations"))
class TournamentPlayers(PublicMixin, generics.ListAPIView):
    """The tournament's registered players, by their number in the draw."""

    serializer_class = s.RegistrationSerializer

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):
            return Registration.objects.none()
        return selectors.registrations(self.tournament())


@extend_schema(tags=["players"], responses=public_errors(s.TournamentPlayerSerializer, 404), examples=examples("tournament_player"))
class TournamentPlayer(PublicMixin, generics.GenericAPIView):
    """A player's line of the tournament's overall standings with every game explained: the
    component, clause and points of each line (null while the standings are not public)."""

    serializer_class = s.TournamentPlayerSerializer
    queryset = Registration.objects.none()

    def get(self, request, slug, player_id):
        tournament = self.tournament()
        registration = selectors.registrations(tournament).filter(player_id=player_id).first()
        state = pointer.current(slug)
        version = state[1] if state else 0
        row = selectors.standing_of(tournament, version, player_id) if version else None
        if registration is None and row is None:
            raise exceptions.NotFound()
        standing = None
        if row is not None and tournament.standings_public:
            standing = standing_line({**{f: getattr(row, f) for f in selectors.ROW_FIELDS}, "explanation": row.explanation},
                                     row.snapshot.game_meta)
        if registration is not None:
            player = registration.player
            info = {"player_id": player.pk, "nickname": player.nickname, "club": player.club.name if player.club_id else ""}
        else:
            info = {"player_id": player_id, "nickname": row.nickname, "club": row.club}
        return Response({**info, "standing": standing})


@extend_schema(tags=["players"], responses=public_errors(s.PlayerSerializer(many=True), paged=True), examples=examples("players"))
class PlayerList(PublicMixin, generics.ListAPIView):
    """Every player: search by nickname, filter by club and city."""

    serializer_class = s.PlayerSerializer
    filter_backends = [DjangoFilterBackend, filters.SearchFilter, filters.OrderingFilter]
    filterset_class = PlayerFilter
    search_fields = ["nickname"]
    ordering_fields = ["nickname"]
    ordering = ["nickname"]

    def get_queryset(self):
        return selectors.players()


@extend_schema(tags=["players"], responses=public_errors(s.PlayerResultsSerializer, 404), examples=examples("player"))
class PlayerDetail(PublicMixin, generics.GenericAPIView):
    """A player and their results across tournaments (place, total, games and wins of each
    tournament's current overall standings, where those are public)."""

    serializer_class = s.PlayerResultsSerializer
    queryset = Player.objects.none()

    def get(self, request, player_id):
        player = get_object_or_404(selectors.players(), pk=player_id)
        results = []
        for r in selectors.results_of(player):
            row = r.pop("standing")
            results.append({**r, "place": row.place if row else None, "total": row.total if row else None,
                            "games": row.games if row else None, "wins": row.wins if row else None})
        player.results = results
        return Response(self.get_serializer(player).data)


