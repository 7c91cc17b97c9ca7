"""The ratings' read API (no login, the public pages' rules): a player's rating history, the
leaderboards of rating and of season points (the season's standings), clubs. Only published
tournaments count; a player seen only in drafts is a 404, as on the pages (ratings.selectors)."""
from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import exceptions, generics
from rest_framework.response import Response

from ratings import selectors
from ratings.models import PlayerRating
from ratings.selectors import public_player

from ..schema import examples, public_errors
from ..serializers import ratings as s
from .public import PublicMixin


class _Board(PublicMixin, generics.ListAPIView):
    query_class = None
    # the rows are the selectors' records, not a queryset: the schema's generator reads the model
    # here instead of calling get_queryset (which would query the database at `check --deploy`)
    queryset = PlayerRating.objects.none()

    @property
    def query_parameters_read(self):
        return tuple(self.query_class().fields)

    def filters(self) -> dict:
        query = self.query_class(data=self.request.query_params)
        query.is_valid(raise_exception=True)
        data = dict(query.validated_data)
        data.setdefault("season", None)
        data.setdefault("club", None)
        data["city"] = (data.get("city") or "").strip() or None
        return data


@extend_schema(tags=["ratings"], parameters=[s.RatingQuery], responses=public_errors(s.RatingRowSerializer(many=True), paged=True),
               examples=examples("ratings"))
class RatingBoard(_Board):
    """The rating leaderboard, best first: filter by season (the rating at its end), club, city and
    role; provisional players only with `provisional=true`."""

    serializer_class = s.RatingRowSerializer
    query_class = s.RatingQuery

    def get_queryset(self):
        f = self.filters()
        return selectors.rating_board(season=f["season"], club=f["club"], city=f["city"], role=f.get("role"),
                                      provisional=f["provisional"])


@extend_schema(tags=["ratings"], parameters=[s.SeasonQuery], responses=public_errors(s.SeasonRowSerializer(many=True), paged=True),
               examples=examples("season_points"))
class SeasonBoard(_Board):
    """The season's standings in season points: each player's best results (README: the points
    table and the tie-breaks), filtered by club and city; `season` defaults to the newest."""

    serializer_class = s.SeasonRowSerializer
    query_class = s.SeasonQuery

    def get_queryset(self):
        f = self.filters()
        year = f["season"] or next(iter(selectors.seasons()), None)
        return selectors.season_board(year, club=f["club"], city=f["city"]) if year else []


@extend_schema(tags=["ratings"], responses=public_errors(s.RatingHistorySerializer, 404), examples=examples("rating_history"))
class RatingHistory(PublicMixin, generics.GenericAPIView):
    """A player's rating: now, per tournament (before, after, change) and game by game."""

    serializer_class = s.RatingHistorySerializer

    def get_queryset(self):
        return selectors.public_players()

    def get(self, request, player_id):
        player = public_player(player_id)
        if player is None:
            raise exceptions.NotFound()
        snapshot = selectors.current_snapshot()
        history = selectors.rating_history(snapshot, player.pk)
        current = snapshot.player_ratings.filter(player=player).first() if snapshot else None
        return Response(self.get_serializer({
            "player_id": player.pk, "nickname": player.nickname, "version": snapshot.version if snapshot else 0,
            "current": current, "tournaments": selectors.tournament_changes(history), "games": history,
        }).data)


@extend_schema(tags=["clubs"], responses=public_errors(s.ClubSerializer(many=True), paged=True), examples=examples("clubs"))
class ClubList(PublicMixin, generics.ListAPIView):
    """Clubs with at least one public player, by name."""

    serializer_class = s.ClubSerializer

    def get_queryset(self):
        return selectors.public_clubs()


@extend_schema(tags=["clubs"], responses=public_errors(s.ClubDetailSerializer, 404), examples=examples("club"))
class ClubDetail(PublicMixin, generics.GenericAPIView):
    """A club: its public members with their ratings, and the tournaments they played."""

    serializer_class = s.ClubDetailSerializer

    def get_queryset(self):
        return selectors.public_clubs()

    def get(self, request, pk):
        page = selectors.club_page(pk)
        if page is None:
            raise exceptions.NotFound()
        return Response(self.get_serializer(page).data)
