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
