"""Errors: one JSON shape with the right status for every refusal, and never a 500 whatever is
sent (giant numbers, wrong types, NUL bytes, deep JSON, garbage), and a 429 past the rate."""
import json

import pytest
from rest_framework.test import APIClient

from protocols.protests import file_protest
from protocols.services import sign_off
from tests.api.helpers import client_for, protocol
from tests.protocols.helpers import complete_post
from tests.protocols.test_services import entry_for
from tests.tournament_builders import played

pytestmark = pytest.mark.django_db

HUGE = 10**30


def assert_error(response, status, code=None):
    assert response.status_code == status, response.content[:500]
    body = response.json()
    assert set(body) >= {"detail", "code", "errors"} and isinstance(body["errors"], list)
    if code:
        assert body["code"] == code


def test_each_refusal_has_its_status_and_the_error_shape(cast):
    anonymous, judge = APIClient(), client_for(cast, "other_judge")
    assert_error(anonymous.get("/api/v1/protocols/"), 401, "not_authenticated")
    assert_error(judge.get(f"/api/v1/protocols/{cast.game.pk}/"), 403, "permission_denied")
    assert_error(judge.get("/api/v1/protocols/999999999999/"), 404, "not_found")
    assert_error(anonymous.get("/api/v1/tournaments/nope/standings/"), 404, "not_found")
    assert_error(anonymous.get("/api/v1/no/such/address/"), 404, "not_found")
    assert_error(anonymous.get("/api/v1/protocols/99999999999999999999999/"), 404)
    bad_token = APIClient()
    bad_token.credentials(HTTP_AUTHORIZATION="Token " + "0" * 40)
    assert_error(bad_token.get("/api/v1/tournaments/"), 401, "authentication_failed")
    bad_token.credentials(HTTP_AUTHORIZATION="Token abc\x00def")
    assert_error(bad_token.get("/api/v1/tournaments/"), 401, "authentication_failed")
    assert_error(anonymous.delete("/api/v1/tournaments/"), 405, "method_not_allowed")
    assert_error(client_for(cast, "judge").put(f"/api/v1/protocols/{cast.game.pk}/", "not json", content_type="application/json"),
                 400, "parse_error")
    assert_error(client_for(cast, "judge").put(f"/api/v1/protocols/{cast.game.pk}/", "a=1",
                                               content_type="application/x-www-form-urlencoded"), 415)


def deep(n):
    return "[" * n + "]" * n


def hostile_bodies(game):
    good = protocol(game)
    yield json.dumps(good).replace('"fouls": 0', f'"fouls": {HUGE}')
    yield json.dumps(good).replace('"fouls": 0', '"fouls": 1e400')
    yield json.dumps(good).replace('"fouls": 0', '"fouls": "много"')
    yield json.dumps(good).replace('"number": 1,', f'"number": {2**63},')
    yield json.dumps(good).replace('"number": 1,', '"number": -1,')
    yield json.dumps({**good, "version": HUGE})
    yield json.dumps({**good, "version": -(2**63)})
    yield json.dumps({**good, "version": "3"})
    yield json.dumps({**good, "first_killed_seat": HUGE, "best_move": [HUGE, -1, 0, 11, 2]})
    yield json.dumps({**good, "seats": "ten"})
    yield json.dumps({**good, "seats": [None] * 10})
    yield json.dumps({**good, "seats": [{}] * 10})
    yield json.dumps({**good, "seats": good["seats"] * 3})
    yield json.dumps({**good, "seats": good["seats"][:9] + [dict(good["seats"][0], number=1)]})
    yield json.dumps({**good, "seats": [dict(s, player=HUGE) for s in good["seats"]]})
    yield json.dumps({**good, "seats": [dict(s, extra=x) for s, x in zip(good["seats"], ["NaN", "Infinity", "-0.1", "1e9", "0.333",
                                                                                          "1,5", "", None, True, [1]])]})
    yield json.dumps({**good, "seats": [dict(s, left_how="killed", left_on=HUGE) for s in good["seats"]]})
    yield json.dumps({**good, "nominations": [{"day": HUGE, "by_seat": 1, "nominee_seat": 2}, {"day": 1, "by_seat": 1, "nominee_seat": 2},
                                              {"day": 1, "by_seat": 1, "nominee_seat": 3}]})
    yield json.dumps({**good, "votes": [{"day": 1, "ballot": 3, "nominee_seat": 2, "votes": 1},
                                        {"day": 1, "ballot": 1, "nominee_seat": None, "votes": 1},
                                        {"day": 1, "ballot": 1, "nominee_seat": 3, "votes": 1},
                                        {"day": 1, "ballot": 1, "nominee_seat": 3, "votes": HUGE}]})
    yield json.dumps({**good, "penalties": [{"seat": HUGE, "clause": "8.5.1", "reason": "x"}, {"seat": 1, "clause": "9.9"}]})
    yield json.dumps({**good, "awarded_reason": "x" * 100_000, "result_kind": "awarded"})
    yield json.dumps({**good, "reason": "при\x00чина"})
    yield json.dumps({**good, "seats": [dict(s, extra_reason="\x00") for s in good["seats"]]})
    yield json.dumps({"\x00": 1, **good})
    yield json.dumps([good])
    yield json.dumps(None)
    yield "9" * 5000
    yield deep(100_000)
    yield '{"a":' * 50_000 + "1" + "}" * 50_000
    yield b"\xff\xfe\x00garbage"
    yield ""


@pytest.mark.parametrize("who", ["judge", "chief"])
def test_no_input_to_a_protocol_makes_a_server_error(cast, who):
    client = client_for(cast, who)
    game = cast.game
    urls = [f"/api/v1/protocols/{game.pk}/", f"/api/v1/protocols/{game.pk}/sign-off/", f"/api/v1/protocols/{game.pk}/approve-extra/"]
    for body in hostile_bodies(game):
        for url in urls:
            method = client.put if url.endswith(f"{game.pk}/") else client.post
            response = method(url, body, content_type="application/json")
            assert response.status_code < 500 and response["Content-Type"] == "application/json", (url, str(body)[:200])
            assert "code" in response.json()
        wrapped = client.post(url.replace("approve-extra/", "sign-off/"), '{"protocol": ' + (body if isinstance(body, str) else "1") + "}",
                              content_type="application/json")
        assert wrapped.status_code < 500


def test_no_input_to_protests_and_the_file_makes_a_server_error(cast):
    sign_off(game=cast.game, user=cast.judge, entry=entry_for(cast.game, complete_post(cast.game)), expected_version=1)
    cast.game.refresh_from_db()
    protest_bodies = [
        {"point": "result", "text": "x", "seat": HUGE, "player_id": HUGE},
        {"point": "nope", "text": "", "seat": -1},
        {"point": "result", "text": "x" * 9_000},
        {"point": "result", "text": "a\x00b"},
        {"point": ["result"], "text": {"a": 1}},
    ]
    for who in ("player", "judge", "chief"):
        client = client_for(cast, who)
        for body in protest_bodies:
            assert client.post(f"/api/v1/protocols/{cast.game.pk}/protests/", body, format="json").status_code < 500
    protest = file_protest(game=cast.game, user=cast.player, player_id=None, point="result", text="не согласен")
    chief = client_for(cast, "chief")
    for body in [{"status": "replay", "decision": "x", "violator_seat": HUGE}, {"status": "amended", "decision": "x"},
                 {"status": "amended", "decision": "x", "protocol": {"seats": [{"number": HUGE, "player": None}]}},
                 {"status": "amended", "decision": "x", "version": HUGE, "protocol": protocol(cast.game)},
                 {"status": "rejected", "decision": "\x00"}, {"status": 1, "decision": None}]:
        assert chief.post(f"/api/v1/protests/{protest.pk}/decision/", body, format="json").status_code < 500
    organiser = client_for(cast, "organiser")
    slug = cast.game.tournament.slug
    document = organiser.get(f"/api/v1/tournaments/{slug}/file/").json()
    variants = [
        {**document, "tournament": {**document["tournament"], "participants": HUGE}},
        {**document, "tournament": {**document["tournament"], "settings": {"best_move_three": "1e9", "k_max_participants": HUGE}}},
        {**document, "players": [{"id": "p" * 100, "nickname": "n" * 100}] + document["players"]},
        {**document, "games": [{**document["games"][0], "round": HUGE, "table": HUGE, "judge": "j" * 500, "id": "g" * 100}]},
        {**document, "games": [{**document["games"][0], "id": "other", "round": 1}]},
        {"format": "mafia-tournament/1", "tournament": None, "players": "x", "games": [None, 1, "a"]},
        [], 5, "text", {"format": "mafia-tournament/1" * 1000},
    ]
    for body in variants:
        response = organiser.put(f"/api/v1/tournaments/{slug}/file/", body, format="json")
        assert response.status_code == 400, (response.status_code, str(body)[:200])


def test_no_query_string_makes_a_server_error():
    client = APIClient()
    for query in ["?search=%00", "?city=%00", "?date=99999-01-01", "?date=%00", "?page=%00", "?page=99999999999999999999",
                  "?page_size=-1", "?ordering=%00", "?ordering=nope", "?status=%00", "?ruleset=" + "x" * 5000, "?%00=1"]:
        assert client.get("/api/v1/tournaments/" + query).status_code < 500, query
        assert client.get("/api/v1/players/" + query).status_code < 500, query
    for query in ["?round=99999999999999999999", "?table=-5", "?player=99999999999999999999", "?stage=%00", "?result=x"]:
        assert client.get("/api/v1/tournaments/x/games/" + query).status_code < 500, query


def test_past_the_rate_a_client_gets_429(settings):
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK,
                               "DEFAULT_THROTTLE_RATES": {"anon": "3/min", "user": "3/min", "token": "1/min"}}
    client = APIClient()
    statuses = [client.get("/api/v1/tournaments/").status_code for _ in range(4)]
    assert statuses == [200, 200, 200, 429]
    response = client.get("/api/v1/tournaments/")
    assert_error(response, 429, "throttled")
    assert response.json()["retry_after"] > 0 and int(response["Retry-After"]) > 0
    assert response.json()["detail"].startswith("Слишком много запросов: повторите через ")
    credentials = {"username": "nobody", "password": "x"}
    assert client.post("/api/v1/auth/token/", credentials, format="json").status_code == 400
    assert client.post("/api/v1/auth/token/", credentials, format="json").status_code == 429


def test_anonymous_clients_have_their_rate_and_logged_in_ones_theirs(settings, cast):
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK,
                               "DEFAULT_THROTTLE_RATES": {"anon": "5/min", "user": "2/min", "token": "1/min"}}
    anonymous, judge = APIClient(), client_for(cast, "judge")
    assert [anonymous.get("/api/v1/tournaments/").status_code for _ in range(6)] == [200] * 5 + [429]
    assert [judge.get("/api/v1/protocols/").status_code for _ in range(3)] == [200, 200, 429]


def test_a_parameter_the_request_does_not_take_is_refused_with_the_ones_it_takes():
    # a misspelt filter used to be ignored: ?reslt=red answered with every game as if it had worked
    played("query-cup", players=10, rounds=1)
    client = APIClient()
    response = client.get("/api/v1/tournaments/query-cup/games/?reslt=red&lang=en")
    assert_error(response, 400, "invalid")
    [error] = response.json()["errors"]
    assert error["field"] == "reslt" and error["code"] == "unknown_parameter"
    assert error["message"] == ("This request has no such parameter; it takes: "
                                "ordering, page, page_size, player, result, round, stage, table.")
    russian = client.get("/api/v1/tournaments/query-cup/games/?reslt=red&lang=ru").json()["errors"][0]["message"]
    assert russian.startswith("У этого запроса нет такого параметра")
    for query in ("?result=red&ordering=number&page=1&page_size=10&lang=en&format=json",
                  "?stage=qualifying&explain=true"):
        path = "/api/v1/tournaments/query-cup/" + ("games/" if "result" in query else "standings/")
        assert client.get(path + query).status_code == 200, query
    assert client.get("/api/v1/tournaments/query-cup/seating/?round=1").status_code == 200
    assert client.get("/api/v1/tournaments/query-cup/seating/?rnd=1").status_code == 400
    assert client.get("/api/v1/tournaments/query-cup/standings/?stages=final").status_code == 400
    detail = client.get("/api/v1/tournaments/query-cup/?page=2&lang=en")
    assert detail.status_code == 400 and detail.json()["errors"] == [
        {"field": "page", "code": "unknown_parameter", "message": "This request takes no query parameters.", "seat": None}]
