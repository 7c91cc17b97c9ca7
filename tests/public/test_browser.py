"""A phone (375 px) opens the public standings, finds a player with "find me", opens their
breakdown; and the standings refresh themselves when a newer snapshot is stored."""
import re

import pytest
from playwright.sync_api import expect

from scoring.models import PlayerStanding
from scoring.recompute import recompute
from tests.tournament_builders import add_scheduled_round, played

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def phone(browser_page):
    browser_page.set_viewport_size({"width": 375, "height": 740})
    return browser_page


def test_a_phone_finds_a_player_and_opens_the_breakdown(phone, live_server):
    t = played("phone-cup", players=20, rounds=3)
    games = add_scheduled_round(t)
    recompute(t.pk, force=True)
    seat = games[0].seats.select_related("player").get(number=4)
    nickname = seat.player.nickname
    row = PlayerStanding.objects.filter(snapshot__tournament=t, snapshot__scope="all", player=seat.player).latest("snapshot__version")

    phone.goto(f"{live_server.url}/t/phone-cup/?lang=en")
    rows = phone.locator("table.standings tbody tr")
    assert rows.count() == 20
    assert rows.first.locator("td.place").inner_text().startswith("1")
    # nothing wider than the phone except the scrollable table itself
    assert phone.evaluate("document.documentElement.scrollWidth") <= 375

    phone.fill("#findme-input", nickname)
    phone.click(".findme button[type=submit]")
    phone.wait_for_url(re.compile(r"/t/phone-cup/seating/\?me="))
    found = phone.locator(".found")
    assert f"table {games[0].table.number}, seat 4" in found.inner_text()

    phone.click("a.breakdown-link")
    phone.wait_for_url(re.compile(rf"/t/phone-cup/players/{seat.player_id}/$"))
    assert phone.locator("h2.player-name").inner_text() == nickname
    assert phone.locator("dd.total").inner_text() == f"{row.total:.2f}"
    assert phone.locator(".game-card").count() == 3
    assert phone.evaluate("document.documentElement.scrollWidth") <= 375


def test_the_standings_sort_and_refresh_without_a_reload(phone, live_server):
    t = played("refresh-cup", players=10, rounds=2)
    recompute(t.pk, force=True)
    phone.add_init_script("window.STANDINGS_POLL_MS = 300")
    phone.goto(f"{live_server.url}/t/refresh-cup/?lang=en")
    phone.evaluate("window.__sameDocument = true")
    version = int(phone.get_attribute("#standings", "data-version"))

    phone.click('th[data-sort="nickname"] button')
    names = phone.locator("table.standings tbody td.nick").all_inner_texts()
    assert names == sorted(names, key=str.lower)

    new_version = recompute(t.pk, force=True)
    # expect() polls without eval(), which the Content-Security-Policy forbids
    expect(phone.locator("#standings")).to_have_attribute("data-version", str(new_version), timeout=10_000)
    assert new_version > version
    assert phone.evaluate("window.__sameDocument") is True  # no full page reload
    assert phone.locator(".fresh").is_visible()
    # the reader's sort survives the refresh
    assert phone.locator("table.standings tbody td.nick").all_inner_texts() == names
