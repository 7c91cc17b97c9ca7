"""The public read API (no login): tournaments, stages, seating, signed-off protocols, standings,
players. Reads only what the public pages show: unsigned games are not here at all, and a
tournament whose standings are not public answers its standings with a 404."""
from __future__ import annotations

from decimal import Decimal

from django.core.cache import cache
from django.http import HttpResponse
from django.shortcuts import get_object_or_404
from django.utils.decorators import method_decorator
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.cache import cache_control
from django.views.decorators.http import condition
from django.views.decorators.vary import vary_on_headers
from django_filters.rest_framework import DjangoFilterBackend
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import exceptions, filters, generics, serializers
from rest_framework.permissions import AllowAny
from rest_framework.renderers import JSONRenderer
from rest_framework.response import Response
from rest_framework.views import APIView

from protocols.models import Game
from scoring import cuts
from scoring import selectors as scoring_read
from scoring.awards import awards_for
from scoring.selectors import SCOPE_ALL, Current, GamePoints, Line, PlayerLine, ScoredGame
from scoring.teams import team_view
from tournaments.models import Player, Registration, Round, Stage, Tournament
from tournaments.permissions import readable_tournaments

from .. import selectors
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
        tournament = self.tournament()
        return selectors.signed_off_games(tournament, hidden_too=cuts.sees_hidden(self.request.user, tournament))


@extend_schema(tags=["games"], responses=public_errors(s.GameSerializer, 404), examples=examples("game"))
class GameDetail(PublicMixin, generics.GenericAPIView):
    """One signed-off game's protocol by its number in the tournament (404 before the sign-off)."""

    serializer_class = s.GameSerializer
    queryset = Game.objects.none()

    def get(self, request, slug, number):
        tournament = self.tournament()
        games = selectors.signed_off_games(tournament, hidden_too=cuts.sees_hidden(request.user, tournament))
        game = games.filter(number=number).first() if number <= MAX_NUMBER else None
        if game is None:
            raise exceptions.NotFound()
        return Response(self.get_serializer(game).data)


class StandingsQuery(serializers.Serializer):
    stage = serializers.ChoiceField(s.STAGE_CHOICES, required=False, help_text="One stage's standings (default: overall).")
    explain = serializers.BooleanField(required=False, default=False,
                                       help_text="Add each player's games with every line's component, clause and points.")
    after_round = serializers.IntegerField(
        min_value=0, max_value=cuts.MAX_AFTER, required=False,
        help_text="The standings as they were after this round: rounds are counted across the stages in playing order "
                  "(stage by stage, round by round), as the tournament's `stages` list them. While a stage's standings are "
                  "hidden from the public, a visitor gets them as after the last round before it, whatever he asks.")


TRUE, FALSE = {"true", "1", "yes", "on"}, {"false", "0", "no", "off"}


def standings_query(params) -> tuple[str, bool, int | None]:
    """(scope, explain, after_round) of a standings request. The hot path of every overlay's poll:
    plain checks, and the serializer only to word the error of a bad value."""
    stage, explain = params.get("stage"), (params.get("explain") or "false").lower()
    try:
        after = cuts.parse_after(params.get("after_round"))
    except ValueError:
        after = -1
    if (stage is None or stage in s.STAGE_CHOICES) and (explain in TRUE or explain in FALSE) and after != -1:
        return stage or SCOPE_ALL, explain in TRUE, after
    query = StandingsQuery(data=params)
    query.is_valid(raise_exception=True)
    data = query.validated_data
    return data.get("stage") or SCOPE_ALL, data["explain"], data.get("after_round")


STANDINGS_HEADERS = [
    OpenApiParameter("If-None-Match", OpenApiTypes.STR, OpenApiParameter.HEADER, required=False,
                     description="The ETag of a standings response you have: 304 while it is current."),
    OpenApiParameter("If-Modified-Since", OpenApiTypes.STR, OpenApiParameter.HEADER, required=False,
                     description="An HTTP date: 304 unless the standings were computed later (ignored with If-None-Match)."),
]


def _standings_request(request, slug) -> tuple[Current, str, bool, int | None]:
    """(current snapshot, scope, explain, the round the standings are as after) of a standings
    request: read once, kept on the request for the ETag, the date and the body."""
    known = getattr(request, "_standings_request", None)
    if known is None:
        scope, explain, asked = standings_query(request.query_params)
        state = scoring_read.current(slug)
        if state is None:
            raise exceptions.NotFound()
        if not state.standings_public:
            raise exceptions.NotFound(_("The standings of this tournament are not public."), code="standings_not_public")
        after = None
        if asked is not None or state.hides_a_stage:  # else the poll's fast path: no more queries
            after = cuts.viewer_time(Tournament.objects.get(pk=state.tournament_id), request.user, asked).after
        known = request._standings_request = (state, scope, explain, after)
    return known


def standings_etag(request, slug) -> str:
    """The snapshot's version, the scope, the round they are as after and the language asked for
    (an explained line is worded in it: each language its own ETag)."""
    state, scope, explain, after = _standings_request(request, slug)
    cut = f"-after{after}" if after is not None else ""
    return f'"{state.version}-{scope}{cut}-{get_language()}{"-explained" if explain else ""}"'


def standings_computed_at(request, slug):
    return _standings_request(request, slug)[0].computed_at


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

    # Django's conditional GET (RFC 9110: If-None-Match first, weak comparison, else
    # If-Modified-Since); caches may keep the answer but ask again (a 304 is cheap); ?lang= is in
    # the URL already, the cookie and Accept-Language are not.
    @method_decorator(vary_on_headers("Accept-Language", "Cookie"))
    @method_decorator(cache_control(no_cache=True))
    @method_decorator(condition(etag_func=standings_etag, last_modified_func=standings_computed_at))
    def get(self, request, slug):
        state, scope, explain, after = _standings_request(request, slug)
        # Kept by the snapshot's version, which cache_page cannot key on; the explanation is
        # worded in the request's language: one copy per language.
        key = f"api-standings:{state.tournament_id}:{state.version}:{scope}:{after}:{int(explain)}:{get_language()}"
        body = cache.get(key)
        if body is None:
            body = JSONRenderer().render(standings_document(slug, state, scope, explain, after))
            cache.set(key, body, STANDINGS_TTL)
        return HttpResponse(body, content_type="application/json")


def standings_document(slug: str, state: Current, scope: str, explain: bool, after: int | None = None) -> dict:
    if after is not None and state.version:
        cut = cuts.after_round(Tournament.objects.get(pk=state.tournament_id), state, after)
        found = cut.scoped(scope)
        rows = cut.lines(found.snapshot)
    else:
        found = scoring_read.scoped(state.tournament_id, state.version, scope)
        rows = scoring_read.lines(found.snapshot, explained=explain) if found.snapshot is not None else []
    snapshot = found.snapshot
    computed_at = state.computed_at
    return {
        "format": "mafia-standings/1", "tournament": slug, "scope": scope, "stages": list(found.stages),
        "version": state.version, "after_round": after,
        "computed_at": serializers.DateTimeField().to_representation(computed_at) if computed_at else None,
        "ruleset": snapshot.ruleset if snapshot is not None else None,
        "k": (snapshot.k or None) if snapshot is not None else None,
        "standings": [standing_line(row, snapshot.scored if explain else None) for row in rows],
    }


def _points(value) -> str:
    return f"{Decimal(value):.2f}"


def _cents(cents: int) -> str:
    return _points(Decimal(cents).scaleb(-2))


def standing_line(row: PlayerLine, scored: dict[int, ScoredGame] | None) -> dict:
    line = {
        "place": row.place, "player": row.file_id, "player_id": row.player_id, "nickname": row.nickname,
        "club": row.club, "games": row.games, "wins": row.wins, "wins_as_don_or_sheriff": row.wins_as_don_or_sheriff,
        "first_killed": row.first_killed, "main": _points(row.main), "extra": _points(row.extra),
        "total": _points(row.total), "tiebreak_extra": _points(row.tiebreak_extra),
        "decided_by_lot": row.decided_by_lot, "left": row.mark, "breakdown": row.breakdown,
    }
    if scored is not None:
        line["explanation"] = explained_games(row.points or (), scored)
    return line


def explanation_line(line: Line) -> dict:
    """A line with its note in the request's language."""
    return {"component": line.component, "clause": line.clause, "points": _cents(line.cents), "code": line.code,
            "params": line.params, "note": line.note}


def explained_games(points: tuple[GamePoints, ...], scored: dict[int, ScoredGame]) -> list[dict]:
    games = []
    for game in points:
        meta = scored.get(game.number)
        games.append({
            "number": game.number, "game": meta.game_id if meta else "", "stage": meta.stage if meta else "",
            "result": meta.result if meta else "", "seat": game.seat, "role": game.role, "points": _cents(game.total),
            "lines": [explanation_line(line) for line in game.lines],
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
        state = scoring_read.current_of(tournament)
        after = cuts.viewer_time(tournament, request.user).after  # a hidden stage: as before it
        if after is not None and state.version:
            placed = cuts.after_round(tournament, state, after).player(player_id)
        else:
            placed = scoring_read.player_line(tournament.pk, state.version, player_id)
        row, snapshot = placed if placed is not None else (None, None)
        if registration is None and row is None:
            raise exceptions.NotFound()
        standing = None
        if row is not None and tournament.standings_public:
            standing = standing_line(row, snapshot.scored)
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




@extend_schema(tags=["tournaments"], responses=public_errors(s.AwardsSerializer, 404), examples=examples("awards"))
class Awards(PublicMixin, generics.GenericAPIView):
    """The awards (docs/awards.md): the best in each role and the best first-killed, computed from
    the signed-off protocols with the rule beside each, then the organisers' own. They tell the
    standings, so they follow the standings' rules: 404 `standings_not_public` while the standings
    are not public, and `withheld: "stage"` with no awards while a stage is hidden from you."""

    serializer_class = s.AwardsSerializer
    queryset = Tournament.objects.none()

    def get(self, request, slug):
        tournament = self.tournament()
        shown = awards_for(tournament, request.user)
        if shown.withheld == "standings":
            raise exceptions.NotFound(_("The standings of this tournament are not public."), code="standings_not_public")
        return Response(self.get_serializer({"tournament": tournament.slug, "withheld": shown.withheld,
                                             "awards": shown.awards}).data)


@extend_schema(tags=["tournaments"], responses=public_errors(s.TeamStandingsSerializer, 404), examples=examples("teams"))
class TeamStandings(PublicMixin, generics.GenericAPIView):
    """The team standings of a team tournament (docs/teams.md): the counted members' totals
    summed, ranked by the players' tie-breaks applied to the teams, then the lot. The standings'
    rules apply: 404 `standings_not_public` while they are hidden; a hidden stage's rounds left
    out for a visitor (`after_round`). 404 `not_a_team_tournament` for a tournament without teams."""

    serializer_class = s.TeamStandingsSerializer
    queryset = Tournament.objects.none()

    def get(self, request, slug):
        tournament = self.tournament()
        view = team_view(tournament, request.user)
        if view.withheld == "teams":
            raise exceptions.NotFound(_("This tournament has no teams."), code="not_a_team_tournament")
        if view.withheld == "standings":
            raise exceptions.NotFound(_("The standings of this tournament are not public."), code="standings_not_public")
        return Response(self.get_serializer({"tournament": tournament.slug, "best": tournament.team_best,
                                             "after_round": view.after, "teams": view.lines}).data)
