"""The judge's screen in a real browser (Debian's chromium): a whole game played to its result by
keyboard on a laptop and one by taps on a phone, each the script of an example log
(spec/game-log-examples); the server's log is then the events entered, and the protocol's draft
has the result. All ten seats are on screen without scrolling at 1366×768 and 768×1024, a 375 px
phone never scrolls sideways, and the timer's deadline survives a reload."""
import json
import time

import pytest

from console.models import ConsoleEvent
from protocols.models import Game
from tests.browser import log_in
from tests.console.test_log_service import example, seat_roles
from tests.protocols.helpers import make_cast

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.browser]

LAPTOP = {"width": 1366, "height": 768}
TABLET = {"width": 768, "height": 1024}
PHONE = {"width": 375, "height": 740}
SIDEWAYS = "document.scrollingElement.scrollWidth - window.innerWidth"


def open_screen(page, game):
    page.click(f'a.console-link[href="/judge/games/{game.pk}/console/screen/"]')
    wait_index(page, 0)


def wait_index(page, n):
    page.wait_for_selector(f'#console[data-index="{n}"]')


def all_seats_on_screen(page, size) -> bool:
    for n in range(1, 11):
        box = page.locator(f'.c-seat[data-seat="{n}"]').bounding_box()
        if box is None or box["x"] < 0 or box["y"] < 0 or box["x"] + box["width"] > size["width"] or \
                box["y"] + box["height"] > size["height"]:
            return False
    return page.evaluate("window.scrollY") == 0


def entered(events):
    """The example's events as the screen enters them: the judge's free-text notes are no part of it."""
    return [{k: v for k, v in e.items() if k != "note"} for e in events]


def stored(game):
    return list(ConsoleEvent.objects.filter(log__game=game).order_by("index").values_list("payload", flat=True))


def digit(seat) -> str:
    return "0" if seat == 10 else str(seat)


def by_keyboard(page, event):
    kind = event["type"]
    press = page.keyboard.press
    if kind in ("next", "end"):
        press("Enter")
    elif kind == "nominate":
        press(digit(event["seat"]))
        press("n")
    elif kind == "foul":
        press(digit(event["seat"]))
        press("f")
    elif kind == "vote":
        for ch in str(event["count"]):
            press(ch)
        press("Enter")
    elif kind == "shot":
        assert page.get_attribute('#c-panel [data-by][aria-pressed="true"]', "data-by") == str(event["by"])
        if event["at"] is None:
            press("-")
        else:
            press(digit(event["at"]))
            press("Enter")
    elif kind in ("don_check", "sheriff_check"):
        if event["target"] is None:
            press("-")
        else:
            press(digit(event["target"]))
            press("Enter")
    elif kind == "best_move":
        for seat in event["seats"]:
            press(digit(seat))
        press("Enter")
    else:
        raise AssertionError(f"no key for {event}")


def by_taps(page, event):
    kind = event["type"]
    seat_card = lambda n: page.click(f'.c-seat-main[data-seat="{n}"]')  # noqa: E731
    if kind == "next":
        page.click("#c-best-move-none" if page.is_visible("#c-best-move-none") else "#c-next")
    elif kind == "end":
        page.click(f"#c-end-{event['result']}")
    elif kind in ("nominate", "withdraw"):
        seat_card(event["seat"])
    elif kind == "foul":
        page.click(f'.c-foul[data-seat="{event["seat"]}"]')
    elif kind == "vote":
        page.click(f'#c-panel .c-choice[data-count="{event["count"]}"]')
    elif kind == "shot":
        page.click(f'#c-panel [data-by="{event["by"]}"]')
        page.click("#c-none") if event["at"] is None else seat_card(event["at"])
    elif kind in ("don_check", "sheriff_check"):
        page.click("#c-none") if event["target"] is None else seat_card(event["target"])
    elif kind == "best_move":
        for seat in event["seats"]:
            seat_card(seat)
        page.click("#c-best-move")
    else:
        raise AssertionError(f"no tap for {event}")


def test_a_whole_game_by_keyboard_on_a_laptop_and_the_timer_survives_a_reload(live_server, browser_page):
    cast = seat_roles(make_cast(), "g1_fiim_red_win.json")
    page = browser_page
    page.set_viewport_size(LAPTOP)
    log_in(page, live_server.url, cast.judge)
    open_screen(page, cast.game)
    assert all_seats_on_screen(page, LAPTOP)
    assert "Ночь 0 · Договорка мафии" in page.inner_text(".c-phase")
    assert "Пробел" in page.inner_text("#c-keys")  # the keys are listed on the page

    # The timer: Space starts the mafia's minute; a reload finds it running, not reset.
    assert page.inner_text("#c-time").endswith("1:00")
    page.keyboard.press(" ")
    page.wait_for_selector('#c-timer[data-running="true"]')
    time.sleep(2.2)
    page.reload()
    wait_index(page, 0)
    page.wait_for_selector('#c-timer[data-running="true"]')
    before = int(page.get_attribute("#c-timer", "data-remaining"))
    assert before <= 58
    page.keyboard.press("ArrowUp")  # +5 s (measured from what it showed: a slow reload leaves less than 58)
    page.wait_for_function("(at) => Number(document.getElementById('c-timer').dataset.remaining) >= at", arg=before + 3)
    page.keyboard.press(" ")
    page.wait_for_selector('#c-timer[data-running="false"]')

    events = entered(example("g1_fiim_red_win.json")["events"])
    for i, event in enumerate(events):
        by_keyboard(page, event)
        wait_index(page, i + 1)
        assert page.get_attribute("#c-message", "class") == "c-message", (i, event, page.inner_text("#c-message"))
    assert "Победа красных" in page.inner_text("#c-panel")
    assert stored(cast.game) == events
    game = Game.objects.get(pk=cast.game.pk)
    assert game.result == "red" and game.first_killed_seat == 5 and game.best_move == [3, 7, 9]
    assert game.seats.get(number=4).left_how == "voted" and game.seats.get(number=1).fouls == 1
    page.click("#c-open-protocol")
    page.wait_for_selector("#protocol-form")


def test_backspace_undoes_a_refusal_names_its_rule_and_offline_is_shown(live_server, browser_page):
    cast = seat_roles(make_cast(), "g1_fiim_red_win.json")
    page = browser_page
    page.set_viewport_size(LAPTOP)
    log_in(page, live_server.url, cast.judge)
    open_screen(page, cast.game)
    # The timer beeps 10 s before the end and at the end, and never moves the game on (7.3.3).
    for _ in range(11):
        page.keyboard.press("ArrowDown")  # 60 s − 55 s
    page.wait_for_selector('#c-timer[data-remaining="5"]')
    page.keyboard.press(" ")
    page.wait_for_selector('#console[data-beeps="1"]')
    page.wait_for_selector('#console[data-beeps="2"]', timeout=10_000)
    page.wait_for_function("() => document.getElementById('c-time').textContent.startsWith('−')")  # it runs over
    assert "over" in page.get_attribute("#c-timer", "class") and page.inner_text("#c-time-note")
    assert page.get_attribute("#console", "data-index") == "0" and page.get_attribute("#console", "data-phase") == "night0_mafia"
    page.keyboard.press(" ")
    for key in ("Enter", "Enter"):
        page.keyboard.press(key)
    wait_index(page, 2)
    page.keyboard.press("3")
    page.keyboard.press("n")  # seat 1 speaks and nominates 3
    wait_index(page, 3)
    assert "▲1" in page.inner_text('.c-seat[data-seat="3"]')
    page.keyboard.press("5")
    page.keyboard.press("n")  # a second nomination by seat 1: refused, nothing stored
    page.wait_for_selector("#c-message.error")
    # said once, in words with its clause (the server's sentence), and the picked seat let go
    assert page.inner_text("#c-message") == "Игрок 1 уже выставил кандидатуру сегодня (7.5.2)"
    assert "◆" not in page.inner_text('.c-seat[data-seat="5"]')
    assert page.get_attribute("#console", "data-index") == "3"
    page.keyboard.press("Backspace")
    wait_index(page, 4)
    assert "▲" not in page.inner_text('.c-seat[data-seat="3"]')
    assert [e["type"] for e in stored(cast.game)] == ["next", "next", "nominate", "undo"]

    # Without a connection the screen says so and keeps the event in the browser's queue; back
    # online, the queue is sent by itself.
    page.context.set_offline(True)
    page.keyboard.press("Enter")
    page.wait_for_selector('#c-status[data-online="false"][data-waiting="1"]')
    assert page.inner_text("#c-status") == "нет связи — ждут отправки: 1"
    assert [e["type"] for e in stored(cast.game)] == ["next", "next", "nominate", "undo"]
    page.context.set_offline(False)
    wait_index(page, 5)
    page.wait_for_selector('#c-status[data-waiting="0"][data-online="true"]')
    assert page.inner_text("#c-status") == "на связи"
    assert stored(cast.game)[-1] == {"type": "next", "seat": 1}


def test_a_whole_game_by_taps_on_a_phone(live_server, browser_page):
    cast = seat_roles(make_cast(), "g3_mafclub_red_win.json")
    page = browser_page
    page.set_viewport_size(TABLET)
    log_in(page, live_server.url, cast.judge, lang="en")
    open_screen(page, cast.game)
    assert all_seats_on_screen(page, TABLET)
    page.set_viewport_size(PHONE)
    assert page.evaluate(SIDEWAYS) <= 0
    assert "Night 0 · The mafia's agreement" in page.inner_text(".c-phase")
    # roles stay hidden until the judge holds the button
    assert not page.is_visible('.c-seat[data-seat="1"] .c-role')
    box = page.locator("#c-roles").bounding_box()
    page.mouse.move(box["x"] + 5, box["y"] + 5)
    page.mouse.down()
    assert page.is_visible('.c-seat[data-seat="1"] .c-role')
    page.mouse.up()
    assert not page.is_visible('.c-seat[data-seat="1"] .c-role')
    for selector in (".c-seat-main", ".c-foul", "#c-next", "#c-undo", "#c-timer-toggle"):
        b = page.locator(selector).first.bounding_box()
        assert b["height"] >= 44 and b["width"] >= 44, selector

    events = entered(example("g3_mafclub_red_win.json")["events"])
    widest = 0
    for i, event in enumerate(events):
        if i and events[i - 1]["type"] == event["type"]:
            time.sleep(0.4)  # a judge's second tap of the same button, not a double tap (dropped within 400 ms)
        by_taps(page, event)
        wait_index(page, i + 1)
        assert page.get_attribute("#c-message", "class") == "c-message", (i, event, page.inner_text("#c-message"))
        widest = max(widest, page.evaluate(SIDEWAYS))
    assert widest <= 0  # no phase made the phone scroll sideways
    assert "Red team won" in page.inner_text("#c-panel")
    assert stored(cast.game) == events
    assert Game.objects.get(pk=cast.game.pk).result == "red"
    assert json.dumps(stored(cast.game))  # the log is plain JSON, as entered


def test_an_undone_turn_goes_on_with_its_own_running_timer(live_server, browser_page):
    """7.15 and 7.16.4: Enter pressed by mistake ends the mafia's minute; Backspace brings the
    minute back still running where it was, not a fresh 1:00."""
    cast = seat_roles(make_cast(), "g1_fiim_red_win.json")
    page = browser_page
    page.set_viewport_size(LAPTOP)
    log_in(page, live_server.url, cast.judge)
    open_screen(page, cast.game)
    page.keyboard.press(" ")
    page.wait_for_selector('#c-timer[data-running="true"]')
    time.sleep(2.2)
    page.keyboard.press("Enter")  # the sheriff's turn, by mistake: its own 20 s, started with the turn
    wait_index(page, 1)
    page.wait_for_selector('#c-timer[data-running="true"]')
    assert int(page.get_attribute("#c-timer", "data-remaining")) <= 20
    page.keyboard.press("Backspace")
    wait_index(page, 2)
    page.wait_for_selector('#c-timer[data-running="true"]')
    assert 30 <= int(page.get_attribute("#c-timer", "data-remaining")) <= 58
    assert page.get_attribute("#console", "data-phase") == "night0_mafia"
