"""Logging in through the real login pages in a browser test (the `browser_page` fixture)."""
from __future__ import annotations

import time

from tests.factories import PASSWORD


def wait_until(page, predicate: str, arg=None, seconds: float = 60, ask_for: float = 5) -> None:
    """Until `predicate` (JavaScript, may be async) is true in the page. Playwright's
    page.wait_for_function takes the Promise an async predicate returns for a true value and returns
    at once, so this asks again and again with page.evaluate, which awaits it. page.evaluate has no
    timeout of its own: each asking gives up after `ask_for` seconds (a storage call that never
    answers is a failure of the test, not a hang of the run)."""
    raced = (f"async (arg) => await Promise.race([({predicate})(arg), "
             f"new Promise((resolve) => setTimeout(() => resolve(false), {int(ask_for * 1000)}))])")
    deadline = time.monotonic() + seconds
    while not page.evaluate(raced, arg):
        assert time.monotonic() < deadline, f"not true after {seconds} s: {predicate}"
        page.wait_for_timeout(100)


def log_in(page, base_url: str, user, lang: str = "ru") -> None:
    """`user` logs in on the judges' login page (in `lang`) and lands on /judge/."""
    page.goto(f"{base_url}/judge/login/?lang={lang}")
    page.fill("#id_username", user.username)
    page.fill("#id_password", PASSWORD)
    page.keyboard.press("Enter")
    page.wait_for_url("**/judge/")


def log_in_to_admin(page, base_url: str, username: str, lang: str | None = None) -> None:
    """`username` logs in on the admin's login page and lands on /admin/."""
    page.goto(f"{base_url}/admin/login/?next=/admin/" + (f"&lang={lang}" if lang else ""))
    page.fill("#id_username", username)
    page.fill("#id_password", PASSWORD)
    page.keyboard.press("Enter")
    page.wait_for_url("**/admin/")
