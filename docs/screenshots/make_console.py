"""Make docs/screenshots/console-1366x768.png, console-768x1024.png and console-375.png: the judge's
console at the table (a laptop, a tablet, a phone), in Russian, on the demo's unplayed round.

    .venv/bin/python docs/screenshots/make_console.py

It loads the demo into a temporary SQLite database, runs the development server on a free local
port, logs in as judge1, opens the console of the 8th round's game from /judge/, and plays the
start of day 1 by keyboard (night 0, seat 1 nominates 5, seat 3 gets a foul, seat 2 nominates 7,
the timer runs 4 s), then saves the three sizes. Nothing outside the temporary directory is touched.
"""
from __future__ import annotations

import time
from pathlib import Path

from local_site import chromium_page, local_site

HERE = Path(__file__).resolve().parent
SIZES = [("console-1366x768.png", {"width": 1366, "height": 768}, False),
         ("console-768x1024.png", {"width": 768, "height": 1024}, False),
         ("console-375.png", {"width": 375, "height": 740}, True)]


def main() -> int:
    with local_site() as site:
        site.manage("load_demo")
        base = site.serve()
        with chromium_page(SIZES[0][1]) as page:
            page.goto(f"{base}/judge/login/?lang=ru")
            page.fill("#id_username", "judge1")
            page.fill("#id_password", "judge-mafia")
            page.keyboard.press("Enter")
            page.wait_for_url("**/judge/")
            page.click("a.console-link")
            page.wait_for_selector('#console[data-index="0"]')
            stored = 0
            for keys in (["Enter"], ["Enter"], ["5", "n"], ["Enter"], ["3", "f"], ["7", "n"]):
                for key in keys:
                    page.keyboard.press(key)
                stored += 1
                page.wait_for_selector(f'#console[data-index="{stored}"]')
            page.keyboard.press(" ")
            time.sleep(4.3)
            for name, size, whole in SIZES:
                page.set_viewport_size(size)
                time.sleep(0.5)
                page.screenshot(path=str(HERE / name), full_page=whole)
                print(HERE / name)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
