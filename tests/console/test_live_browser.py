"""The live views in a real browser: the public table view follows the console within 2 s (by
polling where the server has no websockets; pushed within a second of the judge's tap, polling
nothing, on the ASGI server), and the desk on a 375 px phone shows every table's phase with no
action off-screen and refreshes itself when the table's judge enters an event."""
import time

import pytest

from console import services
from tests.browser import log_in
from tests.console.test_console_browser import LAPTOP, PHONE, wait_index
from tests.console.test_log_service import seat_roles
from tests.protocols.helpers import make_cast

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.browser]


def enter(cast, start, count):
    for index in range(start, start + count):
        services.append_event(game=cast.game, index=index, event=cast.events[index], user=cast.judge)


def test_the_table_view_follows_the_console(live_server, browser_page):
    cast = seat_roles(make_cast(), "g1_fiim_red_win.json")
    enter(cast, 0, 3)  # seat 1's speech is over: seat 2 speaks
    page = browser_page
    page.set_viewport_size({"width": 1366, "height": 768})
    page.goto(f"{live_server.url}/t/{cast.game.tournament.slug}/tables/1/live/?lang=en")
    page.wait_for_selector(".live-speaker")
    assert "Seat 2" in page.inner_text(".live-speaker") and "Speeches · D1" in page.inner_text(".live-phase")
    enter(cast, 3, 2)  # 2 nominates 3, then 3 speaks
    page.wait_for_function("() => document.querySelector('.live-speaker').textContent.indexOf('Seat 3') >= 0", timeout=2500)
    assert "Nominated: 3" in page.inner_text(".live-nominees")
    assert "sheriff" not in page.inner_text("#live").lower()


def test_the_judges_tap_is_pushed_to_the_halls_phone_within_a_second(asgi_live_server, chromium_browser):
    cast = seat_roles(make_cast(), "g1_fiim_red_win.json")
    enter(cast, 0, 2)  # seat 1 speaks
    slug = cast.game.tournament.slug
    judge_context = chromium_browser.new_context(viewport=LAPTOP, locale="en-US")
    hall_context = chromium_browser.new_context(viewport=PHONE, locale="ru-RU")
    try:
        hall = hall_context.new_page()
        sockets, polls = [], []
        hall.on("websocket", lambda ws: sockets.append(ws.url))
        hall.on("request", lambda r: polls.append(time.monotonic()) if "live.json" in r.url else None)
        hall.goto(f"{asgi_live_server.url}/t/{slug}/tables/1/live/")
        hall.wait_for_selector(".live-speaker")
        assert "1" in hall.inner_text(".live-speaker") and "2" not in hall.inner_text(".live-speaker")
        deadline = time.monotonic() + 10
        while f"ws://127.0.0.1:{asgi_live_server.url.rsplit(':', 1)[1]}/ws/t/{slug}/tables/1/" not in sockets:
            assert time.monotonic() < deadline, f"the hall's page opened no socket: {sockets}"
            hall.wait_for_timeout(100)
        hall.wait_for_timeout(500)  # the server adds the socket to the table's group after the handshake

        judge = judge_context.new_page()
        log_in(judge, asgi_live_server, cast.judge, lang="en")
        judge.goto(f"{asgi_live_server.url}/judge/games/{cast.game.pk}/console/screen/")
        wait_index(judge, 2)
        quiet = time.monotonic()
        judge.click("#c-next")  # seat 1's speech ends: seat 2 speaks
        hall.wait_for_function("() => document.querySelector('.live-speaker').textContent.indexOf('2') >= 0",
                               timeout=1000)
        assert not [t for t in polls if t > quiet], "the hall's page polled although its socket was open"
        assert "шериф" not in hall.inner_text("#live").lower()
    finally:
        judge_context.close()
        hall_context.close()


def test_the_desk_fits_a_phone_and_refreshes_itself(live_server, browser_page):
    cast = seat_roles(make_cast(), "g1_fiim_red_win.json")
    enter(cast, 0, 3)
    slug = cast.game.tournament.slug
    page = browser_page
    page.set_viewport_size({"width": 375, "height": 812})
    log_in(page, live_server.url, cast.chief, lang="en")
    page.goto(f"{live_server.url}/desk/{slug}/")
    card = f'li[data-game="{cast.game.pk}"]'
    assert "seat 2 speaks" in page.inner_text(card)
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    off = page.evaluate("""Array.from(document.querySelectorAll('main a, main button'))
        .filter(e => e.getClientRects().length && e.getBoundingClientRect().right > 375).length""")
    assert off == 0
    enter(cast, 3, 2)
    page.wait_for_function(f"() => document.querySelector('{card}').textContent.indexOf('seat 3 speaks') >= 0", timeout=8000)
