"""The judge's screen as issue 35 tried it, in Debian's chromium, on the real pages: a game in
progress opened in a browser with no copy of it (no alarm, Next and Undo above the fold on a
laptop); the real screen reloaded without a connection whatever language the browser sends; a
double tap on a phone counts once; a take-over seen and followed on the table judge's screen."""
import time

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from console import services
from tests.browser import log_in, wait_until
from tests.console.test_console_browser import LAPTOP, PHONE, SIDEWAYS, entered, stored, wait_index
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
        wait_until(page, CACHED)
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


@pytest.mark.parametrize("server", ["asgi_live_server", "live_server"], ids=["pushed", "polled"])
def test_the_chief_takes_over_the_judges_screen_shows_it_locks_and_follows_and_works_after_the_hand_back(
        server, request, chromium_browser):
    """On the ASGI server the judge's screen follows by its socket (and polls nothing); on a
    server without websockets (pytest-django's) by the polling fallback."""
    live_server = request.getfixturevalue(server)
    pushed = server == "asgi_live_server"
    cast = seat_roles(make_cast(), EXAMPLE)
    played(cast, 2)
    slug = cast.game.tournament.slug
    judge_context = chromium_browser.new_context(viewport=LAPTOP, locale="ru-RU")
    chief_context = chromium_browser.new_context(viewport=LAPTOP, locale="ru-RU")
    try:
        judge = judge_context.new_page()
        judge.set_default_timeout(30_000)
        sockets, reads = [], []
        judge.on("websocket", lambda ws: sockets.append(ws))
        console_json = f"/judge/games/{cast.game.pk}/console/"
        judge.on("request", lambda r: reads.append(time.monotonic()) if r.url.endswith(console_json) else None)
        log_in(judge, live_server, cast.judge)
        judge.goto(screen_url(live_server, cast.game))
        wait_index(judge, 2)
        assert judge.is_hidden("#c-takeover")
        deadline = time.monotonic() + 10
        while pushed and not any(ws.url.endswith(f"/ws{console_json}") for ws in sockets):
            assert time.monotonic() < deadline, "the judge's screen opened no socket"
            judge.wait_for_timeout(100)
        quiet = time.monotonic()
        judge.wait_for_timeout(4_000)  # longer than the fallback's poll (follow.js POLL_MS)
        polled = [t for t in reads if t > quiet]
        assert (not polled) if pushed else polled  # pushed: its socket is open, nothing to poll

        chief = chief_context.new_page()
        chief.set_default_timeout(30_000)
        log_in(chief, live_server, cast.chief)
        chief.goto(f"{live_server.url}/desk/{slug}/")
        card = chief.locator(f'.table-line[data-game="{cast.game.pk}"]')
        assert card.locator(".game-status").inner_text() == "день 1"  # the console's day, not "scheduled"
        for _attempt in range(3):  # a refresh of the tables that landed just before the tap swaps in a closed form
            card.locator("details.console-control summary").click()
            try:
                card.locator("details.console-control[open]").wait_for(timeout=3_000)
                break
            except PlaywrightTimeout:
                continue
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
        assert not judge.is_disabled("#c-next") and not judge.is_disabled('.c-seat-main[data-seat="5"]')
        judge.click("#c-next")  # the first tap after the hand-back is entered
        wait_index(judge, 4)
        assert stored(cast.game)[2:] == [{"type": "next", "seat": 1}, {"type": "next", "seat": 2}]
    finally:
        judge_context.close()
        chief_context.close()


def store_up_to(cast, start, end):
    for index, event in enumerate(entered(cast.events[start:end]), start=start):
        services.append_event(game=cast.game, index=index, event=event, user=cast.judge)


def first_index(cast, test):
    """The first count of the example's events whose view passes `test` (the core's own replay)."""
    from engines import console as core
    from tests.console.test_log_service import example

    doc = example(EXAMPLE)
    return next(k for k in range(len(doc["events"]) + 1) if test(core.view({**doc, "events": doc["events"][:k]})))


def test_the_screen_says_what_the_phase_holds_checks_hidden_in_the_morning_blacks_counted_among_those_in_ties(
        live_server, chromium_browser):
    cast = seat_roles(make_cast(), EXAMPLE)
    morning = first_index(cast, lambda v: v["state"]["label"] == "D2")
    one_black_out = first_index(cast, lambda v: bool(v.get("shooting")) and v["shooting"]["blacks"][0]["of"] == 2)
    all_shot = first_index(cast, lambda v: bool(v.get("shooting")) and v["shooting"]["all_shot"] and v["shooting"]["blacks"][0]["of"] == 2)
    tie = first_index(cast, lambda v: v["state"]["phase"] == "tie_speech")
    context = chromium_browser.new_context(viewport=LAPTOP, locale="ru-RU")
    page = context.new_page()
    page.set_default_timeout(30_000)
    try:
        log_in(page, live_server, cast.judge)
        store_up_to(cast, 0, morning)
        page.goto(screen_url(live_server, cast.game))
        wait_index(page, morning)
        panel = page.locator("#c-panel")
        assert "Шериф проверил" not in panel.inner_text()  # the night's checks, not in plain words all morning
        assert page.locator("#c-panel .c-check").count() == 2
        page.keyboard.down("r")  # R held: the roles, and the checks with them
        assert "Шериф проверил место 7: чёрный" in panel.inner_text()
        page.keyboard.up("r")
        assert "Шериф проверил" not in panel.inner_text()

        store_up_to(cast, morning, one_black_out)
        page.reload()
        wait_index(page, one_black_out)
        shooters = page.locator("#c-panel [data-by]").all_inner_texts()
        assert [t.split(" (")[0] for t in shooters] == ["Чёрный 1 / 2", "Чёрный 2 / 2"]  # numbered among those in
        assert "c-ready" not in (page.get_attribute("#c-next", "class") or "")

        store_up_to(cast, one_black_out, all_shot)
        page.reload()
        wait_index(page, all_shot)
        assert page.inner_text("#c-shot-hint") == "Все чёрные выстрелили: «Дальше» (Enter) закрывает стрельбу."
        assert "c-ready" in page.get_attribute("#c-next", "class")  # the one obvious action
        assert stored(cast.game)[-1]["type"] == "shot"  # nothing sent by itself: the judge closes it

        store_up_to(cast, all_shot, tie)
        page.reload()
        wait_index(page, tie)
        assert page.inner_text("#c-tied") == "Поровну голосов: 9, 3"  # only the tied players, not every nominee
    finally:
        context.close()


def test_a_removal_that_cancels_the_vote_is_said_in_words_with_its_clause(live_server, chromium_browser):
    cast = seat_roles(make_cast(), "c28_fourth_foul_removes_and_cancels_vote_fiim.json")
    store_up_to(cast, 0, 12)  # seat 5's fourth foul on day 1
    context = chromium_browser.new_context(viewport=PHONE, locale="ru-RU")
    page = context.new_page()
    page.set_default_timeout(30_000)
    try:
        log_in(page, live_server, cast.judge)
        page.goto(screen_url(live_server, cast.game))
        wait_index(page, 12)
        assert page.inner_text("#c-vote-cancelled") == \
            "Голосования в день 1 не будет: удалён игрок 5 (7.13.3). Кандидатуры всё равно принимаются."
        assert page.evaluate(SIDEWAYS) <= 0
    finally:
        context.close()


def test_the_timer_starts_with_each_turn_unless_the_judge_turns_it_off(live_server, chromium_browser):
    cast = seat_roles(make_cast(), EXAMPLE)
    played(cast, 2)  # day 1: seat 1 speaks
    context = chromium_browser.new_context(viewport=LAPTOP, locale="en-US")
    page = context.new_page()
    page.set_default_timeout(30_000)
    try:
        log_in(page, live_server, cast.judge, lang="en")
        page.goto(screen_url(live_server, cast.game))
        wait_index(page, 2)
        assert page.is_checked("#c-timer-auto") and "start the timer with each turn" in page.inner_text(".c-auto")
        assert page.get_attribute("#c-timer", "data-running") == "false"  # opening the page starts nothing
        page.keyboard.press("Enter")  # seat 2's speech
        wait_index(page, 3)
        page.wait_for_selector('#c-timer[data-running="true"]')
        page.keyboard.press(" ")  # the stop key as before
        page.wait_for_selector('#c-timer[data-running="false"]')
        page.uncheck("#c-timer-auto")
        page.reload()
        wait_index(page, 3)
        assert not page.is_checked("#c-timer-auto")  # kept in this browser
        page.keyboard.press("Enter")  # seat 3's speech: not started
        wait_index(page, 4)
        page.wait_for_timeout(500)
        assert page.get_attribute("#c-timer", "data-running") == "false"
    finally:
        context.close()


def test_an_expired_session_says_so_and_offers_a_translated_login_keeping_the_queue(live_server, chromium_browser):
    cast = seat_roles(make_cast(), EXAMPLE)
    played(cast, 2)
    context = chromium_browser.new_context(viewport=PHONE, locale="ru-RU")
    page = context.new_page()
    page.set_default_timeout(60_000)
    try:
        log_in(page, live_server, cast.judge)
        page.goto(screen_url(live_server, cast.game))
        wait_index(page, 2)
        wait_until(page, "async () => { await MafiaEngine.ready; return true; }", seconds=120)  # no hang if it never loads
        context.clear_cookies(name="sessionid")
        page.keyboard.press("Enter")
        page.wait_for_selector('#c-status[data-waiting="1"]')
        assert page.inner_text("#c-status") == "сеанс истёк — ждут отправки: 1"
        assert "Сеанс истёк" in page.inner_text("#console-login")
        link = page.locator("#console-login-link")
        assert link.inner_text() == "Войти снова" and "c-button" in link.get_attribute("class")
        assert "/judge/login/?next=" in link.get_attribute("href")
        assert len(stored(cast.game)) == 2
    finally:
        context.close()


def test_the_judge_of_a_signed_off_game_is_told_it_is_signed_off_with_a_link_to_its_protocol(live_server, chromium_browser):
    from protocols.models import Game, GameStatus

    cast = seat_roles(make_cast(), EXAMPLE)
    Game.objects.filter(pk=cast.game.pk).update(status=GameStatus.SIGNED_OFF, result="red")
    context = chromium_browser.new_context(viewport=PHONE, locale="ru-RU")
    page = context.new_page()
    page.set_default_timeout(30_000)
    try:
        log_in(page, live_server, cast.judge)
        page.goto(screen_url(live_server, cast.game))
        assert "Игра подписана" in page.inner_text("#console-signed-off")
        assert "Нет доступа" not in page.inner_text("body")
        page.click("#console-protocol-link")
        page.wait_for_url(f"**/games/{cast.game.pk}/**")
    finally:
        context.close()
