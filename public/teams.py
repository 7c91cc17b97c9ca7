"""The team standings page of a team tournament (/t/<slug>/teams/): each team's place, total and
tie-breaks, and its members with their own totals, the counted ones marked. What a viewer sees is
scoring.teams.team_view's to decide (the standings' rules)."""
from __future__ import annotations

from django.http import Http404
from django.shortcuts import render
from django.views.decorators.http import require_safe

from scoring.teams import team_view

from . import selectors


@require_safe
def teams(request, slug):
    tournament = selectors.tournament_for_page(slug, request.user)
    request.tournament_preview = not tournament.is_public
    view = team_view(tournament, request.user)
    if view.withheld == "teams":
        raise Http404("not a team tournament")
    return render(request, "public/teams.html", {"tournament": tournament, "view": view})
