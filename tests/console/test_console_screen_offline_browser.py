"""The judge's real screen never loses an event (issue 27), in Debian's chromium: a whole game by
keyboard at 1366×768 that loses its connection in the middle of day 2 (events entered, one refused
by the rules right there and not queued, a reload served by the service worker), gets it back, and
the server's log is what was entered; then the sign-off and the standings with the game's points.
Two tabs of one game sending the same event: one stored, the other told, showing the stored game.
The judge's logout clears the console's copies in the browser, and warns while events wait."""
import pytest
from django.utils import translation

from protocols.models import Game, GameStatus
from public.templatetags.numbers import points
from scoring.models import PlayerStanding, StandingsState
from tests.browser import wait_until
from tests.console.test_console_browser import LAPTOP, by_keyboard, entered, log_in, open_screen, stored, wait_index
from tests.console.test_console_offline_browser import go_offline, go_online
from tests.console.test_log_service import example, seat_roles
from tests.protocols.helpers import make_cast

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.browser]

EXAMPLE = "g1_fiim_red_win.json"
OFFLINE_AT = 28  # day 2: seat 2 has nominated seat 7 and still speaks
CACHED = """async () => document.documentElement.dataset.offlineReady === "true"
    && (await caches.open("mafia-console-pages")).match(location.href).then(Boolean)"""


def status(page) -> str:
    return page.inner_text("#c-status")


def test_a_whole_game_by_keyboard_loses_its_connection_on_day_2_and_the_log_is_what_was_entered(live_server, chromium_browser):
    cast = seat_roles(make_cast(), EXAMPLE)
    events = entered(example(EXAMPLE)["events"])
    context = chromium_browser.new_context(viewport=LAPTOP, service_workers="allow")
    page = context.new_page()
    page.set_default_timeout(60_000)
    try:
        log_in(page, live_server, cast.judge)
        open_screen(page, cast.game)
        for i, event in enumerate(events[:OFFLINE_AT]):
            by_keyboard(page, event)
            wait_index(page, i + 1)
        assert stored(cast.game) == events[:OFFLINE_AT]
        # the service worker has the screen and its files; the rules are loaded
        page.wait_for_function("() => navigator.serviceWorker.controller !== null")
        wait_until(page, "async () => { await MafiaEngine.ready; return true; }", seconds=120)  # no hang if it never loads
        wait_until(page, CACHED)

        go_offline(context)
        offline = events[OFFLINE_AT:OFFLINE_AT + 4]  # next, next, a foul to seat 3, next
        for i, event in enumerate(offline):
            by_keyboard(page, event)
            wait_index(page, OFFLINE_AT + i + 1)  # shown as entered
            assert page.get_attribute("#c-message", "class") == "c-message", page.inner_text("#c-message")
        at = OFFLINE_AT + 4
        page.wait_for_selector(f'#c-status[data-waiting="{len(offline)}"]')
        assert status(page) == "нет связи — ждут отправки: 4"
        assert page.inner_text('.c-seat[data-seat="3"] .c-foul-count') == "1"  # the foul given offline shows
        # seat 7 speaks and "nominates" seat 7, already nominated: refused here by 7.5.3, not queued
        page.keyboard.press("7")
        page.keyboard.press("n")
        page.wait_for_selector("#c-message.error")
        # in words, once, as the server says it (the page's catalogue of refusals), never as a code
        assert page.inner_text("#c-message") == "Игрок 7 уже выставлен сегодня (7.5.3)"
        assert page.get_attribute("#console", "data-index") == str(at)
        assert status(page) == "нет связи — ждут отправки: 4"
        assert stored(cast.game) == events[:OFFLINE_AT]  # nothing reached the server

        page.reload()  # still offline: the service worker serves the screen, the engine and the core
        wait_index(page, at)
        page.wait_for_selector('#c-status[data-waiting="4"]')
        assert status(page) == "нет связи — ждут отправки: 4"
        assert "▲1" in page.inner_text('.c-seat[data-seat="7"]')  # the game as entered, from the browser's copy
        by_keyboard(page, events[at])
        wait_index(page, at + 1)
        page.wait_for_selector('#c-status[data-waiting="5"]')

        go_online(context)  # the queue goes by itself
        page.wait_for_selector('#c-status[data-waiting="0"][data-online="true"]')
        assert status(page) == "на связи"
        assert stored(cast.game) == events[:at + 1]
        for i, event in enumerate(events[at + 1:], start=at + 1):
            by_keyboard(page, event)
            wait_index(page, i + 1)
            assert page.get_attribute("#c-message", "class") == "c-message", (i, event, page.inner_text("#c-message"))
        assert "Победа красных" in page.inner_text("#c-panel")
        assert stored(cast.game) == events

        page.click("#c-open-protocol")  # the entry page, pre-filled from the log: sign off
        page.wait_for_selector("#protocol-form")
        page.click("#sign-off")
        page.click("#sign-off-yes")
        page.wait_for_selector('#game-status[data-status="signed_off"]')
        game = Game.objects.get(pk=cast.game.pk)
        assert game.status == GameStatus.SIGNED_OFF and game.result == "red"

        version = StandingsState.objects.get(pk=game.tournament_id).computed_version
        rows = PlayerStanding.objects.filter(snapshot__tournament=game.tournament, snapshot__scope="all",
                                             snapshot__version=version, games=1)
        assert rows.count() == 10
        page.goto(f"{live_server.url}/t/{game.tournament.slug}/?lang=ru")
        page.wait_for_selector("#standings tr[data-place]" if page.locator("#standings").count() else "tr[data-place]")
        shown = dict(page.eval_on_selector_all("tr[data-place]", """rows => rows.map(
            (r) => [r.querySelector("td.nick").innerText.trim(), r.querySelector("td.total").innerText.trim()])"""))
        with translation.override("ru"):
            expected = {seat.player.nickname: points(rows.get(player=seat.player).total)
                        for seat in game.seats.select_related("player")}
        assert {nick: shown.get(nick) for nick in expected} == expected, shown
        red = rows.get(player=game.seats.get(number=1).player)
        assert red.wins == 1 and red.total > 0
    finally:
        context.close()


def test_two_tabs_of_the_screen_send_the_same_event_one_is_stored_the_other_shows_it(live_server, chromium_browser):
    cast = seat_roles(make_cast(), EXAMPLE)
    context = chromium_browser.new_context(viewport=LAPTOP)
    try:
        first = context.new_page()
        first.set_default_timeout(30_000)
        log_in(first, live_server, cast.judge)
        url = f"{live_server.url}/judge/games/{cast.game.pk}/console/screen/"
        first.goto(url)
        wait_index(first, 0)
        second = context.new_page()
        second.set_default_timeout(30_000)
        second.goto(url)
        wait_index(second, 0)
        # the second tab does not follow the game meanwhile (a phone asleep, a poll not yet due):
        # its poll of the door is refused, or coming to the front would fetch the new game at once
        door = f"{live_server.url}/judge/games/{cast.game.pk}/console/"
        second.route(door, lambda route: route.abort() if route.request.method == "GET" else route.continue_())
        first.bring_to_front()
        first.keyboard.press("Enter")  # the mafia's agreement is over: stored from the first tab
        wait_index(first, 1)
        assert second.get_attribute("#console", "data-index") == "0"  # the second still shows the old game
        second.bring_to_front()
        second.keyboard.press("Enter")  # the same event at the same index
        second.wait_for_selector("#c-message.error")
        assert "Другой экран" in second.inner_text("#c-message")
        wait_index(second, 1)
        assert second.get_attribute("#console", "data-phase") == first.get_attribute("#console", "data-phase") == "night0_sheriff"
        assert stored(cast.game) == [{"type": "next"}]
        second.keyboard.press("Enter")  # and it goes on from the stored game
        wait_index(second, 2)
        assert [e["type"] for e in stored(cast.game)] == ["next", "next"]
    finally:
        context.close()


HAS_DB = """async () => (await indexedDB.databases()).some((d) => d.name === "mafia-console")"""
# the browser's copy holds `n` events the server answered for, and nothing waits (read in the page:
# polling the server's SQLite from here while it writes locks its tables)
SENT = """(n) => new Promise((resolve) => {
  const open = indexedDB.open("mafia-console", 1);
  open.onsuccess = () => {
    const all = open.result.transaction("games").objectStore("games").getAll();
    all.onsuccess = () => { open.result.close(); resolve(all.result.some((r) => r.doc && r.doc.events.length === n && !r.queue.length)); };
  };
  open.onerror = () => resolve(false);
})"""
TIMERS = """() => Object.keys(localStorage).some((k) => k.startsWith("console-timer-"))"""


def test_logout_clears_the_consoles_copies_and_warns_while_events_wait(live_server, chromium_browser):
    cast = seat_roles(make_cast(), EXAMPLE)
    context = chromium_browser.new_context(viewport=LAPTOP, service_workers="allow")
    page = context.new_page()
    page.set_default_timeout(30_000)
    try:
        log_in(page, live_server, cast.judge)
        open_screen(page, cast.game)
        page.keyboard.press("Enter")
        wait_index(page, 1)
        wait_until(page, CACHED)
        assert page.evaluate(HAS_DB)

        # the server cannot be reached for events: the next one waits in the browser
        context.route("**/console/", lambda route: route.abort("internetdisconnected") if route.request.method == "POST"
                      else route.fallback())
        page.keyboard.press("Enter")
        wait_index(page, 2)
        page.wait_for_selector('#c-status[data-waiting="1"]')
        page.goto(f"{live_server.url}/judge/")
        page.click(".whoami button[type=submit]")
        warning = page.locator("#console-logout-waiting")
        warning.wait_for(state="visible")
        assert "(1)" in warning.inner_text() and "Выход удалит" in warning.inner_text()
        page.click("#console-logout-stay")  # the judge stays, to send them first
        assert not warning.is_visible() and page.url.endswith("/judge/")
        assert page.evaluate(HAS_DB) and page.evaluate(TIMERS)

        context.unroute("**/console/")
        page.goto(f"{live_server.url}/judge/games/{cast.game.pk}/console/screen/")
        wait_index(page, 2)  # the browser's copy and its queue, then sent
        wait_until(page, SENT, 2)
        page.wait_for_selector('#c-status[data-waiting="0"][data-online="true"]')
        assert [e["type"] for e in stored(cast.game)] == ["next", "next"]
        page.goto(f"{live_server.url}/judge/")
        page.click(".whoami button[type=submit]")  # nothing waits: straight out, the copies cleared
        page.wait_for_url("**/judge/login/**")
        assert not page.is_visible("#console-logout-waiting")
        assert not page.evaluate(HAS_DB)
        # no console page stays stored (the site's static files the login page loads may be again)
        assert page.evaluate("""async () => !(await caches.has("mafia-console-pages")) ||
            (await (await caches.open("mafia-console-pages")).keys()).every((r) => !r.url.includes("/judge/games/"))""")
        assert not page.evaluate(TIMERS)
    finally:
        context.close()


def test_a_queue_the_server_will_not_take_shows_the_servers_game_and_the_events_not_stored(live_server, chromium_browser):
    cast = seat_roles(make_cast(), EXAMPLE)
    table, other = chromium_browser.new_context(viewport=LAPTOP), chromium_browser.new_context(viewport=LAPTOP)
    try:
        page = table.new_page()
        page.set_default_timeout(60_000)
        log_in(page, live_server, cast.judge)
        open_screen(page, cast.game)
        page.keyboard.press("Enter")
        wait_index(page, 1)
        # this screen cannot reach the server: its "next" waits in the browser ...
        table.route("**/console/", lambda route: route.abort("internetdisconnected") if route.request.method == "POST"
                    else route.fallback())
        page.keyboard.press("Enter")
        page.wait_for_selector('#c-status[data-waiting="1"]')
        # ... while another device gives seat 5 a foul at that index
        second = other.new_page()
        second.set_default_timeout(30_000)
        log_in(second, live_server, cast.judge)
        second.goto(f"{live_server.url}/judge/games/{cast.game.pk}/console/screen/")
        wait_index(second, 1)
        # a device with no copy yet, opening a game under way, has nothing of its own in conflict
        assert second.locator("#c-stopped").is_hidden()
        second.keyboard.press("5")
        second.keyboard.press("f")
        wait_index(second, 2)

        table.unroute("**/console/")  # the queue is sent, and the server answers with another game
        box = page.locator("#c-stopped")
        box.wait_for(state="visible")
        assert "Не записаны (1)" in box.inner_text() and "next" in box.locator("li").inner_text()
        wait_index(page, 2)
        assert page.inner_text('.c-seat[data-seat="5"] .c-foul-count') == "1"  # the server's game
        assert page.get_attribute("#c-status", "data-waiting") == "0"
        assert stored(cast.game) == [{"type": "next"}, {"type": "foul", "seat": 5}]
        page.click("#c-stopped-close")
        assert not box.is_visible()
    finally:
        table.close()
        other.close()
