"""Make docs/screenshots/judge-phone-entry.png: the protocol entry page of a filled demo game as a
judge's phone shows it (375 px wide, the whole page), in Russian.

    .venv/bin/python docs/screenshots/make_phone.py

It builds a small demo tournament in a temporary SQLite database, runs the development server
on a free local port, opens the first game's protocol as the chief judge (who may amend a
signed-off protocol, so the page is editable, as a judge sees a game in progress) in headless
Debian chromium, and saves the screenshot. Nothing outside the temporary directory is touched.
"""
from __future__ import annotations

from pathlib import Path

from local_site import ROOT, chromium_page, local_site

OUTPUT = Path(__file__).resolve().parent / "judge-phone-entry.png"
WIDTH, HEIGHT = 375, 740

BUILD = """
from demo.builder import Cast, build_tournament
from protocols.models import Game
t = build_tournament("phone", name="Кубок Москвы по спортивной мафии (демо)", players=10, tables=1,
                     qualifying_rounds=2, final_games=0, cast=Cast())
print(Game.objects.filter(tournament=t).order_by("round__number").first().pk)
"""


def main() -> int:
    with local_site() as site:
        game_pk = site.manage("shell", "-c", BUILD).strip().splitlines()[-1]
        base = site.serve()
        with chromium_page({"width": WIDTH, "height": HEIGHT}) as page:
            page.goto(f"{base}/judge/login/?lang=ru")
            page.fill("#id_username", "chief")
            page.fill("#id_password", "chief-mafia")
            page.keyboard.press("Enter")
            page.wait_for_url("**/judge/")
            page.goto(f"{base}/judge/games/{game_pk}/")
            page.wait_for_selector("#protocol-form")
            overflow = page.evaluate("document.scrollingElement.scrollWidth - window.innerWidth")
            page.screenshot(path=str(OUTPUT), full_page=True)
    print(f"{OUTPUT.relative_to(ROOT)} (page wider than the screen by {overflow} px)")
    return 0 if overflow <= 0 else 1


if __name__ == "__main__":
    raise SystemExit(main())
