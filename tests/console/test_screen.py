"""The judge's screen at the table and its timer: who may open them, what the page carries, the
stored deadline (a reload reads the same timer), and a new turn starting from its full length."""
import datetime
import json
import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from console.models import ConsoleLog
from tests.console.test_log_service import post, seat_roles, url
from tests.protocols.helpers import make_cast

pytestmark = pytest.mark.django_db


@pytest.fixture
def cast():
    return seat_roles(make_cast(), "g1_fiim_red_win.json")


def screen(game):
    return reverse("console:screen", args=[game.pk])


def timer(client, game, body):
    return client.post(reverse("console:timer", args=[game.pk]), json.dumps(body), content_type="application/json")


def clock(client, game):
    return client.get(url(game)).json()["clock"]


def test_the_tables_judge_opens_the_screen_with_the_seats_and_the_texts(client, cast):
    client.force_login(cast.judge)
    response = client.get(screen(cast.game) + "?lang=ru")
    assert response.status_code == 200
    html = response.content.decode()
    assert html.count('class="c-seat"') == 10 and 'id="console-data"' in html
    assert "Вести игру" not in html and "Клавиатура" in html and "Пробел" in html
    data = response.context["screen_data"]
    assert [s["seat"] for s in data["seats"]] == list(range(1, 11)) and data["seats"][2]["role"] == "black"
    assert data["texts"]["phase"]["voting"] == "Голосование"


def test_the_entry_page_and_my_games_link_to_the_screen(client, cast):
    client.force_login(cast.judge)
    assert screen(cast.game) in client.get(reverse("protocols:game", args=[cast.game.pk])).content.decode()
    assert screen(cast.game) in client.get(reverse("protocols:my_games")).content.decode()


def test_another_tables_judge_gets_the_refusal_and_a_visitor_the_login(client, cast):
    client.force_login(cast.other_judge)
    assert client.get(screen(cast.game)).status_code == 403
    assert timer(client, cast.game, {"action": "start", "turn": "N0#1"}).status_code == 403
    client.logout()
    assert client.get(screen(cast.game)).status_code == 302
    assert timer(client, cast.game, {"action": "start", "turn": "N0#1"}).status_code == 403


def test_a_game_without_roles_says_so_and_opens_once_they_are_dealt(client):
    cast = make_cast()
    client.force_login(cast.judge)
    html = client.get(screen(cast.game)).content.decode()
    assert 'id="c-roles-missing"' in html and 'id="console-data"' not in html
    assert client.get(url(cast.game)).status_code == 400  # the log was opened with the empty roles
    seat_roles(cast, "g1_fiim_red_win.json")
    # the JSON door alone (a tablet that never reloaded the page) finds the roles dealt since
    assert client.get(url(cast.game)).json()["state"]["phase"] == "night0_mafia"
    assert 'id="console-data"' in client.get(screen(cast.game)).content.decode()


def test_the_timer_is_a_stored_deadline_read_again_by_every_view(client, cast):
    client.force_login(cast.judge)
    start = clock(client, cast.game)
    assert start["turn"] == "N0#1" and start["seconds"] == 60 and not start["running"] and start["remaining_ms"] == 60_000
    answer = timer(client, cast.game, {"action": "start", "turn": "N0#1"})
    assert answer.status_code == 200 and answer.json()["clock"]["running"]
    log = ConsoleLog.objects.get(game=cast.game)
    log.timer_deadline = timezone.now() + datetime.timedelta(seconds=42)  # 18 s went by
    log.save(update_fields=["timer_deadline"])
    again = clock(client, cast.game)  # a reload: the same deadline, not a new minute
    assert again["running"] and 40_000 < again["remaining_ms"] <= 42_000
    stopped = timer(client, cast.game, {"action": "stop", "turn": "N0#1"}).json()["clock"]
    assert not stopped["running"] and 40_000 < stopped["remaining_ms"] <= 42_000
    plus = timer(client, cast.game, {"action": "add", "turn": "N0#1", "seconds": 5}).json()["clock"]
    assert plus["remaining_ms"] == stopped["remaining_ms"] + 5000
    assert clock(client, cast.game)["remaining_ms"] == plus["remaining_ms"]
    assert timer(client, cast.game, {"action": "reset", "turn": "N0#1"}).json()["clock"]["remaining_ms"] == 60_000


def test_the_console_and_its_timer_read_the_games_log_row_once(client, cast):
    client.force_login(cast.judge)
    client.get(url(cast.game))  # the log exists (the first GET creates it)
    table = ConsoleLog._meta.db_table

    def log_reads(request) -> int:
        with CaptureQueriesContext(connection) as queries:
            assert request().status_code == 200
        return sum(1 for q in queries if q["sql"].lstrip().upper().startswith("SELECT") and f'FROM "{table}"' in q["sql"])

    assert log_reads(lambda: client.get(url(cast.game))) == 1  # the view and its clock from one read
    # the view's read, and the timer's own locked read inside its change (console/timer.py)
    assert log_reads(lambda: timer(client, cast.game, {"action": "start", "turn": "N0#1"})) == 2


def test_the_next_turn_starts_from_its_full_length_and_a_stale_tab_is_told(client, cast):
    client.force_login(cast.judge)
    timer(client, cast.game, {"action": "start", "turn": "N0#1"})
    post(client, cast.game, 0, {"type": "next"})
    now = clock(client, cast.game)
    assert now["turn"] == "N0#2" and now["seconds"] == 20 and not now["running"] and now["remaining_ms"] == 20_000
    stale = timer(client, cast.game, {"action": "stop", "turn": "N0#1"})
    assert stale.status_code == 409 and stale.json()["clock"]["turn"] == "N0#2"
    for _ in range(2):
        post(client, cast.game, client.get(url(cast.game)).json()["index"], {"type": "next", **({"seat": 1} if _ else {})})
    assert clock(client, cast.game)["turn"] == "D1#2"  # seat 2's speech: day 1's second turn


def test_an_undo_back_to_a_running_speech_answers_with_that_speechs_timer(client, cast):
    """7.15 and 7.16.4: a timer is no event, and an undo restores the turn it undoes, so the
    speech that was running keeps its deadline instead of starting a fresh minute."""
    client.force_login(cast.judge)
    for index in range(2):  # night 0 over; seat 1 speaks (D1#1)
        post(client, cast.game, index, cast.events[index])
    assert clock(client, cast.game)["turn"] == "D1#1"
    timer(client, cast.game, {"action": "start", "turn": "D1#1"})
    log = ConsoleLog.objects.get(game=cast.game)
    log.timer_deadline = timezone.now() + datetime.timedelta(seconds=25)  # 35 s of the minute spoken
    log.save(update_fields=["timer_deadline"])
    ended = post(client, cast.game, 2, {"type": "next", "seat": 1}).json()["clock"]  # ended by mistake
    assert ended["turn"] == "D1#2" and not ended["running"] and ended["remaining_ms"] == 60_000
    back = post(client, cast.game, 3, {"type": "undo"}).json()["clock"]
    assert back["turn"] == "D1#1" and back["running"] and 23_000 < back["remaining_ms"] <= 25_000
    assert back == {**clock(client, cast.game), "now": back["now"], "remaining_ms": back["remaining_ms"]}


@pytest.mark.parametrize("body, field", [({"action": "fly", "turn": "N0#1"}, "action"), ({"action": "start"}, "turn"),
                                         ({"action": "add", "turn": "N0#1", "seconds": "5"}, "seconds")])
def test_a_bad_timer_request_names_its_field(client, cast, body, field):
    client.force_login(cast.judge)
    response = timer(client, cast.game, body)
    assert response.status_code == 400 and response.json()["error"]["field"] == field
    assert client.post(reverse("console:timer", args=[cast.game.pk]), "nope", content_type="application/json").status_code == 400


def _texts(value, key=""):
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _texts(v, f"{key}.{k}")
    else:
        yield key, value


def test_every_text_of_the_screen_and_its_keys_is_in_russian_and_english():
    from django.utils import translation

    from console.screen import keyboard_help, screen_texts
    from tests.languages import ENGLISH

    with translation.override("en"):
        english = dict(_texts(screen_texts())) | {f"key{i}": what for i, (_k, what) in enumerate(keyboard_help())}
    with translation.override("ru"):
        russian = dict(_texts(screen_texts())) | {f"key{i}": what for i, (_k, what) in enumerate(keyboard_help())}
    for key, text in english.items():
        if not any(c.isalpha() for c in text):
            continue  # "—", "1 … 9, 0"
        assert russian[key] != text, f"{key}: no Russian for {text!r}"
        assert set(re.findall(r"\{\w+\}", russian[key])) == set(re.findall(r"\{\w+\}", text)), key
        assert not ENGLISH.search(russian[key]), f"{key}: English in {russian[key]!r}"
