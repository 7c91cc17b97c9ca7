"""Never lose an event, in a real browser (Debian's chromium, headless): a judge's page with the
console's client goes offline in the middle of day 2, enters events (one refused by the rules
right there, by the Python core under Pyodide, and not queued), reloads while offline (the service
worker serves the page and the engine), comes back online, and the server's log is what was
entered. Two tabs sending the same event at the same index: one stored, the other told, with the
stored state."""
import json
import time

import pytest

from console.models import ConsoleEvent
from tests.browser import log_in, wait_until
from tests.factories import PASSWORD
from tests.protocols.helpers import make_cast

from .test_log_service import seat_roles

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.browser, pytest.mark.urls("tests.console.offline_harness")]

OPEN = """async () => {
  const token = document.getElementById("console-status").dataset.csrf;
  const { ConsoleClient } = await import(document.querySelector('script[src*="console/client.js"]').src);
  window.client = new ConsoleClient(location.pathname.replace("test-page/", ""), token);
  window.statuses = [];
  client.onStatus((s) => { window.statuses.push(s); document.getElementById("console-status").textContent = JSON.stringify(s); });
  const view = await client.load();
  return view;
}"""
SEND = "async (event) => await client.send(event)"


def stored(game):
    return list(ConsoleEvent.objects.filter(log__game=game).order_by("index").values_list("payload", flat=True))


def first_event_of_day(events, day):
    """The index of the first event entered on day ``day``'s speeches (from the core's trace)."""
    from engines import console as core

    for cut in range(len(events)):
        s = core.view({**example_doc(), "events": events[:cut]})["state"]
        if s["phase"] == "day_speech" and s["label"] == f"D{day}":
            return cut
    raise AssertionError(f"no day {day} in the example")


def example_doc():
    from .test_log_service import example

    return example("g1_fiim_red_win.json")


def go_offline(context):
    """Offline for the page and, as Playwright does not do it for them, for the service worker's
    own fetches too (they are aborted as a lost connection would)."""
    context.set_offline(True)
    context.route("**/*", lambda route: route.abort("internetdisconnected") if route.request.service_worker else route.fallback())


def go_online(context):
    context.unroute("**/*")
    context.set_offline(False)


def test_offline_in_day_2_queues_checks_and_survives_a_reload(live_server, chromium_browser):
    cast = seat_roles(make_cast(), "g1_fiim_red_win.json")
    events = cast.events
    day2 = first_event_of_day(events, 2)
    context = chromium_browser.new_context(viewport={"width": 1366, "height": 768}, service_workers="allow")
    page = context.new_page()
    page.set_default_timeout(60_000)
    try:
        log_in(page, live_server.url, cast.judge, lang="en")
        page.goto(f"{live_server.url}/judge/games/{cast.game.pk}/console/test-page/")
        view = page.evaluate(OPEN)
        assert view["index"] == 0 and view["state"]["phase"] == "night0_mafia"
        for event in events[:day2]:
            assert page.evaluate(SEND, event)["status"] == "stored"
        # the worker has stored the page and its files, and the rules are loaded
        page.wait_for_function("() => navigator.serviceWorker.controller !== null")
        started = time.monotonic()
        wait_until(page, "async () => { await MafiaEngine.ready; return true; }", seconds=120)  # no hang if it never loads
        print(f"engine ready after {time.monotonic() - started:.1f} s more; load {page.evaluate('MafiaEngine.loadMs')} ms")
        wait_until(page, """async () => document.documentElement.dataset.offlineReady === "true"
            && (await caches.open("mafia-console-pages")).match(location.href).then(Boolean)""")

        go_offline(context)
        offline = events[day2:day2 + 4]
        results = [page.evaluate(SEND, e) for e in offline]
        assert [r["status"] for r in results] == ["queued"] * 4
        assert results[-1]["view"]["index"] == day2 + 4
        # a vote while the day's speeches go on: the rules refuse it here, offline, as the server would
        refused = page.evaluate(SEND, {"type": "vote", "seat": 3, "count": 2})
        assert refused["status"] == "refused"
        assert (refused["error"]["code"], refused["error"]["rule"], refused["error"]["index"]) == ("VOTE_NOT_NOW", "7.7.2", day2 + 4)
        assert "7.7.2" in refused["error"]["message"]
        assert page.evaluate("client.status.waiting") == 4 and not page.evaluate("client.status.online")
        assert len(stored(cast.game)) == day2  # nothing reached the server

        page.reload()  # still offline: the service worker serves the page, the engine and the core
        page.wait_for_selector("#console-status", state="attached")
        view = page.evaluate(OPEN)
        assert view["index"] == day2 + 4 and view.get("local") is True
        print(f"engine from the service worker's cache, offline: {page.evaluate('MafiaEngine.loadMs')} ms")
        assert page.evaluate("client.status.waiting") == 4
        more = page.evaluate(SEND, events[day2 + 4])
        assert more["status"] == "queued" and more["view"]["index"] == day2 + 5

        go_online(context)  # the queue goes by itself: the "online" event, or the next retry
        page.wait_for_function("() => client.status.waiting === 0 && client.status.online")
        assert stored(cast.game) == events[:day2 + 5]
        after = page.evaluate(SEND, events[day2 + 5])
        assert after["status"] == "stored" and after["view"]["index"] == day2 + 6
        assert stored(cast.game) == events[:day2 + 6]
    finally:
        context.close()


def test_two_tabs_send_the_same_event_one_is_stored_the_other_sees_the_stored_state(live_server, chromium_browser):
    cast = seat_roles(make_cast(), "g1_fiim_red_win.json")
    context = chromium_browser.new_context(viewport={"width": 1366, "height": 768})
    try:
        first = context.new_page()
        log_in(first, live_server.url, cast.judge, lang="en")
        url = f"{live_server.url}/judge/games/{cast.game.pk}/console/test-page/"
        first.goto(url)
        second = context.new_page()
        second.goto(url)
        assert first.evaluate(OPEN)["index"] == 0 and second.evaluate(OPEN)["index"] == 0
        event = cast.events[0]
        one = first.evaluate(SEND, event)
        two = second.evaluate(SEND, event)
        assert one["status"] == "stored" and one["view"]["index"] == 1
        assert two["status"] == "conflict"
        assert two["view"]["index"] == 1 and two["view"]["state"] == one["view"]["state"]
        assert stored(cast.game) == [event]
        # the second tab now shows the stored game and goes on from it
        assert second.evaluate(SEND, cast.events[1])["status"] == "stored"
        assert stored(cast.game) == cast.events[:2]
        assert json.loads(json.dumps(second.evaluate("client.index"))) == 2
    finally:
        context.close()


def test_an_expired_session_keeps_the_queue_and_asks_for_the_password_again(live_server, chromium_browser):
    cast = seat_roles(make_cast(), "g1_fiim_red_win.json")
    context = chromium_browser.new_context(viewport={"width": 375, "height": 740})
    page = context.new_page()
    page.set_default_timeout(60_000)
    try:
        log_in(page, live_server.url, cast.judge, lang="en")
        url = f"{live_server.url}/judge/games/{cast.game.pk}/console/test-page/"
        page.goto(url)
        page.evaluate(OPEN)
        for event in cast.events[:2]:
            assert page.evaluate(SEND, event)["status"] == "stored"
        context.clear_cookies(name="sessionid")  # the session ends while the judge plays

        waiting = page.evaluate(SEND, cast.events[2])
        assert waiting["status"] == "queued" and waiting["view"]["index"] == 3
        assert page.evaluate("client.status.login") is True and page.evaluate("client.status.waiting") == 1
        link = page.locator("#console-login a")
        assert link.is_visible() and link.inner_text() == "Log in again"
        assert "Your session has expired" in page.inner_text("#console-login") and "(1)" in page.inner_text("#console-login")
        assert stored(cast.game) == cast.events[:2]

        link.click()  # the login page, and back to the console with the queue still in the browser
        page.wait_for_url("**/judge/login/**")
        page.fill("#id_username", cast.judge.username)
        page.fill("#id_password", PASSWORD)
        page.keyboard.press("Enter")
        page.wait_for_url(url)
        page.evaluate(OPEN)
        page.wait_for_function("() => client.status.waiting === 0 && !client.status.login")
        assert stored(cast.game) == cast.events[:3]
    finally:
        context.close()


def test_an_answer_lost_on_the_way_back_is_found_in_the_servers_log_not_sent_twice(live_server, chromium_browser):
    cast = seat_roles(make_cast(), "g1_fiim_red_win.json")
    context = chromium_browser.new_context(viewport={"width": 768, "height": 1024})
    page = context.new_page()
    page.set_default_timeout(60_000)
    try:
        log_in(page, live_server.url, cast.judge, lang="en")
        page.goto(f"{live_server.url}/judge/games/{cast.game.pk}/console/test-page/")
        page.evaluate(OPEN)
        assert page.evaluate(SEND, cast.events[0])["status"] == "stored"
        lost = []

        def store_then_lose_the_answer(route):
            if route.request.method == "POST" and not lost:
                route.fetch()  # the server stores the event ...
                lost.append(route.request.post_data_json)
                route.abort("connectionreset")  # ... and its answer never arrives
            else:
                route.fallback()

        context.route("**/console/", store_then_lose_the_answer)
        queued = page.evaluate(SEND, cast.events[1])
        assert queued["status"] == "queued" and lost == [{"index": 1, "event": cast.events[1]}]
        assert stored(cast.game) == cast.events[:2]  # stored, though the screen could not know
        page.wait_for_function("() => client.status.waiting === 0 && client.status.online")  # the next retry
        assert stored(cast.game) == cast.events[:2]  # once, not twice
        assert page.evaluate("client.status.stopped") is None
        after = page.evaluate(SEND, cast.events[2])
        assert after["status"] == "stored" and after["view"]["index"] == 3
    finally:
        context.close()
