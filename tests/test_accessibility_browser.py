"""The main pages pass axe-core's WCAG 2.1 AA rules on a 375 px phone in Russian (contrast,
names, landmarks, a table that scrolls sideways reachable by keyboard...): the public pages of a
played tournament, a game, the seating, the ratings, and the judge's own pages."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from protocols.models import Game
from ratings.recompute import recompute as recompute_rating
from scoring.recompute import recompute
from tests.browser import log_in
from tests.protocols.helpers import make_cast
from tests.tournament_builders import played

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

AXE = Path(__file__).resolve().parents[1] / "node_modules" / "axe-core" / "axe.min.js"
PHONE = {"width": 375, "height": 740}
RUN = """async () => {
  const r = await axe.run(document, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] } });
  return r.violations.map((v) => ({ id: v.id, nodes: v.nodes.slice(0, 3).map((n) => n.target.join(" ") + ": " + n.failureSummary) }));
}"""


def audit(context, url: str) -> list:
    page = context.new_page()
    page.goto(url)
    page.add_script_tag(path=str(AXE))  # the context bypasses the pages' CSP for this one script
    found = page.evaluate(RUN)
    page.close()
    return found


def test_the_main_pages_pass_axe_on_a_phone(live_server, chromium_browser):
    assert AXE.is_file(), "npm ci installs axe-core (package.json)"
    t = played("a11y", players=20, rounds=2, seed=3)
    recompute(t.pk)
    recompute_rating(force=True)
    game = Game.objects.filter(tournament=t).order_by("number").first()
    player = game.seats.first().player_id
    context = chromium_browser.new_context(viewport=PHONE, locale="ru-RU", bypass_csp=True)
    try:
        pages = ["/", "/t/a11y/", "/t/a11y/seating/", f"/t/a11y/games/{game.number}/", f"/t/a11y/players/{player}/",
                 "/ratings/", "/ratings/season/", "/ratings/how/", f"/players/{player}/", f"/players/{player}/vs/",
                 "/clubs/", "/judge/login/"]
        found = {url: audit(context, live_server.url + url) for url in pages}
        cast = make_cast()
        log_in(context.new_page(), live_server.url, cast.judge)
        found["/judge/"] = audit(context, live_server.url + "/judge/")
        bad = {url: v for url, v in found.items() if v}
        assert not bad, json.dumps(bad, ensure_ascii=False, indent=1)
    finally:
        context.close()
