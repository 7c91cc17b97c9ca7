"""A judge's app through the API: save, sign off, amend, approve an extra, a stale write, protests
and their decisions, the tournament file, tokens. Problems carry the entry page's codes and texts."""
import html

import pytest
from django.contrib.auth.models import Permission
from django.urls import reverse
from django.utils import translation
from rest_framework.test import APIClient

from engines.scoring.bounds import FOULS_RANGE
from engines.scoring.problems import Problem
from protocols.models import GameStatus, ProtestStatus
from protocols.presentation import problem_text
from tests.api.helpers import client_for, protocol
from tests.factories import UserFactory
from tests.protocols.helpers import complete_post
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


def put(client, game, body, **headers):
    return client.put(f"/api/v1/protocols/{game.pk}/", body, format="json", **headers)


def test_a_judge_saves_a_draft_then_signs_it_off(cast):
    game, judge = cast.game, client_for(cast, "judge")
    draft = put(judge, game, protocol(game, result=None))
    assert draft.status_code == 200, draft.json()
    assert draft["ETag"] == '"2"' and draft.json()["status"] == "in_play" and draft.json()["can_edit"] is True
    assert draft.json()["seats"][0] == {
        "number": 1, "player": game.seats.get(number=1).player_id, "nickname": game.seats.get(number=1).player.nickname,
        "role": "red", "fouls": 0, "removed": None, "left_how": None, "left_on": None, "extra": "0.30",
        "extra_reason": "нашёл обоих чёрных", "extra_approved": False, "gross_violation": False}
    refused = judge.post(f"/api/v1/protocols/{game.pk}/sign-off/", {"version": 2}, format="json")
    assert refused.status_code == 400 and [e["code"] for e in refused.json()["errors"]] == ["result_missing"]
    signed = judge.post(f"/api/v1/protocols/{game.pk}/sign-off/", {"version": 2, "protocol": protocol(game)}, format="json")
    assert signed.status_code == 200, signed.json()
    game.refresh_from_db()
    assert game.status == GameStatus.SIGNED_OFF and game.version == 3 and game.signed_off_by == cast.judge
    public = APIClient().get(f"/api/v1/tournaments/{game.tournament.slug}/games/{game.number}/").json()
    assert public["result"] == "red" and public["first_killed"] == {"seat": 10, "named": [3, 7, 9]}
    assert public["seats"][0]["extra"] == "0.30" and public["seats"][1]["fouls"] == 2
    assert [n["nominee_seat"] for n in public["nominations"]] == [3, 5, 7, 9]


def test_a_problem_carries_the_entry_pages_code_and_text(cast):
    game = cast.game
    response = put(client_for(cast, "judge"), game, protocol(game, seat3={"fouls": 5}), HTTP_ACCEPT_LANGUAGE="ru")
    assert response.status_code == 400
    expected = "Место 3, фолы: фолов бывает от 0 до 4, а не 5"  # it read "…а не —": the API sent no parameters
    assert expected == problem_text(Problem(None, 3, "fouls", "fouls_out_of_range", params={"fouls": 5}))  # the page's text
    assert response.json()["errors"] == [{"field": "seats[3].fouls", "code": "fouls_out_of_range", "message": expected, "seat": 3}]
    english = put(client_for(cast, "judge"), game, protocol(game, seat3={"fouls": -1}), HTTP_ACCEPT_LANGUAGE="en")
    assert english.json()["errors"][0]["message"] == "Seat 3, fouls: fouls are 0 to 4, not -1"
    # A rule problem of the sign-off: the very text the entry page shows for the same protocol.
    body = protocol(game, seat9={"left_how": None, "left_on": None})
    api = client_for(cast, "judge").post(f"/api/v1/protocols/{game.pk}/sign-off/", {"version": 1, "protocol": body},
                                         format="json", HTTP_ACCEPT_LANGUAGE="ru")
    assert api.status_code == 400
    errors = api.json()["errors"]
    assert [(e["field"], e["code"], e["seat"]) for e in errors] == [("protocol.result", "red_wins_black_alive", 9)]
    page_client = APIClient()
    page_client.force_login(cast.judge)
    page = page_client.post(reverse("protocols:game", args=[game.pk]), complete_post(game, **{"s9-left_how": ""}),
                            HTTP_ACCEPT_LANGUAGE="ru")
    assert page.status_code == 422 and html.escape(errors[0]["message"]) in page.content.decode()


def test_a_stale_write_gets_409_with_the_other_sides_change(cast):
    game = cast.game
    assert put(client_for(cast, "chief"), game, protocol(game, seat2={"fouls": 3})).status_code == 200
    stale = put(client_for(cast, "judge"), game, protocol(game))  # still version 1
    assert stale.status_code == 409
    conflict = stale.json()["conflict"]
    assert conflict["expected_version"] == 1 and conflict["current_version"] == 2
    assert conflict["saved_by"] == cast.chief.get_username() and conflict["saved_at"]
    assert {"seat": 2, "field": "fouls", "old": 0, "new": 3} in [{k: c[k] for k in ("seat", "field", "old", "new")}
                                                                 for c in conflict["changes"]]
    body = protocol(game)
    del body["version"]
    assert put(client_for(cast, "judge"), game, body, HTTP_IF_MATCH='"1"').status_code == 409
    assert put(client_for(cast, "judge"), game, body, HTTP_IF_MATCH='"2"').status_code == 200
    missing = put(client_for(cast, "judge"), game, body)
    assert missing.status_code == 400 and missing.json()["errors"][0]["field"] == "version"
    assert put(client_for(cast, "judge"), game, {**body, "version": 2**63}).status_code == 409


def test_the_chief_amends_a_signed_off_protocol_only_with_a_reason(cast):
    game = cast.game
    chief = client_for(cast, "chief")
    assert chief.post(f"/api/v1/protocols/{game.pk}/sign-off/", {"version": 1, "protocol": protocol(game)},
                      format="json").status_code == 200
    no_reason = put(chief, game, protocol(game, version=2, seat2={"fouls": 1}))
    assert no_reason.status_code == 400
    assert no_reason.json()["errors"][0] | {"message": ""} == {"field": "reason", "code": "amendment_without_reason",
                                                               "message": "", "seat": None}
    amended = put(chief, game, protocol(game, version=2, seat2={"fouls": 1}, reason="фол снят по видеозаписи"))
    assert amended.status_code == 200 and amended.json()["version"] == 3
    assert game.tournament.actions.filter(action="amend", reason="фол снят по видеозаписи").exists()


def test_an_extra_above_half_waits_for_the_chief(cast):
    game = cast.game
    judge, chief = client_for(cast, "judge"), client_for(cast, "chief")
    body = protocol(game, seat1={"extra": 0.6, "extra_reason": "вскрыл чёрных", "extra_approved": True})
    assert put(judge, game, body).json()["seats"][0]["extra_approved"] is False  # only the chief approves
    refused = judge.post(f"/api/v1/protocols/{game.pk}/sign-off/", {"version": 2}, format="json")
    assert "extra_needs_approval" in [e["code"] for e in refused.json()["errors"]]
    approved = chief.post(f"/api/v1/protocols/{game.pk}/approve-extra/", {"seat": 1}, format="json")
    assert approved.status_code == 200 and approved.json()["seats"][0]["extra_approved"] is True
    nothing = chief.post(f"/api/v1/protocols/{game.pk}/approve-extra/", {"seat": 2}, format="json")
    assert nothing.status_code == 400 and nothing.json()["errors"][0]["code"] == "nothing_to_approve"
    assert judge.post(f"/api/v1/protocols/{game.pk}/sign-off/", {"version": 3}, format="json").status_code == 200


def test_a_protest_is_filed_decided_and_decided_again_only_with_a_reason(cast):
    game = cast.game
    client_for(cast, "judge").post(f"/api/v1/protocols/{game.pk}/sign-off/", {"version": 1, "protocol": protocol(game)},
                                   format="json")
    filed = client_for(cast, "player").post(f"/api/v1/protocols/{game.pk}/protests/",
                                            {"point": "fouls", "seat": 2, "text": "второй фол не было"}, format="json")
    assert filed.status_code == 201, filed.json()
    protest = filed.json()
    assert protest["status"] == "pending" and protest["player_id"] == game.seats.get(number=3).player_id
    listed = client_for(cast, "chief").get(f"/api/v1/protests/?tournament={game.tournament.slug}&status=pending").json()
    assert [p["id"] for p in listed["results"]] == [protest["id"]]
    assert client_for(cast, "player").get("/api/v1/protests/").json()["count"] == 1  # the one they filed
    chief = client_for(cast, "chief")
    url = f"/api/v1/protests/{protest['id']}/decision/"
    amended = chief.post(url, {"status": "amended", "decision": "Фол снят.", "version": 2,
                               "protocol": protocol(game, seat2={"fouls": 1})}, format="json")
    assert amended.status_code == 200 and amended.json()["status"] == ProtestStatus.AMENDED
    game.refresh_from_db()
    assert game.seats.get(number=2).fouls == 1 and game.version == 3
    again = chief.post(url, {"status": "rejected", "decision": "Протокол верен."}, format="json")
    assert again.status_code == 400 and again.json()["errors"][0]["code"] == "redecision_without_reason"
    bad = chief.post(url, {"status": "amended", "decision": "x", "reason": "пересмотр", "version": 3,
                           "protocol": protocol(game, seat2={"fouls": 9})}, format="json")
    assert bad.status_code == 400 and bad.json()["errors"][0]["field"] == "protocol.seats[2].fouls"


def test_a_tournament_is_created_from_a_file_and_its_creator_runs_it(cast):
    client_for(cast, "judge").post(f"/api/v1/protocols/{cast.game.pk}/sign-off/",
                                   {"version": 1, "protocol": protocol(cast.game)}, format="json")
    organiser = client_for(cast, "organiser")
    document = organiser.get(f"/api/v1/tournaments/{cast.game.tournament.slug}/file/").json()
    document["tournament"]["name"] = "Кубок из файла"
    cast.organiser.user_permissions.add(Permission.objects.get(codename="add_tournament"))
    created = organiser.post("/api/v1/tournaments/import/", document, format="json")
    assert created.status_code == 201, created.json()
    new = Tournament.objects.get(slug=created.json()["tournament"])
    assert new.slug == "kubok-iz-faila" and new.games.count() == 1 and cast.organiser in new.organisers.all()
    taken = organiser.post("/api/v1/tournaments/import/?slug=kubok-iz-faila", document, format="json")
    assert taken.status_code == 409 and taken.json()["code"] == "slug_taken"
    document["games"][0]["seats"][0]["fouls"] = 7
    invalid = organiser.post("/api/v1/tournaments/import/", document, format="json")
    assert invalid.status_code == 400 and invalid.json()["code"] == "invalid_file"
    assert invalid.json()["errors"][0]["game"] == document["games"][0]["id"]
    document["games"][0]["seats"][0]["fouls"] = 0
    document["tournament"]["name"] = "Я" * 300
    long = organiser.post("/api/v1/tournaments/import/", document, format="json")
    assert long.status_code == 400 and long.json()["errors"][0]["code"] == "too_long"
    assert client_for(cast, "judge").post("/api/v1/tournaments/import/", document, format="json").status_code == 403


def test_a_token_is_given_for_a_username_and_password():
    UserFactory(username="petrov")
    client = APIClient()
    response = client.post("/api/v1/auth/token/", {"username": "petrov", "password": "pass"}, format="json")
    assert response.status_code == 200 and len(response.json()["token"]) == 40
    again = client.post("/api/v1/auth/token/", {"username": "petrov", "password": "pass"}, format="json")
    assert again.json()["token"] == response.json()["token"]
    wrong = client.post("/api/v1/auth/token/", {"username": "petrov", "password": "nope"}, format="json")
    assert wrong.status_code == 400 and wrong.json()["errors"][0]["code"] == "authorization"
    client.credentials(HTTP_AUTHORIZATION=f"Token {response.json()['token']}")
    assert client.get("/api/v1/protocols/").status_code == 200


def test_the_judges_lists_keep_their_queries_constant(cast):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from protocols.protests import file_protest

    chief = client_for(cast, "chief")

    def count(path):
        with CaptureQueriesContext(connection) as ctx:
            assert chief.get(path).status_code == 200
        return len(ctx)

    assert count("/api/v1/protocols/?page_size=1") == count("/api/v1/protocols/?page_size=2")
    for game in (cast.game, cast.other_game):
        client_for(cast, "chief").post(f"/api/v1/protocols/{game.pk}/sign-off/", {"version": 1, "protocol": protocol(game)},
                                       format="json")
        game.refresh_from_db()
        file_protest(game=game, user=cast.chief, player_id=game.seats.get(number=1).player_id, point="other", text="x")
    assert count("/api/v1/protests/?page_size=1") == count("/api/v1/protests/?page_size=2")


def test_a_removal_for_a_fourth_foul_without_four_reads_as_on_the_entry_page(cast):
    game = cast.game
    body = protocol(game, seat3={"fouls": 2, "removed": "fourth_foul"})
    response = put(client_for(cast, "judge"), game, body, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 400
    [error] = response.json()["errors"]
    assert error["code"] == "removal_without_fourth_foul" and error["message"].endswith("needs 4 fouls, not 2 (8.2.4)")


def test_a_token_is_given_for_a_form_as_curl_d_sends_it():
    """`curl -d username=... -d password=... /api/v1/auth/token/` (a form body) gets a token; it was 415."""
    UserFactory(username="petrov")
    client = APIClient()
    response = client.post("/api/v1/auth/token/", "username=petrov&password=pass",
                           content_type="application/x-www-form-urlencoded")
    assert response.status_code == 200 and len(response.json()["token"]) == 40
    wrong = client.post("/api/v1/auth/token/", "username=petrov&password=nope", content_type="application/x-www-form-urlencoded")
    assert wrong.status_code == 400 and wrong.json()["errors"][0]["code"] == "authorization"
    nul = client.post("/api/v1/auth/token/", "username=pet%00rov&password=pass", content_type="application/x-www-form-urlencoded")
    assert nul.status_code == 400


@pytest.mark.parametrize(("language", "expected"), [
    ("ru", "Место 3, фолы: фолов бывает от 0 до 4, а не 7"),
    ("en", "Seat 3, fouls: fouls are 0 to 4, not 7"),
])
def test_a_bad_foul_count_names_the_bound_in_the_requests_language(cast, language, expected):
    game = cast.game
    response = put(client_for(cast, "judge"), game, protocol(game, seat3={"fouls": 7}), HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 400
    assert response.json()["errors"] == [{"field": "seats[3].fouls", "code": "fouls_out_of_range", "message": expected, "seat": 3}]
    low, high = FOULS_RANGE  # the one statement of the bound
    assert (f"от {low} до {high}" if language == "ru" else f"{low} to {high}") in expected
    with translation.override(language):  # the very text of the entry page
        assert expected == problem_text(Problem(None, 3, "fouls", "fouls_out_of_range", params={"fouls": 7}))
    game.refresh_from_db()
    assert game.version == 1 and game.seats.get(number=3).fouls == 0  # nothing was written


def test_the_apis_value_problems_are_the_entry_pages(cast):
    """A value the serializer types but the pipeline refuses reads as the page words it: a role, a
    clause, a seat list, an amount (once "bad_value" with an English sentence)."""
    game = cast.game
    body = protocol(game, seat4={"role": "wizard"}, seat5={"extra": "0.333"},
                    penalties=[{"seat": 2, "clause": "9.9.9", "reason": "x"}])
    body["seats"] = body["seats"][:9]
    response = put(client_for(cast, "judge"), game, body, HTTP_ACCEPT_LANGUAGE="ru")
    assert response.status_code == 400
    errors = {(e["field"], e["code"]): e["message"] for e in response.json()["errors"]}
    assert errors == {
        ("seats", "seat_count"): "Места: в игре 10 мест, а здесь 9",
        ("seats[4].role", "not_a_role"): "Место 4, роль: «wizard» — не роль",
        ("seats[5].extra", "not_an_amount"): "Место 5, доп. баллы: «0.333» — не сумма от 0 до 1,00 с точностью до сотых",
        ("penalties", "penalty_without_clause"): "Место 2, штраф: выберите пункт (8.5)",
    }


def test_an_extra_waiting_for_approval_reads_its_amount_as_the_language_writes_numbers(cast):
    game = cast.game
    judge = client_for(cast, "judge")
    body = protocol(game, seat1={"extra": "0.6", "extra_reason": "вскрыл чёрных"})
    messages = {}
    for language in ("ru", "en"):
        refused = judge.post(f"/api/v1/protocols/{game.pk}/sign-off/", {"version": 1, "protocol": body}, format="json",
                             HTTP_ACCEPT_LANGUAGE=language)
        assert refused.status_code == 400
        messages[language] = [e["message"] for e in refused.json()["errors"] if e["code"] == "extra_needs_approval"]
    assert messages == {"ru": ["Место 1, одобрение главного судьи: 0,60 — больше 0,50: нужно одобрение главного судьи (8.4.3)"],
                        "en": ["Seat 1, chief judge's approval: 0.60 is over 0.50: it needs the chief judge's approval (8.4.3)"]}
