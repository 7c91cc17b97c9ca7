"""A player's profile in a real browser on a 375 px phone: the rating chart is drawn (an SVG
with its line and points, inside the screen), nothing is wider than the screen, and the table
of the chart's numbers is there beside it (below it on a phone), readable."""
import pytest

from tests.ratings.helpers import shared_season

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 375, "height": 740}
OVERFLOW = "document.scrollingElement.scrollWidth - window.innerWidth"


def test_the_profile_on_a_phone_draws_the_chart_beside_its_numbers(live_server, browser_page):
    _first, _second, players = shared_season("pw")
    page = browser_page
    page.set_viewport_size(PHONE)
    page.goto(f"{live_server.url}/players/{players[0]}/?compare={players[1]}&lang=ru")
    chart = page.locator("svg.chart")
    assert chart.count() == 1
    box = chart.bounding_box()
    assert box["width"] > 300 and box["height"] > 100 and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    assert page.locator("svg.chart polyline").count() == 2  # the player and the one compared
    assert page.locator("svg.chart g.series").first.locator("circle").count() == 6
    assert page.evaluate(OVERFLOW) <= 0
    table = page.locator("table.chart-numbers").first
    assert table.is_visible()
    rows = table.locator("tbody tr")
    assert rows.count() == 2
    cells = rows.first.locator("td").all_inner_texts()
    assert cells[0] == "1" and cells[1] == "Demo pw-a" and cells[2] == "3"
    assert "," in rows.first.locator("td.change").inner_text()  # the Russian decimal comma
    # the table follows the chart on the page, within the screen's width
    tbox = table.bounding_box()
    assert tbox["y"] >= box["y"] + box["height"] - 1 and tbox["x"] >= 0
    assert page.locator("table.by-role tbody tr").count() == 4


def test_from_a_profile_a_nickname_typed_in_part_is_suggested_compared_and_met_head_to_head(live_server, browser_page):
    from tournaments.models import Player

    _first, _second, players = shared_season("pv")
    Player.objects.filter(pk=players[1]).update(nickname="Ёжик")
    page = browser_page
    page.set_viewport_size(PHONE)
    page.goto(f"{live_server.url}/players/{players[0]}/?lang=ru")
    page.locator("#compare-with").press_sequentially("ежи")
    # the suggestions arrive a moment after the typing stops (static/player_names.js)
    page.wait_for_function("() => document.querySelectorAll('#compare-with-names option').length === 1")
    assert page.locator("#compare-with-names option").first.get_attribute("value") == "Ёжик"
    page.locator("#compare-with").fill("Ёжик")
    page.get_by_role("button", name="Сравнить").click()
    page.wait_for_selector("svg.chart polyline >> nth=1")
    assert page.locator("svg.chart polyline").count() == 2
    page.locator("a.h2h-link").first.click()
    page.wait_for_selector("table.co-players")
    assert page.evaluate(OVERFLOW) <= 0
    first = page.locator("table.co-players tbody a").first
    name = first.inner_text()
    first.click()
    page.wait_for_selector("dd.h2h-games")
    assert name in page.locator("h1").inner_text() and int(page.locator("dd.h2h-games").inner_text()) > 0


def test_how_the_rating_works_on_a_phone_draws_its_calibration_within_the_screen(live_server, browser_page):
    shared_season("ph")
    page = browser_page
    page.set_viewport_size(PHONE)
    page.goto(f"{live_server.url}/ratings/how/?lang=ru")
    chart = page.locator("svg.reliability")
    box = chart.bounding_box()
    assert box["width"] > 250 and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    assert page.locator("svg.reliability g.series").count() == 2 and page.locator("svg.reliability circle").count() >= 10
    assert page.evaluate(OVERFLOW) <= 0
    assert page.locator("table.rating-quality tbody tr").count() == 4
    assert "," in page.locator("tr.method-ours td.log-loss").inner_text()
    assert page.locator("table.calibration tbody tr").count() == 10
