"""Make docs/screenshots/judge-phone-entry.png: the protocol entry page of a filled demo game as a
judge's phone shows it (375 px wide, the whole page), in Russian.

    .venv/bin/python docs/screenshots/make_phone.py

It builds a small demo tournament in a temporary SQLite database, runs the development server
on a free local port, opens the first game's protocol as the chief judge (who may amend a
signed-off protocol, so the page is editable, as a judge sees a game in progress) in headless
Debian chromium, and saves the screenshot. Nothing outside the temporary directory is touched.
"""
from __future__ import annotations

import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
OUTPUT = Path(__file__).resolve().parent / "judge-phone-entry.png"
CHROMIUM = "/usr/bin/chromium"
WIDTH, HEIGHT = 375, 740

BUILD = """
from demo.builder import Cast, build_tournament
from protocols.models import Game
t = build_tournament("phone", name="Кубок Москвы по спортивной мафии (демо)", players=10, tables=1,
                     qualifying_rounds=2, final_games=0, cast=Cast())
print(Game.objects.filter(tournament=t).order_by("round__number").first().pk)
"""


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _wait_for(url: str, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while True:
        try:
            urllib.request.urlopen(url, timeout=2)  # noqa: S310 (a local address we started)
            return
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.3)


def main() -> int:
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings", "DATABASE_URL": f"sqlite:///{tmp}/db.sqlite3",
               "DEBUG": "True", "CELERY_BROKER_URL": "", "MEDIA_ROOT": tmp}
        manage = [sys.executable, str(ROOT / "manage.py")]
        subprocess.run([*manage, "migrate", "-v", "0"], cwd=ROOT, env=env, check=True)
        built = subprocess.run([*manage, "shell", "-c", BUILD], cwd=ROOT, env=env, check=True, capture_output=True, text=True)
        game_pk = built.stdout.strip().splitlines()[-1]
        port = _free_port()
        server = subprocess.Popen([*manage, "runserver", "--noreload", "--insecure", f"127.0.0.1:{port}"], cwd=ROOT, env=env,
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            base = f"http://127.0.0.1:{port}"
            _wait_for(f"{base}/judge/login/")
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=["--no-sandbox", "--disable-gpu"])
                page = browser.new_page(viewport={"width": WIDTH, "height": HEIGHT}, device_scale_factor=1)
                page.goto(f"{base}/judge/login/?lang=ru")
                page.fill("#id_username", "chief")
                page.fill("#id_password", "chief-mafia")
                page.keyboard.press("Enter")
                page.wait_for_url("**/judge/")
                page.goto(f"{base}/judge/games/{game_pk}/")
                page.wait_for_selector("#protocol-form")
                overflow = page.evaluate("document.scrollingElement.scrollWidth - window.innerWidth")
                page.screenshot(path=str(OUTPUT), full_page=True)
                browser.close()
        finally:
            server.terminate()
            server.wait(timeout=10)
    print(f"{OUTPUT.relative_to(ROOT)} (page wider than the screen by {overflow} px)")
    return 0 if overflow <= 0 else 1


if __name__ == "__main__":
    raise SystemExit(main())
