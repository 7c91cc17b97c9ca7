"""The judge's screens in a real browser (Debian's chromium) on a 375 px phone and a 1366×768
laptop: the login (fields ≥ 44 px, 16 px text so iOS does not zoom, a button across the form),
the sign-off's question (no native dialog, no inline script; "Not yet" closes it, the keyboard
reaches it), and the protest form (styled, a way back, nothing wider than the screen)."""
import pytest

from protocols.models import Game, GameStatus
from tests.browser import log_in
from tests.protocols.helpers import complete_post, make_cast

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.browser]

PHONE = {"width": 375, "height": 740}
LAPTOP = {"width": 1366, "height": 768}
OVERFLOW = "document.scrollingElement.scrollWidth - window.innerWidth"
TOUCH = 44


def box(page, selector):
    return page.locator(selector).first.bounding_box()


@pytest.mark.parametrize("viewport", [PHONE, LAPTOP], ids=["phone", "laptop"])
def test_the_judge_login_is_made_for_a_thumb(live_server, browser_page, viewport):
    page = browser_page
    page.set_viewport_size(viewport)
    page.goto(f"{live_server.url}/judge/login/?lang=ru")
    assert page.evaluate(OVERFLOW) <= 0
    form = box(page, "form.login-form")
    for field in ("#id_username", "#id_password"):
        assert box(page, field)["height"] >= TOUCH
        assert page.eval_on_selector(field, "e => getComputedStyle(e).fontSize") == "16px"  # iOS zooms below 16 px
    button = box(page, "form.login-form button[type=submit]")
    assert button["height"] >= TOUCH and button["width"] >= form["width"] - 2 * 20  # across the form
    if viewport is PHONE:
        assert form["width"] >= PHONE["width"] - 40  # the form takes the phone's width
    # the keyboard goes username -> password -> the button
    page.focus("#id_username")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.id") == "id_password"
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.type") == "submit"


def test_sign_off_asks_first_and_the_protest_form_fits_a_phone(live_server, browser_page):
    cast = make_cast()
    page = browser_page
    errors = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    dialogs = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    page.set_viewport_size(PHONE)
    log_in(page, live_server.url, cast.judge)
    who = page.inner_text(".whoami")
    assert "Судья 1" in who and "·" not in who
    logout = box(page, ".whoami button")
    assert logout["height"] >= TOUCH and abs(logout["y"] - box(page, "#whoami")["y"]) < TOUCH  # on the name's line

    # A complete protocol is typed (here: saved as a draft, then opened again).
    data = complete_post(cast.game, action="save")
    page.goto(f"{live_server.url}/judge/games/{cast.game.pk}/?lang=ru")
    page.evaluate("""data => { const f = document.getElementById('protocol-form');
        for (const [k, v] of Object.entries(data)) { const els = f.querySelectorAll(`[name="${k}"]`);
          els.forEach(e => { if (e.type === 'radio') e.checked = (e.value === v); else e.value = v; }); } }""",
                  {k: v for k, v in data.items() if k not in ("version", "action")})
    assert not page.is_visible("#sign-off-confirm")
    page.click("#sign-off")
    assert page.is_visible("#sign-off-confirm") and "Подписать протокол?" in page.inner_text("#sign-off-confirm")
    assert page.evaluate("document.activeElement.id") == "sign-off-yes"  # the keyboard is on the answer
    for button in ("#sign-off-yes", "#sign-off-cancel"):
        assert box(page, button)["height"] >= TOUCH
    assert page.evaluate(OVERFLOW) <= 0
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")  # "Not yet"
    assert not page.is_visible("#sign-off-confirm") and page.evaluate("document.activeElement.id") == "sign-off"
    assert Game.objects.get(pk=cast.game.pk).status == GameStatus.SCHEDULED  # nothing was sent
    page.click("#sign-off")
    page.click("#sign-off-yes")
    page.wait_for_selector('#game-status[data-status="signed_off"]')
    assert "Судья 1" in page.inner_text(".game-meta") and cast.judge.username not in page.inner_text(".game-meta")
    assert dialogs == [] and errors == []  # no native dialog, no CSP error for an inline script

    page.click("a.button >> text=Подать протест")
    page.wait_for_selector("form.form-card")
    assert page.evaluate(OVERFLOW) <= 0
    assert page.input_value("#id_player") == ""  # the judge picks the player
    for field in ("#id_player", "#id_point", "#id_text", "form.form-card button[type=submit]", "a.back"):
        assert box(page, field)["height"] >= TOUCH, field
        assert box(page, field)["x"] + box(page, field)["width"] <= PHONE["width"], field
    page.click("a.back")
    page.wait_for_selector("#protocol-form")
