"""The console's JSON doors answer as the API does (detail, code, errors), in the request's
language, behind one guard: a refused event, a malformed body (nothing stored), an outsider, a
visitor and a game that does not exist."""
import json

import pytest
from django.urls import reverse

from console.models import ConsoleEvent
from tests.console.test_log_service import post, seat_roles, url
from tests.protocols.helpers import make_cast
from tournaments.models import ActionLog

pytestmark = pytest.mark.django_db

VOTE_NOW = {"type": "vote", "seat": 3, "count": 2}  # no vote during the mafia's agreement (7.7.2)


@pytest.fixture
def cast():
    return seat_roles(make_cast(), "g1_fiim_red_win.json")


def doors(game) -> dict:
    return {name: reverse(f"console:{name}", args=[game.pk]) for name in ("console", "timer", "takeover", "handback")}


def assert_api_shape(body: dict, code: str) -> None:
    assert body["code"] == code and isinstance(body["detail"], str) and body["detail"]
    assert isinstance(body["errors"], list) and all({"field", "code", "message"} <= set(e) for e in body["errors"])
    # what static/console/client.js reads stays beside it
    assert body["error"]["code"] == code and body["error"]["message"] == body["detail"]


@pytest.mark.parametrize("how", ["accept-language", "lang"])
def test_a_refused_event_is_answered_in_the_apis_shape_in_russian_and_in_english(client, cast, how):
    client.force_login(cast.judge)
    answers = {}
    for lang in ("ru", "en"):
        body = json.dumps({"index": 0, "event": VOTE_NOW})
        if how == "lang":
            response = client.post(url(cast.game) + f"?lang={lang}", body, content_type="application/json")
        else:
            response = client.post(url(cast.game), body, content_type="application/json", HTTP_ACCEPT_LANGUAGE=lang)
        assert response.status_code == 400
        answers[lang] = response.json()
        assert_api_shape(answers[lang], "VOTE_NOT_NOW")
        [item] = answers[lang]["errors"]
        assert (item["field"], item["code"], item["rule"]) == ("event", "VOTE_NOT_NOW", "7.7.2")
        assert answers[lang]["error"]["rule"] == "7.7.2" and answers[lang]["index"] == 0  # the view before it
    assert answers["ru"]["detail"] == answers["ru"]["errors"][0]["message"] == "Сейчас не идёт голосование (7.7.2)"
    assert answers["en"]["detail"] == "No vote is running now (7.7.2)"
    assert not ConsoleEvent.objects.filter(log__game=cast.game).exists()


REMOVE = {"type": "remove", "seat": 1, "kind": "team_loss"}


@pytest.mark.parametrize("raw, field, code", [
    (b"{index: 0", "body", "not_json"),
    (b"\xff\xfe{}", "body", "not_json"),
    (b'[{"index": 0, "event": {"type": "next"}}]', "body", "not_an_object"),
    (b'"next"', "body", "not_an_object"),
    (b'{"index": 0, "event": ' + b"[" * 1000 + b"]" * 1000 + b"}", "body", "too_deep"),
    (json.dumps({"index": 0, "event": {**REMOVE, "reason": "a\x00b"}}).encode(), "event.reason", "null_character"),
    (b'{"index": 0, "event": {"type": "remove", "seat": 1, "kind": "team_loss", "reason": "\\ud800"}}',
     "event.reason", "lone_surrogate"),
    (json.dumps({"index": 0, "event": REMOVE, "notes": ["ok", "x\x00"]}).encode(), "notes[1]", "null_character"),
    (json.dumps({"index": 0, "event": {**REMOVE, "reason": "я" * 40_000}}).encode(), "body", "too_large"),
    (json.dumps({"index": "0", "event": {"type": "next"}}).encode(), "index", "not_an_index"),
    (json.dumps({"index": 0, "event": "next"}).encode(), "event", "not_an_event"),
])
def test_a_malformed_body_is_a_400_naming_its_field_and_nothing_is_stored(client, cast, raw, field, code):
    client.force_login(cast.judge)
    response = client.post(url(cast.game), raw, content_type="application/json", HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 400
    body = response.json()
    assert_api_shape(body, "invalid")
    assert [(e["field"], e["code"]) for e in body["errors"]] == [(field, code)] and body["error"]["field"] == field
    assert not ConsoleEvent.objects.filter(log__game=cast.game).exists()


def test_the_same_bounds_guard_the_timer_and_the_take_over(client, cast):
    client.force_login(cast.chief)
    deep = b'{"reason": ' + b"[" * 1000 + b"]" * 1000 + b"}"
    nul = json.dumps({"reason": "болен\x00"}).encode()
    for name in ("timer", "takeover"):
        for raw, field in ((deep, "body"), (nul, "reason")):
            response = client.post(doors(cast.game)[name], raw, content_type="application/json")
            assert response.status_code == 400, (name, raw[:20])
            assert_api_shape(response.json(), "invalid")
            assert response.json()["errors"][0]["field"] == field
    assert not ActionLog.objects.exists()  # no take-over written


def test_an_outsider_gets_403_in_that_shape_at_every_door_and_a_visitor_is_asked_to_log_in(client, cast):
    client.force_login(cast.other_judge)
    for name, address in doors(cast.game).items():
        response = client.post(address, json.dumps({"index": 0, "event": {"type": "next"}, "reason": "мой стол"}),
                               content_type="application/json", HTTP_ACCEPT_LANGUAGE="ru")
        assert response.status_code == 403, name
        assert_api_shape(response.json(), "forbidden")
        assert "только" in response.json()["detail"], name  # the permission model's refusal, in Russian
    assert client.get(reverse("console:log", args=[cast.game.pk])).status_code == 403
    client.logout()
    log = client.get(reverse("console:log", args=[cast.game.pk]), HTTP_ACCEPT_LANGUAGE="en")
    for response in [log, *(client.post(address, "{}", content_type="application/json", HTTP_ACCEPT_LANGUAGE="en")
                            for address in doors(cast.game).values())]:
        assert response.status_code == 403
        assert_api_shape(response.json(), "login")
        assert response.json()["detail"] == "Log in to run the console."
    assert not ConsoleEvent.objects.exists() and not ActionLog.objects.exists()


def test_a_game_that_does_not_exist_and_a_wrong_method_answer_in_that_shape(client, cast):
    client.force_login(cast.judge)
    missing = client.get(reverse("console:console", args=[cast.game.pk + 1000]), HTTP_ACCEPT_LANGUAGE="en")
    assert missing.status_code == 404
    assert_api_shape(missing.json(), "not_found")
    wrong = client.get(reverse("console:timer", args=[cast.game.pk]), HTTP_ACCEPT_LANGUAGE="en")
    assert wrong.status_code == 405
    assert_api_shape(wrong.json(), "method_not_allowed")


def test_a_conflict_keeps_its_409_and_the_current_view(client, cast):
    client.force_login(cast.judge)
    assert post(client, cast.game, 0, {"type": "next"}).status_code == 200
    response = post(client, cast.game, 0, {"type": "next"})
    assert response.status_code == 409
    assert_api_shape(response.json(), "conflict")
    assert response.json()["index"] == 1 and response.json()["state"]["phase"] == "night0_sheriff"


def test_a_refused_nomination_is_said_in_words_with_its_seats(client, cast):
    """The refusal's sentence carries its parameters (console/refusal_texts.py), not only a code:
    seat 2 nominated seat 3 during his speech (event 3 of the example), and nominates again."""
    client.force_login(cast.judge)
    for index, event in enumerate(cast.events[:4]):
        assert post(client, cast.game, index, event).status_code == 200
    again = {"type": "nominate", "by": 2, "seat": 5}
    for lang, words in (("ru", "Игрок 2 уже выставил кандидатуру сегодня (7.5.2)"),
                        ("en", "Player 2 has already nominated today (7.5.2)")):
        answer = client.post(url(cast.game) + f"?lang={lang}", json.dumps({"index": 4, "event": again}),
                             content_type="application/json")
        assert answer.status_code == 400
        body = answer.json()
        assert body["code"] == "NOMINATE_TWICE" and body["detail"] == body["errors"][0]["message"] == words
        assert body["error"]["params"] == {"by": 2, "nominee": 3}
    assert ConsoleEvent.objects.filter(log__game=cast.game).count() == 4
