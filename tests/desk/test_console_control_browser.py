"""On a 375 px phone the chief judge takes table 1's console over from the desk: the reason's
field and both buttons are at least 44 px tall and on screen, what is typed survives the
section's own refresh, and the console goes back to the table's judge from the same card."""
import pytest

from console.action_types import CONSOLE_HANDED_BACK, CONSOLE_TAKEN_OVER
from tests.browser import log_in
from tests.console.test_log_service import seat_roles
from tests.protocols.helpers import make_cast
from tournaments.models import ActionLog

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.browser]

WIDTH = 375


def fits(page, selector):
    box = None
    for _attempt in range(3):  # the section's refresh may swap the card in just then: measure the new one
        page.locator(selector).first.wait_for(state="visible")
        box = page.locator(selector).first.bounding_box()
        if box is not None:
            break
    assert box is not None, selector
    assert box["height"] >= 44 and box["x"] >= 0 and box["x"] + box["width"] <= WIDTH, (selector, box)


def test_the_chief_takes_over_and_hands_back_a_tables_console_on_a_phone(live_server, browser_page):
    cast = seat_roles(make_cast(), "g1_fiim_red_win.json")
    slug = cast.game.tournament.slug
    page = browser_page
    page.set_viewport_size({"width": WIDTH, "height": 812})
    log_in(page, live_server.url, cast.chief, lang="en")
    page.goto(f"{live_server.url}/desk/{slug}/")
    card = f'li.table-line[data-game="{cast.game.pk}"]'
    fits(page, f"{card} details.console-control summary")
    page.click(f"{card} details.console-control summary")
    fits(page, f"{card} input[name=reason]")
    fits(page, f"{card} details.console-control button")
    assert page.evaluate("document.documentElement.scrollWidth") <= WIDTH  # no sideways scroll
    page.fill(f"{card} input[name=reason]", "судья стола ушёл на апелляцию")
    page.wait_for_timeout(6500)  # longer than the section's refresh: the swap waits while the form is open
    assert page.input_value(f"{card} input[name=reason]") == "судья стола ушёл на апелляцию"
    page.click(f"{card} details.console-control button")
    page.wait_for_url(f"**/desk/{slug}/#unsigned")
    assert "Table 1: you hold its console now." in page.inner_text("main")
    assert ActionLog.objects.get(action=CONSOLE_TAKEN_OVER.code, object_id=cast.game.pk).reason == "судья стола ушёл на апелляцию"
    fits(page, f"{card} form.console-control button")
    assert page.evaluate("document.documentElement.scrollWidth") <= WIDTH
    page.click(f"{card} form.console-control button")
    page.wait_for_url(f"**/desk/{slug}/#unsigned")
    assert "Table 1: the console is back with its judge." in page.inner_text("main")
    assert ActionLog.objects.filter(action=CONSOLE_HANDED_BACK.code, object_id=cast.game.pk).count() == 1
