"""The chief judge decides a protest on the desk in a real browser, on a phone: a first attempt
without the decision's text shows the error and keeps what was chosen; the second one is written."""
import pytest

from protocols.models import Protest, ProtestStatus
from protocols.protests import file_protest
from scoring.recompute import recompute
from tests.browser import log_in
from tests.desk.test_desk import sign
from tests.protocols.helpers import make_cast

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.browser]


def test_the_chief_judge_decides_a_protest_on_the_desk(live_server, browser_page):
    cast = make_cast()
    sign(cast.game, cast.judge)
    recompute(cast.game.tournament_id)
    protest = file_protest(game=cast.game, user=cast.player, player_id=None, point="fouls", seat=3,
                           text="Третий фол мне дали за чужую реплику")
    slug = cast.game.tournament.slug
    page = browser_page
    page.set_viewport_size({"width": 390, "height": 844})
    log_in(page, live_server.url, cast.chief, lang="en")
    page.goto(f"{live_server.url}/desk/{slug}/")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390  # no sideways scroll on a phone
    page.click(f'a[href="/desk/{slug}/protests/{protest.pk}/"]')
    page.wait_for_selector("#protocol-form")
    page.check('input[name="status"][value="rejected"]')
    page.click("#apply")
    page.wait_for_selector("#problems")
    assert "write the decision" in page.inner_text("#problems")
    assert page.is_checked('input[name="status"][value="rejected"]')  # what was chosen is kept
    assert Protest.objects.get(pk=protest.pk).status == ProtestStatus.PENDING
    page.fill('textarea[name="decision"]', "Фол зафиксирован верно: реплика была его")
    page.click("#apply")
    page.wait_for_url(f"**/desk/{slug}/")
    assert "The protest is decided" in page.inner_text("main")
    protest.refresh_from_db()
    assert protest.status == ProtestStatus.REJECTED and protest.decided_by == cast.chief


LABEL = "(el) => getComputedStyle(el, '::before').content"


def test_the_desk_on_a_359_px_phone_labels_every_value_and_scrolls_nothing_sideways(live_server, browser_page):
    from protocols.services import save_protocol
    from tests.protocols.helpers import complete_post
    from tests.protocols.test_services import entry_for

    cast = make_cast()
    game = cast.game
    draft = entry_for(game, complete_post(game, action="save", **{"s1-extra": "0.6", "s1-extra_reason": "вскрыл чёрных"}))
    save_protocol(game=game, user=cast.judge, entry=draft, expected_version=1)
    slug = game.tournament.slug
    page = browser_page
    page.set_viewport_size({"width": 359, "height": 740})
    log_in(page, live_server.url, cast.chief, lang="ru")
    page.goto(f"{live_server.url}/desk/{slug}/")
    extra = page.locator("#approvals td.num").nth(2)
    assert extra.inner_text().strip().endswith("0,60")  # the page's decimal comma, not «0.6»
    heading = page.locator("#approvals th").nth(3).inner_text().strip()
    assert heading and extra.evaluate(LABEL) == f'"{heading}"'  # its column's name above it, the header hidden
    assert all(td.evaluate(LABEL) not in ("none", "normal", '""') for td in page.locator("#approvals td[data-label]").all())
    assert page.evaluate("document.documentElement.scrollWidth") <= 359
    page.locator("#approvals button").click()  # approve: the action log has a line now
    page.goto(f"{live_server.url}/desk/{slug}/log/")
    box = page.locator("table.log").bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 359
    assert page.evaluate("document.documentElement.scrollWidth") <= 359
    who = page.locator("table.log td[data-label]").nth(1).inner_text()
    assert who.strip() and who.strip() != cast.chief.username  # a person's name, not the login
