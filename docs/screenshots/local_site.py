"""What both screenshot scripts need: the site running on a throwaway SQLite database, and a page
of Debian's chromium (headless, through Playwright) to look at it with.

    with local_site() as site:                # migrated, in a temporary directory
        site.manage("load_demo")              # any manage.py command; returns its output
        base = site.serve()                   # runserver on a free local port, once it answers
        with chromium_page({"width": 375, "height": 740}) as page:
            page.goto(f"{base}/...")
"""
from __future__ import annotations

import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"


class LocalSite:
    def __init__(self, tmp: str):
        # DEBUG so that WhiteNoise serves the static files without a collectstatic
        self.env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings", "DATABASE_URL": f"sqlite:///{tmp}/db.sqlite3",
                    "DEBUG": "1", "CELERY_BROKER_URL": "", "MEDIA_ROOT": tmp}
        self.command = [sys.executable, str(ROOT / "manage.py")]
        self.server: subprocess.Popen | None = None

    def manage(self, *args: str) -> str:
        return subprocess.run([*self.command, *args], cwd=ROOT, env=self.env, check=True, capture_output=True, text=True).stdout

    def serve(self) -> str:
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        self.server = subprocess.Popen([*self.command, "runserver", "--noreload", "--insecure", f"127.0.0.1:{port}"], cwd=ROOT,
                                       env=self.env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 30
        while True:
            try:
                urllib.request.urlopen(f"{base}/health/", timeout=2)  # noqa: S310 (a local address we started)
                return base
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.3)

    def stop(self) -> None:
        if self.server is not None:
            self.server.terminate()
            self.server.wait(timeout=10)


@contextmanager
def local_site() -> Iterator[LocalSite]:
    with tempfile.TemporaryDirectory() as tmp:
        site = LocalSite(tmp)
        site.manage("migrate", "--noinput")
        try:
            yield site
        finally:
            site.stop()


@contextmanager
def chromium_page(viewport: dict[str, int]):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=["--no-sandbox", "--disable-gpu"])
        try:
            yield browser.new_page(viewport=viewport, device_scale_factor=1)
        finally:
            browser.close()
