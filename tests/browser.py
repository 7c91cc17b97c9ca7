"""Logging in through the real login pages in a browser test (the `browser_page` fixture)."""
from __future__ import annotations

from tests.factories import PASSWORD


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
