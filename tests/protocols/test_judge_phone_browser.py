"""A judge on a 375 px phone (Debian's chromium, headless): /judge/ and the entry page never scroll
sideways, the game link is on screen, a day is added without saving, the votes follow the
nominations, and after a draft save every warning sits fully on screen beside its seat."""
import pytest

from protocols.models import Game, GameStatus
from tests.browser import log_in
from tests.protocols.helpers import make_cast

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.browser]

PHONE = {"width": 375, "height": 740}
PAGE_OVERFLOW = "document.scrollingElement.scrollWidth - window.innerWidth"


def on_screen_horizontally(page, selector) -> bool:
    box = page.locator(selector).first.bounding_box()
    return box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]


def test_a_judge_enters_a_game_on_a_phone(live_server, browser_page):
    cast = make_cast()
    page = browser_page
    page.set_viewport_size(PHONE)
    log_in(page, live_server.url, cast.judge)

    link = f'#to-enter a[href="/judge/games/{cast.game.pk}/"]'
    assert page.evaluate(PAGE_OVERFLOW) <= 0
    assert page.is_visible(link) and on_screen_horizontally(page, link)
    assert page.locator(link).bounding_box()["y"] < PHONE["height"]  # no scrolling to find it
    page.click(link)
    page.wait_for_selector("#protocol-form")
    assert page.evaluate(PAGE_OVERFLOW) <= 0
    assert on_screen_horizontally(page, '.seat-row[data-seat="1"] label.role-don span')

    # The votes of day 1 follow its nominations: no vote line until somebody is nominated.
    assert not page.is_visible('input[name="d1-v1-3"]')
    page.fill('input[name="d1-nom1"]', "3")
    assert page.is_visible('input[name="d1-v1-3"]') and not page.is_visible('input[name="d1-v1-5"]')
    assert page.inner_text('#day-1 tr[data-seat="3"] .by') == "← 1"
    page.fill('input[name="d1-v1-3"]', "6")

    # Day 4 waits behind "Add a day"; it opens without saving.
    assert not page.is_visible("#day-4")
    page.click("#add-day")
    assert page.is_visible("#day-4") and not page.is_visible("#day-5")
    page.fill('input[name="d4-nom2"]', "5")
    assert page.evaluate(PAGE_OVERFLOW) <= 0

    page.fill('input[name="s1-fouls"]', "4")  # a 4th foul without the removal: a warning on the draft
    page.click('button[name="action"][value="save"]')
    page.wait_for_selector("#warnings")
    game = Game.objects.get(pk=cast.game.pk)
    assert game.status == GameStatus.IN_PLAY
    assert game.nominations.filter(day=4, by_seat=2, nominee_seat=5).exists()
    assert game.votes.filter(day=1, ballot=1, nominee_seat=3, votes=6).exists()

    # Every warning shows at once, and the one of seat 1 sits in its line, fully on screen.
    assert "Место 1, роль" in page.inner_text("#warnings") and "Место 10, роль" in page.inner_text("#warnings")
    note = '.seat-row[data-seat="1"] .note-warning >> text=четвёртым фолом'
    assert page.is_visible(note) and on_screen_horizontally(page, note)
    assert page.is_visible("#day-4")  # a filled day stays open
    assert page.evaluate(PAGE_OVERFLOW) <= 0
