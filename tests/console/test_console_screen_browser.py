"""The judge's screen as issue 35 tried it, in Debian's chromium, on the real pages: a game in
progress opened in a browser with no copy of it (no alarm, Next and Undo above the fold on a
laptop); the real screen reloaded without a connection whatever language the browser sends; a
double tap on a phone counts once; a take-over seen and followed on the table judge's screen."""
import pytest

from console import services
from tests.browser import log_in
from tests.console.test_console_browser import LAPTOP, PHONE, entered, stored, wait_index
from tests.console.test_console_offline_browser import go_offline
from tests.console.test_log_service import seat_roles
from tests.protocols.helpers import make_cast

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.browser]

EXAMPLE = "g1_fiim_red_win.json"
CACHED = """async () => (await caches.open("mafia-console-pages")).match(location.href).then(Boolean)"""


def played(cast, n):
    """The first n events of the example, stored as another screen stored them."""
    for index, event in enumerate(entered(cast.events[:n])):
        services.append_event(game=cast.game, index=index, event=event, user=cast.judge)


def screen_url(live_server, game):
    return f"{live_server.url}/judge/games/{game.pk}/console/screen/"


def above_the_fold(page, selector, height) -> bool:
    box = page.locator(selector).bounding_box()
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height


def test_a_game_in_progress_opens_on_another_device_without_an_alarm_and_next_undo_above_the_fold(live_server, chromium_browser):
    cast = seat_roles(make_cast(), EXAMPLE)
    played(cast, 12)
    context = chromium_browser.new_context(viewport=LAPTOP, locale="ru-RU")
    page = context.new_page()
    page.set_default_timeout(30_000)
    try:
        log_in(page, live_server, cast.judge)
        page.goto(screen_url(live_server, cast.game))
        wait_index(page, 12)
        page.wait_for_selector('#c-status[data-online="true"][data-waiting="0"]')
        page.wait_for_timeout(500)  # the copy laid over the server's log: nothing set aside
        assert page.is_hidden("#c-stopped"), page.inner_text("#c-stopped")
        assert "Не записаны" not in page.inner_text("body")
        assert page.inner_text("#c-status") == "на связи"
        assert above_the_fold(page, "#c-next", LAPTOP["height"]) and above_the_fold(page, "#c-undo", LAPTOP["height"])
        assert page.evaluate("window.scrollY") == 0
    finally:
        context.close()


@pytest.mark.parametrize("locale, lang, next_word", [("ru-RU", "ru", "Дальше"), ("en-US", "en", "Next"), (None, "ru", "Дальше")])
def test_the_real_screen_reloads_offline_whatever_language_the_browser_sends(live_server, chromium_browser, locale, lang, next_word):
    cast = seat_roles(make_cast(), EXAMPLE)
    played(cast, 3)
    options = {"locale": locale} if locale else {"extra_http_headers": {"Accept-Language": ""}}
    context = chromium_browser.new_context(viewport=LAPTOP, service_workers="allow", **options)
    page = context.new_page()
    page.set_default_timeout(60_000)
    try:
        log_in(page, live_server, cast.judge, lang=lang)
        page.goto(screen_url(live_server, cast.game))
        wait_index(page, 3)
        page.wait_for_function("() => navigator.serviceWorker.controller !== null")
        page.wait_for_function(CACHED)
        go_offline(context)
        page.reload()  # the service worker's copy, in the judge's language
        wait_index(page, 3)
        assert page.get_attribute("html", "lang") == lang
        assert next_word in page.inner_text("#c-next")
    finally:
        context.close()


def test_a_double_tap_on_a_phone_gives_one_event(live_server, chromium_browser):
    cast = seat_roles(make_cast(), EXAMPLE)
    played(cast, 2)  # day 1: seat 1 speaks
    context = chromium_browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True, locale="ru-RU")
    page = context.new_page()
    page.set_default_timeout(30_000)
    try:
        log_in(page, live_server, cast.judge)
        page.goto(screen_url(live_server, cast.game))
        wait_index(page, 2)
        page.tap("#c-next")
        page.tap("#c-next")  # while the first is on its way
        wait_index(page, 3)
        page.tap("#c-next")  # right after the answer: the same tap, not seat 2's speech ended
        page.wait_for_timeout(1000)
        assert stored(cast.game)[2:] == [{"type": "next", "seat": 1}]
        assert page.get_attribute("#console", "data-index") == "3"

        foul = '.c-seat[data-seat="3"] .c-foul'
        page.tap(foul)
        page.tap(foul)
        wait_index(page, 4)
        page.wait_for_timeout(1000)
        assert stored(cast.game)[3:] == [{"type": "foul", "seat": 3}]
        assert page.inner_text('.c-seat[data-seat="3"] .c-foul-count') == "1"

        page.wait_for_timeout(500)  # a second, deliberate Next is a new intent
        page.tap("#c-next")
        wait_index(page, 5)
        assert stored(cast.game)[4:] == [{"type": "next", "seat": 2}]
    finally:
        context.close()


def test_the_chief_takes_over_the_judges_screen_shows_it_locks_and_follows_and_works_after_the_hand_back(
        live_server, chromium_browser):
    cast = seat_roles(make_cast(), EXAMPLE)
    played(cast, 2)
    slug = cast.game.tournament.slug
    judge_context = chromium_browser.new_context(viewport=LAPTOP, locale="ru-RU")
    chief_context = chromium_browser.new_context(viewport=LAPTOP, locale="ru-RU")
    try:
        judge = judge_context.new_page()
        judge.set_default_timeout(30_000)
        log_in(judge, live_server, cast.judge)
        judge.goto(screen_url(live_server, cast.game))
        wait_index(judge, 2)
        assert judge.is_hidden("#c-takeover")

        chief = chief_context.new_page()
        chief.set_default_timeout(30_000)
        log_in(chief, live_server, cast.chief)
        chief.goto(f"{live_server.url}/desk/{slug}/")
        card = chief.locator(f'.table-line[data-game="{cast.game.pk}"]')
        assert card.locator(".game-status").inner_text() == "день 1"  # the console's day, not "scheduled"
        card.locator("details.console-control summary").click()
        card.locator(f"#takeover-reason-{cast.game.pk}").fill("судья стола заболел")
        card.locator("button[type=submit]").click()
        chief.wait_for_url(f"**/desk/{slug}/#unsigned")

        judge.wait_for_selector("#c-takeover:not([hidden])", timeout=10_000)  # without a reload
        banner = judge.inner_text("#c-takeover")
        assert "Главный" in banner and "судья стола заболел" in banner
        assert judge.is_disabled("#c-next") and judge.is_disabled('.c-seat[data-seat="3"] .c-foul')
        assert judge.is_disabled('.c-seat-main[data-seat="5"]')
        judge.keyboard.press("Enter")  # the keys are off too
        judge.wait_for_timeout(500)
        assert len(stored(cast.game)) == 2

        chief.locator(f'.table-line[data-game="{cast.game.pk}"] a.open-console').click()
        wait_index(chief, 2)
        assert "Главный" in chief.inner_text("#c-takeover") and not chief.is_disabled("#c-next")
        chief.click("#c-next")  # seat 1's speech ends, entered by the chief
        wait_index(chief, 3)
        wait_index(judge, 3)  # the judge's screen follows within seconds, without a reload
        assert judge.get_attribute('.c-seat[data-seat="2"]', "class").find("speaking") != -1 or \
            "2" in judge.inner_text("#c-speaker")

        chief.goto(f"{live_server.url}/desk/{slug}/")
        chief.locator(f'.table-line[data-game="{cast.game.pk}"] form.console-control button').click()
        chief.wait_for_url(f"**/desk/{slug}/#unsigned")
        judge.wait_for_selector("#c-takeover[hidden]", state="attached", timeout=10_000)
        assert not judge.is_disabled("#c-next")
        judge.click("#c-next")  # the first tap after the hand-back is entered
        wait_index(judge, 4)
        assert stored(cast.game)[2:] == [{"type": "next", "seat": 1}, {"type": "next", "seat": 2}]
    finally:
        judge_context.close()
        chief_context.close()
