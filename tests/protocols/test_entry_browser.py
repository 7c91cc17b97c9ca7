"""A judge fills a complete protocol in a real browser (Debian's chromium, headless), by keyboard
and mouse, at a tablet's 768 px: a planted error is refused with its message, fixed, signed off."""
from pathlib import Path

import pytest

from protocols.models import Game, GameStatus
from tests.browser import log_in
from tests.protocols.helpers import ROLES, make_cast

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.browser]

SCREENSHOT = Path(__file__).resolve().parents[2] / ".pytest_cache" / "protocol-entry-768.png"
# Latin keys: Playwright presses only US-layout keys; a Russian layout sends К/Ш/Ч/Д, mapped alike.
ROLE_KEYS = {"red": "r", "sheriff": "s", "black": "b", "don": "d"}


def test_a_judge_fills_and_signs_off_a_protocol(live_server, browser_page):
    cast = make_cast()
    page = browser_page
    page.set_viewport_size({"width": 768, "height": 1024})
    log_in(page, live_server.url, cast.judge)
    page.click(f'a[href="/judge/games/{cast.game.pk}/"]')
    page.wait_for_selector("#protocol-form")
    assert page.evaluate("document.documentElement.scrollWidth") <= 768  # usable on a tablet

    # Roles: seats 1-5 by keyboard (focus the seat's role group, press its key), 6-10 by mouse.
    for n in range(1, 11):
        role = ROLES[n]
        if n <= 5:
            page.focus(f'input[name="s{n}-role"] >> nth=0')
            page.keyboard.press(ROLE_KEYS[role])
        else:
            page.click(f'.seat-row[data-seat="{n}"] label.role-{role} span')
        assert page.is_checked(f'input[name="s{n}-role"][value="{role}"]')
    # Fouls by keyboard: type into seat 2's field.
    page.focus('input[name="s2-fouls"]')
    page.keyboard.press("Control+A")
    page.keyboard.type("2")
    # Who left when.
    for n, how, when in ((3, "voted", 1), (10, "killed", 1), (7, "voted", 2), (8, "killed", 2)):
        page.select_option(f'select[name="s{n}-left_how"]', how)
        page.fill(f'input[name="s{n}-left_on"]', str(when))
    # Days: nominations and votes, typed cell to cell (Enter moves on like Tab).
    page.focus('input[name="d1-nom1"]')
    page.keyboard.type("3")
    page.fill('input[name="d1-nom4"]', "5")
    page.fill('input[name="d1-v1-3"]', "6")
    page.fill('input[name="d1-v1-5"]', "4")
    page.fill('input[name="d2-nom2"]', "7")
    page.fill('input[name="d3-nom1"]', "9")
    # Best move, result, extra points.
    page.fill("#first_killed", "10")
    page.focus('input[name="named1"]')
    for seat in ("3", "7", "9"):
        page.keyboard.type(seat)
        page.keyboard.press("Enter")
    page.select_option("#outcome", "red")
    page.fill('input[name="s1-extra"]', "0,3")
    page.fill('input[name="s1-extra_reason"]', "нашёл обоих чёрных")

    # The planted error: red wins, but the don (seat 9) is still in the game.
    page.click("#sign-off")  # it asks first; "Yes, sign off" sends
    page.click("#sign-off-yes")
    page.wait_for_selector("#problems")
    problems = page.inner_text("#problems")
    assert "Место 9" in problems and "красные побеждают" in problems.lower()
    assert "Протокол не сохранён" in problems  # a refused sign-off stores nothing
    assert page.input_value('input[name="s1-extra_reason"]') == "нашёл обоих чёрных"  # nothing typed is lost
    assert page.is_checked('input[name="s5-role"][value="red"]')
    assert Game.objects.get(pk=cast.game.pk).status == GameStatus.SCHEDULED

    # Fix it: the don was voted out on day 3.
    page.select_option('select[name="s9-left_how"]', "voted")
    page.fill('input[name="s9-left_on"]', "3")
    page.click("#sign-off")
    page.click("#sign-off-yes")
    page.wait_for_selector('#game-status[data-status="signed_off"]')
    assert page.locator(".history > li").count() == 2  # the initial state and the sign-off
    if SCREENSHOT.parent.is_dir():
        page.screenshot(path=str(SCREENSHOT), full_page=True)

    game = Game.objects.get(pk=cast.game.pk)
    assert game.status == GameStatus.SIGNED_OFF and game.signed_off_by == cast.judge
    assert game.result == "red" and game.first_killed_seat == 10 and game.best_move == [3, 7, 9]
    assert [s.role for s in game.seats.order_by("number")] == [ROLES[n] for n in range(1, 11)]
    assert str(game.seats.get(number=1).extra) == "0.30" and game.seats.get(number=2).fouls == 2
    assert game.seats.get(number=9).left_how == "voted"
