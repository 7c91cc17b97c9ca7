"""Public pages (no login). Views are thin: reads are in selectors.py, and the standings come
from the stored snapshot. A rendered standings page is cached under its snapshot version, so a
hall of phones refreshing at once costs one small query per request and never a stale page."""
from django.core.cache import cache
from django.http import HttpResponse, JsonResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils.translation import get_language
from django.views.decorators.http import require_GET
from django.views.generic import ListView

from . import selectors
from .labels import COMPONENTS, RESULTS, ROLES, STAGES

PAGE_TTL = 3600


class TournamentListView(ListView):
    """Public list of tournaments."""

    template_name = "tournaments/list.html"
    context_object_name = "tournaments"

    def get_queryset(self):
        return selectors.public_tournaments()


def _scope(request) -> str:
    scope = request.GET.get("stage", "")
    return scope if scope in selectors.STAGE_KEYS else "all"


def _standings_context(request, tournament) -> dict:
    version, computed_at = selectors.standings_version(tournament)
    context = {"tournament": tournament, "version": version, "computed_at": computed_at, "stage_labels": STAGES}
    if tournament.standings_public:
        view = selectors.standings(tournament, _scope(request))
        context.update(standings=view, rows=view.rows, scope=view.scope)
    return context


def _cached(request, tournament, kind: str, template: str) -> HttpResponse:
    version, _at = selectors.standings_version(tournament)
    key = f"standings-page:{kind}:{tournament.pk}:{version}:{_scope(request)}:{get_language()}:{int(tournament.standings_public)}"
    html = cache.get(key)
    if html is None:
        html = render_to_string(template, _standings_context(request, tournament), request)
        cache.set(key, html, PAGE_TTL)
    return HttpResponse(html)


@require_GET
def tournament_detail(request, slug):
    """The tournament and its standings (snapshot), sortable, refreshing itself."""
    return _cached(request, selectors.tournament_for_page(slug), "page", "tournaments/detail.html")


@require_GET
def standings_fragment(request, slug):
    """Only the standings block: what standings.js swaps in when a newer snapshot exists."""
    return _cached(request, selectors.tournament_for_page(slug), "fragment", "tournaments/_standings.html")


@require_GET
def standings_version(request, slug):
    tournament = selectors.tournament_for_page(slug)
    version, computed_at = selectors.standings_version(tournament)
    response = JsonResponse({"version": version, "computed_at": computed_at.isoformat() if computed_at else None})
    response["Cache-Control"] = "no-store"
    return response


@require_GET
def player_detail(request, slug, player_id):
    tournament = selectors.tournament_for_page(slug)
    info, row = selectors.player_page(tournament, player_id)
    found = selectors.find_player(tournament, info["nickname"])
    version, computed_at = selectors.standings_version(tournament)
    return render(request, "tournaments/player.html", {
        "tournament": tournament, "player": info, "row": row if tournament.standings_public else None,
        "next_seat": found.next_seat, "computed_at": computed_at, "component_labels": COMPONENTS,
        "role_labels": ROLES, "result_labels": RESULTS, "stage_labels": STAGES,
    })


@require_GET
def game_detail(request, slug, number):
    tournament = selectors.tournament_for_page(slug)
    game = selectors.game_protocol(tournament, number)
    return render(request, "tournaments/game.html", {
        "tournament": tournament, "game": game, "seats": list(game.seats.all()), "protests": list(game.protests.all()),
        "role_labels": ROLES, "result_labels": RESULTS, "stage_labels": STAGES,
    })


@require_GET
def seating(request, slug):
    tournament = selectors.tournament_for_page(slug)
    rounds = selectors.seating(tournament)
    found = selectors.find_player(tournament, request.GET.get("me", ""), rounds)
    return render(request, "tournaments/seating.html", {
        "tournament": tournament, "rounds": rounds, "found": found, "stage_labels": STAGES,
        "me_id": found.player["player_id"] if found.player else None,
    })
