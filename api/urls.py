from django.http import JsonResponse
from django.urls import include, path, re_path, register_converter
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from .docs import RedocView
from .errors import error_body
from .views import auth, files, judging, public, ratings


class IdConverter:
    """A database id or number: 1 to 18 digits (larger ones cannot exist: a 404, not an overflow)."""

    regex = "[0-9]{1,18}"

    def to_python(self, value):
        return int(value)

    def to_url(self, value):
        return str(value)


register_converter(IdConverter, "id")

v1 = [
    path("tournaments/", public.TournamentList.as_view(), name="tournaments"),
    path("tournaments/import/", files.TournamentImport.as_view(), name="tournament-import"),
    path("tournaments/import/jobs/<id:pk>/", files.FileImportJobDetail.as_view(), name="file-import-job"),
    path("tournaments/<slug:slug>/", public.TournamentDetail.as_view(), name="tournament"),
    path("tournaments/<slug:slug>/stages/", public.StageList.as_view(), name="stages"),
    path("tournaments/<slug:slug>/seating/", public.Seating.as_view(), name="seating"),
    path("tournaments/<slug:slug>/games/", public.GameList.as_view(), name="games"),
    path("tournaments/<slug:slug>/games/<id:number>/", public.GameDetail.as_view(), name="game"),
    path("tournaments/<slug:slug>/standings/", public.Standings.as_view(), name="standings"),
    path("tournaments/<slug:slug>/players/", public.TournamentPlayers.as_view(), name="tournament-players"),
    path("tournaments/<slug:slug>/players/<id:player_id>/", public.TournamentPlayer.as_view(), name="tournament-player"),
    path("tournaments/<slug:slug>/awards/", public.Awards.as_view(), name="awards"),
    path("tournaments/<slug:slug>/teams/", public.TeamStandings.as_view(), name="teams"),
    path("tournaments/<slug:slug>/file/", files.TournamentFile.as_view(), name="tournament-file"),
    path("players/", public.PlayerList.as_view(), name="players"),
    path("players/<id:player_id>/", public.PlayerDetail.as_view(), name="player"),
    path("players/<id:player_id>/rating/", ratings.RatingHistory.as_view(), name="player-rating"),
    path("ratings/", ratings.RatingBoard.as_view(), name="ratings"),
    path("season-points/", ratings.SeasonBoard.as_view(), name="season-points"),
    path("clubs/", ratings.ClubList.as_view(), name="clubs"),
    path("clubs/<id:pk>/", ratings.ClubDetail.as_view(), name="club"),
    path("auth/token/", auth.ObtainToken.as_view(), name="token"),
    path("protocols/", judging.ProtocolList.as_view(), name="protocols"),
    path("protocols/<id:pk>/", judging.ProtocolDetail.as_view(), name="protocol"),
    path("protocols/<id:pk>/sign-off/", judging.SignOff.as_view(), name="sign-off"),
    path("protocols/<id:pk>/approve-extra/", judging.ApproveExtra.as_view(), name="approve-extra"),
    path("protocols/<id:pk>/protests/", judging.GameProtests.as_view(), name="game-protests"),
    path("protests/", judging.ProtestList.as_view(), name="protests"),
    path("protests/<id:pk>/decision/", judging.ProtestDecision.as_view(), name="decision"),
]

app_name = "api"


@csrf_exempt  # a 404 whatever the method: never the CSRF middleware's HTML page
def not_found(request, *args, **kwargs):
    """Any other address under /api/: the API's 404, in JSON like every other error."""
    return JsonResponse(error_body(_("Not found."), "not_found"), status=404)


urlpatterns = [
    path("v1/", include(v1)),
    path("schema/", SpectacularAPIView.as_view(), name="schema"),
    # the split view serves its script as a file, so the page passes script-src 'self'
    path("docs/", SpectacularSwaggerSplitView.as_view(url_name="api:schema"), name="docs"),
    path("redoc/", RedocView.as_view(url_name="api:schema"), name="redoc"),
    re_path(r"", not_found),
]
