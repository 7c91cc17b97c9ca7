"""The projector page: the standings' top and the next round's seating in one page with no
controls and no inline script (the CSP allows scripts from files only); in a browser it shows
the rows that fit and rotates the panels by itself."""
import re

import pytest
from playwright.sync_api import expect

from scoring.models import PlayerStanding
from scoring.recompute import recompute
from tests.tournament_builders import add_scheduled_round, played


@pytest.fixture
def cup(db):
    t = played("screen", players=20, rounds=2)
    games = add_scheduled_round(t)
    recompute(t.pk, force=True)
    return t, games


@pytest.mark.django_db
def test_the_screen_shows_the_standings_top_and_the_next_rounds_tables(client, cup):
    t, games = cup
    html = client.get("/t/screen/screen/?lang=en").content.decode()
    standings = re.search(r'<section class="panel panel-standings active".*?</section>', html, re.S).group(0)
    rows = re.findall(r'<tr><td class="num">(\d+)</td><td class="nick">([^<]*)</td><td class="num total">([^<]*)</td>', standings)
    stored = PlayerStanding.objects.filter(snapshot__tournament=t, snapshot__scope="all").order_by("place")
    assert rows == [(str(r.place), r.nickname, f"{r.total:.2f}") for r in stored]
    seating = re.search(r'<section class="panel panel-seating".*?</section>', html, re.S).group(0)
    assert "Seating: Qualifying, round 3" in seating
    for game in games:
        nicknames = [s.player.nickname for s in game.seats.select_related("player").order_by("number")]
        table = re.search(rf"<h3>Table {game.table.number}.*?</ol>", seating, re.S).group(0)
        assert re.findall(r'<li value="\d+">([^<]*)</li>', table) == nicknames
    assert re.findall(r"<script[^>]*>", html) == ['<script type="module" src="/static/screen.js">']  # no inline script
    assert "<form" not in html and "<button" not in html and 'class="lang"' not in html


@pytest.mark.django_db
def test_once_every_round_is_played_the_screen_shows_the_last_one(client):
    t = played("done", players=20, rounds=2, final_games=1)
    recompute(t.pk)
    html = client.get("/t/done/screen/?lang=en").content.decode()
    assert "Last round: Final, round 1" in html
    assert client.get("/t/nope/screen/").status_code == 404
    assert client.get("/t/done/screen/?every=abc").status_code == 200


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_in_a_browser_the_screen_pages_through_every_player_and_rotates(browser_page, live_server, cup):
    """As many rows as fit a page, then the next page of the standings (a 1366×768 projector
    showed the top rows of 20 and never the rest), then the seating."""
    page = browser_page
    page.set_viewport_size({"width": 1366, "height": 768})
    page.goto(f"{live_server.url}/t/screen/screen/?lang=en&every=4")
    expect(page.locator("#panel-standings")).to_be_visible()
    expect(page.locator("#panel-seating")).to_be_hidden()
    visible = page.locator("#panel-standings tbody tr:not([hidden])")
    first_page = visible.count()
    assert 5 <= first_page < 20
    assert visible.last.bounding_box()["y"] + visible.last.bounding_box()["height"] <= 768
    seen = {page.locator("#panel-standings tbody tr:not([hidden]) td.nick").nth(i).inner_text() for i in range(first_page)}
    assert page.inner_text("#screen-page") == f"· places 1–{first_page} of 20"
    last = min(20, 2 * first_page)
    expect(page.locator("#screen-page")).to_have_text(f"· places {first_page + 1}–{last} of 20", timeout=6_000)
    rest = page.locator("#panel-standings tbody tr:not([hidden]) td.nick")
    seen |= {rest.nth(i).inner_text() for i in range(rest.count())}
    while last < 20:
        first = last + 1
        last = min(20, last + first_page)
        expect(page.locator("#screen-page")).to_have_text(f"· places {first}–{last} of 20", timeout=6_000)
        seen |= {rest.nth(i).inner_text() for i in range(rest.count())}
    assert len(seen) == 20  # every player was on the screen
    expect(page.locator("#panel-seating")).to_be_visible(timeout=6_000)
    expect(page.locator("#panel-standings")).to_be_hidden()
    assert page.locator("#panel-seating .screen-table").count() == 2
