"""Printable cards for the tournament day, for its organisers: one per judge (their name, login and
a QR code of the judge's page) and one for the hall (a QR code of the seating page, where "find
me" gives a player's table and seat). Passwords are never printed: the organiser handed them over
when the login was made. Anyone else gets a 404, as for a page that does not exist."""
from __future__ import annotations

import segno
from django.http import Http404
from django.shortcuts import render
from django.utils.safestring import mark_safe
from django.views.decorators.http import require_safe

from tournaments.permissions import is_organiser

from . import selectors


def qr_svg(url: str) -> str:
    """The QR code of `url` as inline SVG (no image request: the CSP and a printer both like it)."""
    return mark_safe(segno.make(url, error="m").svg_inline(scale=5, border=2, title=url))


@require_safe
def cards(request, slug):
    tournament = selectors.tournament_for_page(slug, request.user)
    if not is_organiser(request.user, tournament):
        raise Http404("no such page")
    judge_url = request.build_absolute_uri("/judge/")
    people = []
    if tournament.chief_judge is not None:
        people.append((tournament.chief_judge, True))
    people += [(link.judge, False) for link in tournament.judge_links.select_related("judge__user").order_by("order")
               if link.judge_id != tournament.chief_judge_id]
    judge_qr = qr_svg(judge_url)
    seating_url = request.build_absolute_uri(f"/t/{tournament.slug}/seating/")
    return render(request, "public/cards.html", {
        "tournament": tournament, "judge_url": judge_url, "judge_qr": judge_qr,
        "judges": [{"name": judge.name, "login": judge.user.get_username() if judge.user else "", "chief": chief}
                   for judge, chief in people],
        "seating_url": seating_url, "seating_qr": qr_svg(seating_url),
    })
