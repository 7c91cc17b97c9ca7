"""The site's finish: the admin names the site, errors look like the site, a favicon, a skip
link, and the seating page's grid of every player by round."""
import re

import pytest
from django.template.loader import render_to_string
from django.test import override_settings
from django.utils import translation

from protocols.models import Seat
from public import views
from tests.tournament_builders import add_scheduled_round, played

pytestmark = pytest.mark.django_db


def test_the_admin_names_the_site_not_django(admin_client):
    html = admin_client.get("/admin/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Sports mafia tournaments: administration" in html
    assert "<title>Tournaments, protocols and standings | Sports mafia tournaments</title>" in html
    assert "Django administration" not in html and "Django site admin" not in html


def test_a_missing_page_is_in_the_sites_layout(client):
    response = client.get("/t/nope/", HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 404
    html = response.content.decode()
    assert '<header class="site-header">' in html and "Page not found" in html
    assert '<a href="/">All tournaments</a>' in html


def test_the_server_error_page_renders_without_a_request_or_the_database(django_assert_num_queries):
    with translation.override("en"), django_assert_num_queries(0):
        html = render_to_string("500.html")  # as django.views.defaults.server_error does: no context
    assert '<header class="site-header">' in html and "Something went wrong" in html
    assert 'href="/static/favicon.svg"' in html


@override_settings(DEBUG_PROPAGATE_EXCEPTIONS=False)
def test_a_crash_shows_the_sites_500_page(client, monkeypatch):
    def boom(*args, **kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr(views.selectors, "public_tournaments", boom)
    client.raise_request_exception = False
    response = client.get("/", HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 500
    assert "Something went wrong" in response.content.decode()


def test_the_favicon_is_linked_and_favicon_ico_is_not_a_404(client):
    html = client.get("/").content.decode()
    assert '<link rel="icon" href="/static/favicon.svg" type="image/svg+xml">' in html
    response = client.get("/favicon.ico")
    assert response.status_code == 301 and response["Location"] == "/static/favicon.svg"


def test_a_skip_link_leads_to_the_content(client):
    html = client.get("/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert re.search(r'<body>\s*<a class="skip-link" href="#content">Skip to content</a>', html)
    assert '<main id="content" tabindex="-1">' in html


def _grid(html: str) -> tuple[list[str], dict[str, list[str]]]:
    table = re.search(r'<table class="seating-grid">(.*?)</table>', html, re.S).group(1)
    heads = re.findall(r'<th scope="col"[^>]*>([^<]*)</th>', table)
    rows = {nick: re.findall(r'<td class="num">([^<]*)</td>', cells)
            for nick, cells in re.findall(r'<th scope="row">([^<]*)</th>(.*?)</tr>', table)}
    return heads, rows


def test_the_seating_page_has_a_player_by_round_grid(client):
    t = played("grid", players=20, rounds=2, final_games=1)
    add_scheduled_round(t)
    heads, rows = _grid(client.get("/t/grid/seating/?lang=en").content.decode())
    assert heads == ["Player", "R1", "R2", "R3", "F1"]
    assert len(rows) == 20 and list(rows) == sorted(rows, key=str.casefold)
    for seat in Seat.objects.filter(game__tournament=t).select_related("player", "game__round", "game__table", "game__stage"):
        kind = seat.game.stage.kind
        column = seat.game.round.number - 1 if kind == "qualifying" else 3
        assert rows[seat.player.nickname][column] == f"{seat.game.table.number}/{seat.number}"
    finalists = Seat.objects.filter(game__tournament=t, game__stage__kind="final").count()
    assert sum(cells[3] == "—" for cells in rows.values()) == 20 - finalists
