"""An extra above 0.5 in a real browser, the whole way: the table judge enters 0.60 for a winner
and saves, the chief judge approves it on the desk, the judge signs the game off. The approval
box is disabled on the judge's page (only the chief approves), so the browser never sends it;
the stored approval must stand (it was overwritten with "not approved" and the sign-off refused)."""
from decimal import Decimal

import pytest

from protocols.models import Game, GameStatus
from protocols.services import save_protocol
from tests.browser import log_in
from tests.protocols.helpers import complete_post, make_cast
from tests.protocols.test_services import entry_for

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.browser]


def test_a_judge_signs_off_an_extra_the_chief_approved_on_the_desk(live_server, browser_page, chromium_browser):
    cast = make_cast()
    game = cast.game
    # the judge's draft: everything but the extra points
    save_protocol(game=game, user=cast.judge, expected_version=1,
                  entry=entry_for(game, complete_post(game, action="save", **{"s1-extra": None, "s1-extra_reason": None})))

    judge = browser_page
    log_in(judge, live_server.url, cast.judge)
    judge.goto(f"{live_server.url}/judge/games/{game.pk}/")
    assert judge.is_disabled('input[name="s1-extra_approved"]')  # the chief's box
    judge.fill('input[name="s1-extra"]', "0,60")  # seat 1 is red, and red wins
    judge.fill('input[name="s1-extra_reason"]', "вскрыл обоих чёрных и дона")
    judge.click('button[name="action"][value="save"]')
    judge.wait_for_selector('input[name="s1-extra"]')
    seat = Game.objects.get(pk=game.pk).seats.get(number=1)
    assert seat.extra == Decimal("0.60") and not seat.extra_approved

    chief_context = chromium_browser.new_context(viewport={"width": 390, "height": 844})
    try:
        chief = chief_context.new_page()
        chief.set_default_timeout(15_000)
        log_in(chief, live_server.url, cast.chief)
        chief.goto(f"{live_server.url}/desk/{game.tournament.slug}/")
        chief.click("#approvals button[type=submit]")
        chief.wait_for_url("**/desk/*/#approvals")
        assert chief.locator("#approvals button[type=submit]").count() == 0  # nothing left to approve
    finally:
        chief_context.close()
    assert Game.objects.get(pk=game.pk).seats.get(number=1).extra_approved

    judge.goto(f"{live_server.url}/judge/games/{game.pk}/")  # the page as the approval left it
    assert judge.is_checked('input[name="s1-extra_approved"]') and judge.is_disabled('input[name="s1-extra_approved"]')
    judge.click("#sign-off")  # it asks first; "Yes, sign off" sends
    judge.click("#sign-off-yes")
    judge.wait_for_selector('#game-status[data-status="signed_off"]')
    assert "8.4.3" not in judge.inner_text("body")

    game = Game.objects.get(pk=game.pk)
    seat = game.seats.get(number=1)
    assert game.status == GameStatus.SIGNED_OFF and game.signed_off_by == cast.judge
    assert seat.extra == Decimal("0.60") and seat.extra_approved
