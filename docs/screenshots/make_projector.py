"""Make docs/screenshots/projector.png (and projector-seating.png): the projector page of the demo
tournament at 1920x1080, as a hall screen shows it.

    .venv/bin/python docs/screenshots/make_projector.py

Loads the demo into a temporary SQLite database, starts `runserver` on it, and photographs
/t/demo/screen/ with Playwright on Debian's chromium (headless, --no-sandbox). Nothing of the
project's own database is touched.
"""
from __future__ import annotations

from pathlib import Path

from local_site import chromium_page, local_site

OUT = Path(__file__).resolve().parent
SIZE = {"width": 1920, "height": 1080}


def main() -> None:
    with local_site() as site:
        site.manage("load_demo")
        base = site.serve()
        with chromium_page(SIZE) as page:
            page.goto(f"{base}/t/demo/screen/?lang=ru&every=120")
            page.wait_for_selector("#panel-standings.active")
            page.screenshot(path=str(OUT / "projector.png"))
            # the second panel, as the rotation shows it
            page.evaluate("document.querySelectorAll('.panel').forEach(p => p.classList.toggle('active'))")
            page.screenshot(path=str(OUT / "projector-seating.png"))
    print(OUT / "projector.png")


if __name__ == "__main__":
    main()
