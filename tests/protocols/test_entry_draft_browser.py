"""The entry page keeps what the judge typed in the browser until it is saved: a reload (a lost
connection, a closed tab) offers it back in the page's language, and a successful save clears it."""
import pytest

from protocols.models import Game
from tests.protocols.helpers import make_cast
from tests.protocols.test_extra_approval_browser import log_in

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.browser]


def test_a_reload_without_saving_offers_back_what_was_typed(live_server, browser_page):
    cast = make_cast()
    game = cast.game
    page = browser_page
    log_in(page, live_server.url, cast.judge)
    url = f"{live_server.url}/judge/games/{game.pk}/"
    page.goto(url)
    assert page.is_hidden("#draft-offer")  # nothing typed yet: nothing to offer
    page.fill('input[name="s2-fouls"]', "3")
    page.fill('input[name="s1-extra_reason"]', "вскрыл обоих чёрных")
    page.fill('input[name="d1-nom4"]', "7")

    page.reload()  # never saved
    assert page.input_value('input[name="s2-fouls"]') == "0"  # the server's protocol, as stored
    assert page.is_visible("#draft-offer")
    assert "не сохранено" in page.inner_text("#draft-offer")  # the page's language (Russian)
    page.click("#draft-restore")
    assert page.is_hidden("#draft-offer")
    assert page.input_value('input[name="s2-fouls"]') == "3"
    assert page.input_value('input[name="s1-extra_reason"]') == "вскрыл обоих чёрных"
    assert page.input_value('input[name="d1-nom4"]') == "7"
    assert page.is_visible('tr.candidate[data-seat="7"]')  # the day's vote line follows the nomination

    page.click('button[name="action"][value="save"]')  # a draft save: the values go to the server
    page.wait_for_selector("ul.messages")
    seat = Game.objects.get(pk=game.pk).seats.get(number=2)
    assert seat.fouls == 3
    page.reload()
    assert page.is_hidden("#draft-offer")  # the save cleared the draft
    assert page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('protocol-draft:'))") == []


def test_a_discarded_draft_is_not_offered_again(live_server, browser_page):
    cast = make_cast()
    page = browser_page
    log_in(page, live_server.url, cast.judge)
    page.goto(f"{live_server.url}/judge/games/{cast.game.pk}/?lang=en")
    page.fill('input[name="s5-fouls"]', "2")
    page.reload()
    assert "not saved" in page.inner_text("#draft-offer")  # English on an English page
    page.click("#draft-discard")
    page.reload()
    assert page.is_hidden("#draft-offer") and page.input_value('input[name="s5-fouls"]') == "0"
