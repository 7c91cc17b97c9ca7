"""The awards pages: the list with the rule beside each (/t/<slug>/awards/) and the ceremony on the
projector (/t/<slug>/screen/awards/), which reveals them one by one.

Who sees them is scoring.awards.awards_for's to decide (the standings' rules).
"""
from __future__ import annotations

from django.http import Http404
from django.shortcuts import render
from django.views.decorators.http import require_safe

from scoring.awards import awards_for

from . import selectors


@require_safe
def awards(request, slug):
    tournament = selectors.tournament_for_page(slug, request.user)
    request.tournament_preview = not tournament.is_public
    shown = awards_for(tournament, request.user)
    return render(request, "public/awards.html", {"tournament": tournament, "view": shown})


def _step(request, total: int) -> int:
    raw = request.GET.get("shown", "0")
    if not (raw.isascii() and raw.isdigit()) or len(raw) > 3:
        raise Http404("no such step")
    return min(int(raw), total)


@require_safe
def ceremony(request, slug):
    """The projector's ceremony: the first `?shown=` awards revealed, the rest still closed cards;
    "Next" (a link, or the space bar and the right arrow through ceremony.js) reveals one more."""
    tournament = selectors.tournament_for_page(slug, request.user)
    request.tournament_preview = not tournament.is_public
    shown_view = awards_for(tournament, request.user)
    total = len([a for a in shown_view.awards if a["winner"] is not None])
    shown = _step(request, total)
    cards = []
    for award in (a for a in shown_view.awards if a["winner"] is not None):
        cards.append({**award, "open": len(cards) < shown})
    return render(request, "public/ceremony.html", {
        "tournament": tournament, "view": shown_view, "cards": cards, "shown": shown, "total": total,
        "next": shown + 1 if shown < total else None, "previous": shown - 1 if shown > 0 else None,
    })
