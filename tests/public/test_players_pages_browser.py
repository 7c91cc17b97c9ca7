"""The players' pages in a real browser: a signed-off game on a 375 px phone keeps each seat's
points on screen (the column came last, off the screen), in English it says "Out of the game:
seat 3 …"; before round 1 the standings list the participants, on a phone and a 1366 px laptop,
with nothing wider than the screen."""
import pytest

from scoring.recompute import recompute
from tests.factories import ClubFactory, PlayerFactory, RegistrationFactory, TournamentFactory
from tests.tournament_builders import played

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 375, "height": 740}
LAPTOP = {"width": 1366, "height": 768}
OVERFLOW = "document.scrollingElement.scrollWidth - window.innerWidth"


def test_the_game_page_keeps_the_points_on_a_phone(live_server, browser_page):
    t = played("proto", players=20, rounds=1)
    recompute(t.pk)
    page = browser_page
    page.set_viewport_size(PHONE)
    page.goto(f"{live_server.url}/t/proto/games/1/?lang=ru")
    assert page.evaluate(OVERFLOW) <= 0
    header = page.locator("table.protocol thead th").nth(2)
    assert header.inner_text() == "Баллы"
    for cell in (header, page.locator("table.protocol td.game-points").first):
        box = cell.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    assert "Место за столом" in page.locator("table.protocol thead th").first.inner_text()
    page.goto(f"{live_server.url}/t/proto/games/1/?lang=en")
    left = page.locator("p.left").first.inner_text()
    assert left.startswith("Out of the game: seat "), left

    # the Russian standings write "1,40" and still sort by the number
    page.goto(f"{live_server.url}/t/proto/?lang=ru")
    totals = page.locator("table.standings td.total").all_inner_texts()
    assert all("," in total and "." not in total for total in totals), totals
    page.click('th[data-sort="total"] button')
    page.click('th[data-sort="total"] button')
    shown = [float(t.replace(",", ".")) for t in page.locator("table.standings td.total").all_inner_texts()]
    assert shown in (sorted(shown), sorted(shown, reverse=True)) and len(set(shown)) > 1


@pytest.mark.parametrize("viewport", [PHONE, LAPTOP], ids=["phone", "laptop"])
def test_before_round_1_the_standings_list_the_participants(live_server, browser_page, viewport):
    t = TournamentFactory(slug="fresh")
    club = ClubFactory(name="Белые ночи")
    for i in range(12):
        RegistrationFactory(tournament=t, player=PlayerFactory(nickname=f"Игрок {i + 1:02d}", club=club, city="Санкт-Петербург"))
    recompute(t.pk)
    page = browser_page
    page.set_viewport_size(viewport)
    page.goto(f"{live_server.url}/t/fresh/?lang=ru")
    assert page.locator("#participants tbody tr").count() == 12
    assert page.locator("#participants tbody tr").first.inner_text().split("\t") == ["1", "Игрок 01", "Белые ночи", "Санкт-Петербург"]
    assert page.evaluate(OVERFLOW) <= 0
