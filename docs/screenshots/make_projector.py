"""Make docs/screenshots/projector.png (and projector-seating.png): the projector page of the demo
tournament at 1920x1080, as a hall screen shows it.

    .venv/bin/python docs/screenshots/make_projector.py

Loads the demo into a temporary SQLite database, starts `runserver` on it, and photographs
/t/demo/screen/ with Playwright on Debian's chromium (headless, --no-sandbox). Nothing of the
project's own database is touched.
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

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[2]
OUT = Path(__file__).resolve().parent
CHROMIUM = "/usr/bin/chromium"
SIZE = {"width": 1920, "height": 1080}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for(url: str, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while True:
        try:
            urllib.request.urlopen(url, timeout=2)
            return
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.3)


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        # DEBUG so that WhiteNoise serves the static files without a collectstatic
        env = {**os.environ, "DATABASE_URL": f"sqlite:///{tmp}/demo.sqlite3", "DEBUG": "1", "CELERY_BROKER_URL": ""}
        manage = [sys.executable, str(ROOT / "manage.py")]
        subprocess.run([*manage, "migrate", "--noinput"], env=env, check=True, stdout=subprocess.DEVNULL)
        subprocess.run([*manage, "load_demo"], env=env, check=True, stdout=subprocess.DEVNULL)
        port = free_port()
        server = subprocess.Popen([*manage, "runserver", "--noreload", f"127.0.0.1:{port}"], env=env,
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            url = f"http://127.0.0.1:{port}/t/demo/screen/?lang=ru&every=120"
            wait_for(url)
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True,
                                                     args=["--no-sandbox", "--disable-gpu"])
                page = browser.new_page(viewport=SIZE)
                page.goto(url)
                page.wait_for_selector("#panel-standings.active")
                page.screenshot(path=str(OUT / "projector.png"))
                # the second panel, as the rotation shows it
                page.evaluate("document.querySelectorAll('.panel').forEach(p => p.classList.toggle('active'))")
                page.screenshot(path=str(OUT / "projector-seating.png"))
                browser.close()
        finally:
            server.terminate()
            server.wait(timeout=10)
    print(OUT / "projector.png")


if __name__ == "__main__":
    main()
