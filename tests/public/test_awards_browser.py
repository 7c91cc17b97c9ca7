"""The awards ceremony on a real projector page in Chromium (a Russian browser): the presenter's
remote (Page Down / Page Up) opens the cards one by one and goes back."""
import pytest

from scoring.recompute import recompute
from tests.tournament_builders import played

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_ceremony_reveals_the_awards_one_by_one_from_the_remote(chromium_browser, live_server):
    t = played("ceremony-cup", players=20, rounds=4, seed=3)
    recompute(t.pk, force=True)
    context = chromium_browser.new_context(viewport={"width": 1920, "height": 1080}, locale="ru-RU")
    try:
        page = context.new_page()
        page.set_default_timeout(15_000)
        page.goto(f"{live_server.url}/t/{t.slug}/screen/awards/")
        assert page.locator(".ceremony-card").count() == 5
        assert page.locator(".ceremony-winner.closed").count() == 5
        assert "Объявлено 0 из 5" in page.locator(".ceremony-nav").inner_text()

        page.keyboard.press("PageDown")
        page.wait_for_url("**/screen/awards/?shown=1")
        first = page.locator(".ceremony-card").first
        assert "Лучший мирный" in first.inner_text() and "?" not in first.locator(".ceremony-winner").inner_text()
        assert page.locator(".ceremony-card.latest").count() == 1
        page.keyboard.press(" ")
        page.wait_for_url("**/screen/awards/?shown=2")
        assert page.locator(".ceremony-winner.closed").count() == 3

        page.keyboard.press("PageUp")
        page.wait_for_url("**/screen/awards/?shown=1")
        assert page.locator(".ceremony-winner.closed").count() == 4
    finally:
        context.close()
