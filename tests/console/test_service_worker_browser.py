"""A judge's phone after a new version of one of our files, in Debian's chromium (headless): the
service worker installed from the console's screen has Pyodide, the trimmed standard library and
our files in three caches; after a one-line change of screen.js the new worker downloads our files
alone (not Pyodide's nor the standard library's), deletes our stale cache and keeps Pyodide's, and
the rules still start from the caches without a connection."""
from __future__ import annotations

import time
from urllib.parse import urlparse

import pytest

from console import offline, services
from tests.browser import log_in
from tests.console.test_console_browser import LAPTOP, open_screen
from tests.console.test_console_offline_browser import go_offline
from tests.console.test_log_service import seat_roles
from tests.console.test_service_worker import changed_console_static
from tests.protocols.helpers import make_cast

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.browser]

CACHE_NAMES = "async () => (await caches.keys()).sort()"


def wait_for_caches(page, names, seconds=120) -> None:
    """Until the browser holds exactly `names` and the pages' cache (page.wait_for_function takes the
    Promise an async predicate returns for a true value, so this asks in a loop)."""
    expected = sorted([*names, "mafia-console-pages"])
    deadline = time.monotonic() + seconds
    while (now := page.evaluate(CACHE_NAMES)) != expected:
        assert time.monotonic() < deadline, now
        page.wait_for_timeout(250)


def test_a_new_screen_js_downloads_our_files_again_and_not_pyodide(live_server, chromium_browser, tmp_path, monkeypatch):
    cast = seat_roles(make_cast(), "g1_fiim_red_win.json")
    doc = services.console_document(game=cast.game, user=cast.judge)[1]
    first = offline.worker_caches()
    pyodide, stdlib, ours = first
    context = chromium_browser.new_context(viewport=LAPTOP, service_workers="allow")
    page = context.new_page()
    page.set_default_timeout(120_000)
    fetched = []

    def note_the_workers_fetches(route):
        if route.request.service_worker:
            fetched.append(urlparse(route.request.url).path)
        route.fallback()

    try:
        log_in(page, live_server.url, cast.judge)
        context.route("**/*", note_the_workers_fetches)
        open_screen(page, cast.game)
        page.wait_for_function("() => navigator.serviceWorker.controller !== null")
        wait_for_caches(page, first)
        assert set(first[pyodide]) | set(first[stdlib]) <= set(fetched)
        assert not any(path.endswith("python_stdlib.zip") for path in fetched)  # the untrimmed one, never

        fetched.clear()
        changed_console_static(tmp_path, monkeypatch, "screen.js")
        second = offline.worker_caches()
        assert list(second)[:2] == [pyodide, stdlib] and list(second)[2] != ours
        page.evaluate("async () => { await (await navigator.serviceWorker.getRegistration()).update(); }")
        wait_for_caches(page, second)  # installed and activated: our old cache is gone, Pyodide's kept
        # what the worker fetched to fill its caches (a page's own requests pass through it too:
        # the favicon, a shared module it keeps as it goes; they are not the install's downloads)
        kept = {url for urls in second.values() for url in urls}
        downloaded = {path for path in fetched if path in kept}
        assert downloaded == set(second[list(second)[2]])  # our files, every one of them, and nothing else

        go_offline(context)  # Pyodide's files were kept: the rules start without a connection
        page.reload()
        page.wait_for_selector("#console", state="attached")
        view = page.evaluate("async (doc) => { await MafiaEngine.ready; return MafiaEngine.view(doc); }", doc)
        assert view["legal"] and view["state"]["phase"] == "night0_mafia"
    finally:
        context.close()
