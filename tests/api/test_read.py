"""The public read API: what it lists and filters, the protocols of signed-off games only, the
standings with their conditional requests, players; and a constant number of queries per page."""
import datetime
from email.utils import format_datetime

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext
from django.utils import timezone
from rest_framework.test import APIClient

from scoring.models import PlayerStanding, StandingsState
from scoring.recompute import recompute
from tests.factories import TournamentFactory
from tests.tournament_builders import add_scheduled_round, played

pytestmark = pytest.mark.django_db

api = APIClient


@pytest.fixture(scope="module")
def cup(django_db_setup, django_db_blocker):
    """A played tournament (20 players, 3 rounds, standings stored), built once for the module in a
    transaction rolled back after it (each test's own changes roll back to a savepoint)."""
    with django_db_blocker.unblock(), transaction.atomic():
        t = played("api-cup", players=20, rounds=3)
        recompute(t.pk)
        yield t
        transaction.set_rollback(True)


def get(path, **headers):
    return APIClient().get(path, **headers)


def test_it_lists_tournaments_with_status_from_the_dates_and_filters_them():
    today = timezone.localdate()
    day = datetime.timedelta(days=1)
    TournamentFactory(slug="past", name="Осенний кубок", city="Москва", start_date=today - 9 * day, end_date=today - 8 * day)
    TournamentFactory(slug="now", name="Зимний кубок", city="Kazan", start_date=today - day, end_date=today + day,
                      ruleset="mafclub")
    TournamentFactory(slug="next", name="Весенний кубок", city="kazan", start_date=today + 5 * day, end_date=today + 6 * day)
    body = get("/api/v1/tournaments/").json()
    assert body["count"] == 3
    assert [(t["slug"], t["status"]) for t in body["results"]] == [("next", "upcoming"), ("now", "running"), ("past", "finished")]

    def slugs(query):
        response = get(f"/api/v1/tournaments/?{query}")
        assert response.status_code == 200, response.json()
        return [t["slug"] for t in response.json()["results"]]

    assert slugs("status=running") == ["now"]
    assert slugs("city=KAZAN") == ["next", "now"]
    assert slugs("ruleset=mafclub") == ["now"]
    assert slugs("search=Осенний") == ["past"]
    assert slugs(f"date={today.isoformat()}") == ["now"]
    assert slugs(f"date_from={today.isoformat()}") == ["next", "now"]
    assert slugs(f"date_to={today.isoformat()}") == ["now", "past"]
    assert slugs("ordering=name") == ["next", "now", "past"]
    assert slugs("page_size=1&page=2") == ["now"]
    bad = get("/api/v1/tournaments/?status=someday")
    assert bad.status_code == 400 and bad.json()["errors"][0]["field"] == "status"
    assert get("/api/v1/tournaments/?page=9").status_code == 404


def test_it_shows_a_tournament_its_stages_and_its_seating(cup):
    body = get(f"/api/v1/tournaments/{cup.slug}/").json()
    assert body["slug"] == cup.slug and body["participants"] == 20 and body["status"] == "running"
    assert [s["kind"] for s in body["stages"]] == ["qualifying"] and len(body["stages"][0]["rounds"]) == 3
    assert body["standings"]["version"] == StandingsState.objects.get(pk=cup.pk).computed_version
    stages = get(f"/api/v1/tournaments/{cup.slug}/stages/").json()
    assert [r["number"] for r in stages[0]["rounds"]] == [1, 2, 3]
    seating = get(f"/api/v1/tournaments/{cup.slug}/seating/?round=2").json()
    assert len(seating) == 1 and seating[0]["round"] == 2 and len(seating[0]["tables"]) == 2
    assert all(len(t["seats"]) == 10 and "role" not in t["seats"][0] for t in seating[0]["tables"])
    assert get("/api/v1/tournaments/nope/").status_code == 404


def test_it_publishes_signed_off_games_only_with_their_whole_protocols(cup):
    scheduled = add_scheduled_round(cup)
    body = get(f"/api/v1/tournaments/{cup.slug}/games/?page_size=100").json()
    assert body["count"] == 6 and {g["status"] for g in body["results"]} == {"signed_off"}
    game = body["results"][0]
    assert {s["role"] for s in game["seats"]} == {"red", "sheriff", "black", "don"}
    assert game["id"] == "Q1-T1" and len(game["seats"]) == 10
    detail = get(f"/api/v1/tournaments/{cup.slug}/games/{game['number']}/").json()
    assert detail == game
    assert get(f"/api/v1/tournaments/{cup.slug}/games/{scheduled[0].number}/").status_code == 404
    assert get(f"/api/v1/tournaments/{cup.slug}/games/?round=4").json()["count"] == 0
    player = game["seats"][0]["player_id"]
    assert get(f"/api/v1/tournaments/{cup.slug}/games/?player={player}").json()["count"] == 3


def test_it_keeps_the_queries_of_a_page_constant(cup):
    def count(path):
        with CaptureQueriesContext(connection) as ctx:
            assert get(path).status_code == 200
        return len(ctx)

    base = f"/api/v1/tournaments/{cup.slug}"
    assert count(f"{base}/games/?page_size=1") == count(f"{base}/games/?page_size=6")
    assert count(f"{base}/seating/?round=1") == count(f"{base}/seating/")
    assert count(f"{base}/players/?page_size=1") == count(f"{base}/players/?page_size=20")
    assert count("/api/v1/tournaments/?page_size=1") == count("/api/v1/tournaments/?page_size=50")


def test_it_gives_the_standings_of_the_snapshot_in_place_order(cup):
    response = get(f"/api/v1/tournaments/{cup.slug}/standings/")
    assert response.status_code == 200
    body = response.json()
    state = StandingsState.objects.get(pk=cup.pk)
    assert body["version"] == state.computed_version and body["format"] == "mafia-standings/1"
    assert [r["place"] for r in body["standings"]] == list(range(1, 21))
    rows = PlayerStanding.objects.filter(snapshot__tournament=cup, snapshot__version=state.computed_version,
                                         snapshot__scope="all").order_by("place")
    first, row = body["standings"][0], rows[0]
    assert (first["nickname"], first["player"], first["total"]) == (row.nickname, row.file_id, f"{row.total:.2f}")
    assert set(first["breakdown"]) == {"win", "compensation", "removal", "best_move", "judge_extra", "penalty", "replay_penalty"}
    assert {"tiebreak_extra", "wins", "wins_as_don_or_sheriff", "first_killed", "decided_by_lot"} <= set(first)
    assert "explanation" not in first
    explained = get(f"/api/v1/tournaments/{cup.slug}/standings/?explain=true").json()["standings"][0]
    lines = [line for g in explained["explanation"] for line in g["lines"]]
    assert lines and all(line["component"] in first["breakdown"] and line["clause"] for line in lines)
    assert all(line["code"] and isinstance(line["params"], dict) and line["note"] for line in lines)  # codes and words
    stage = get(f"/api/v1/tournaments/{cup.slug}/standings/?stage=qualifying").json()
    assert stage["scope"] == "qualifying" and stage["standings"] == body["standings"]
    final = get(f"/api/v1/tournaments/{cup.slug}/standings/?stage=final").json()
    assert final["standings"] == [] and final["stages"] == ["qualifying"]
    assert get(f"/api/v1/tournaments/{cup.slug}/standings/?stage=semi").status_code == 400


def test_it_answers_a_conditional_request_for_current_standings_with_304(cup):
    url = f"/api/v1/tournaments/{cup.slug}/standings/"
    first = get(url)
    etag, modified = first["ETag"], first["Last-Modified"]
    state = StandingsState.objects.get(pk=cup.pk)
    assert etag == f'"{state.computed_version}-all-ru"'  # the site's language when none is asked for
    assert modified == format_datetime(state.computed_at.astimezone(datetime.UTC).replace(microsecond=0), usegmt=True)
    again = get(url, HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 304 and again.content == b"" and again["ETag"] == etag
    assert get(url, HTTP_IF_NONE_MATCH='W/"0-all", ' + etag).status_code == 304
    assert get(url, HTTP_IF_MODIFIED_SINCE=modified).status_code == 304
    assert get(url, HTTP_IF_NONE_MATCH='"0-all"').status_code == 200
    assert get(url + "?stage=qualifying", HTTP_IF_NONE_MATCH=etag).status_code == 200  # another representation
    old = format_datetime(datetime.datetime(2020, 1, 1, tzinfo=datetime.UTC), usegmt=True)
    assert get(url, HTTP_IF_MODIFIED_SINCE=old).status_code == 200


@pytest.mark.parametrize("first", ["en", "ru"])
def test_each_client_gets_the_explained_standings_in_its_own_language(cup, first):
    """The cache key and the ETag carried no language: ?explain=true served whichever language was
    cached first to everyone (a Russian client got "red win")."""
    from django.core.cache import cache

    cache.clear()
    url = f"/api/v1/tournaments/{cup.slug}/standings/?explain=true&lang="
    second = "ru" if first == "en" else "en"
    answers = {lang: get(url + lang) for lang in (first, second)}
    notes = {lang: " ".join(line["note"] for row in answer.json()["standings"] for game in row["explanation"]
                            for line in game["lines"]) for lang, answer in answers.items()}
    assert "победа красных" in notes["ru"].lower() and "red win" not in notes["ru"].lower(), notes["ru"][:200]
    assert "red win" in notes["en"].lower() and "красн" not in notes["en"].lower(), notes["en"][:200]
    assert answers["ru"]["ETag"] != answers["en"]["ETag"]
    assert "Accept-Language" in answers["en"]["Vary"]
    # a client holding the English ETag asks in Russian: a Russian body, not a 304
    assert get(url + "ru", HTTP_IF_NONE_MATCH=answers["en"]["ETag"]).status_code == 200
    assert get(url + "en", HTTP_IF_NONE_MATCH=answers["en"]["ETag"]).status_code == 304
    by_header = get(f"/api/v1/tournaments/{cup.slug}/standings/?explain=true", HTTP_ACCEPT_LANGUAGE="en")
    assert by_header.json() == answers["en"].json()


def test_it_shows_no_standings_that_are_not_public(cup):
    cup.standings_public = False
    cup.save(update_fields=["standings_public"])
    response = get(f"/api/v1/tournaments/{cup.slug}/standings/")
    assert response.status_code == 404 and response.json()["code"] == "standings_not_public"
    player = cup.registrations.first().player
    line = get(f"/api/v1/tournaments/{cup.slug}/players/{player.pk}/").json()
    assert line["nickname"] == player.nickname and line["standing"] is None
    results = get(f"/api/v1/players/{player.pk}/").json()["results"]
    assert results[0]["place"] is None and results[0]["total"] is None


def test_it_shows_players_and_their_results_across_tournaments(cup):
    reg = cup.registrations.select_related("player").order_by("number").first()
    listed = get(f"/api/v1/players/?search={reg.player.nickname}&page_size=200").json()
    assert reg.player_id in [p["id"] for p in listed["results"]] and len(listed["results"]) == 11  # api-cup-1, -10 … -19
    body = get(f"/api/v1/players/{reg.player_id}/").json()
    row = PlayerStanding.objects.get(player=reg.player, snapshot__tournament=cup, snapshot__scope="all",
                                     snapshot__version=StandingsState.objects.get(pk=cup.pk).computed_version)
    assert body["results"] == [{"tournament": cup.slug, "name": cup.name, "start_date": str(cup.start_date),
                                "end_date": str(cup.end_date), "withdrawn": False, "excluded": False, "place": row.place,
                                "total": f"{row.total:.2f}", "games": row.games, "wins": row.wins}]
    line = get(f"/api/v1/tournaments/{cup.slug}/players/{reg.player_id}/").json()
    assert line["standing"]["place"] == row.place and len(line["standing"]["explanation"]) == row.games
    registered = get(f"/api/v1/tournaments/{cup.slug}/players/?page_size=100").json()
    assert registered["count"] == 20 and registered["results"][0]["player"] == reg.file_id
    assert get("/api/v1/players/999999999/").status_code == 404
    assert get(f"/api/v1/tournaments/{cup.slug}/players/999999999/").status_code == 404


def test_it_serves_the_schema_swagger_ui_and_redoc():
    schema = get("/api/schema/?format=json")
    assert schema.status_code == 200 and schema.json()["openapi"].startswith("3.")
    assert "/api/v1/tournaments/{slug}/standings/" in schema.json()["paths"]
    docs, redoc = get("/api/docs/"), get("/api/redoc/")
    assert docs.status_code == 200 and redoc.status_code == 200
    # served by the site itself (drf-spectacular-sidecar), not from a CDN a hall's Wi-Fi may not reach
    assert "/static/drf_spectacular_sidecar/swagger-ui-dist/" in docs.content.decode()
    assert "/static/drf_spectacular_sidecar/redoc/" in redoc.content.decode()
    assert "cdn" not in docs.content.decode().lower() and "cdn" not in redoc.content.decode().lower()



def test_every_operation_of_the_schema_has_an_example_and_its_errors():
    schema = get("/api/schema/?format=json").json()
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            responses = operation["responses"]
            ok = [r for code, r in responses.items() if code.startswith("2")]
            assert any(c.get("examples") for r in ok for c in r.get("content", {}).values()), (method, path)
            body = operation.get("requestBody", {}).get("content", {})
            assert not body or any(c.get("examples") for c in body.values()), (method, path)
            assert {"400", "401", "429"} <= set(responses) or path == "/api/v1/auth/token/", (method, path)
            for code in set(responses) - {"200", "201", "202", "304"}:
                error = responses[code]["content"]["application/json"]
                assert error["schema"]["$ref"].endswith(("/Error", "/Conflict")) and error["examples"], (method, path, code)
