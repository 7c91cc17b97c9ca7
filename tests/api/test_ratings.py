"""The ratings' read API: a player's rating history (game by game and per tournament, equal to
the stored changes), the leaderboards with their filters, the season's standings, clubs; the
draft rule, the refusal of bad filters naming the field, and the throttle."""
import pytest
from django.db import transaction
from rest_framework.test import APIClient

from ratings.models import GameRating, PlayerRating, RatingSettings
from ratings.recompute import current_snapshot
from tests.factories import PlayerFactory, RegistrationFactory, TournamentFactory
from tests.ratings.helpers import shared_season
from tournaments.models import Player, Publication

pytestmark = pytest.mark.django_db


@pytest.fixture(scope="module")
def season(django_db_setup, django_db_blocker):
    with django_db_blocker.unblock(), transaction.atomic():
        first, second, players = shared_season("api-r")
        RatingSettings.objects.create(tournament=first, stars=2)
        first.publication = Publication.FINISHED  # season points count a finished tournament
        first.save(update_fields=["publication"])
        yield first, second, players
        transaction.set_rollback(True)


def get(path, **params):
    return APIClient().get(path, params, HTTP_ACCEPT_LANGUAGE="en")


def test_a_players_rating_history_is_the_stored_chain(season):
    first, second, players = season
    pid = players[0]
    body = get(f"/api/v1/players/{pid}/rating/").json()
    stored = list(GameRating.objects.filter(snapshot=current_snapshot(), player_id=pid).order_by("pk").values_list("before", "after"))
    assert [x for g in body["games"] for x in (g["before"], g["after"])] == pytest.approx([x for pair in stored for x in pair])
    assert [t["tournament"] for t in body["tournaments"]] == [first.slug, second.slug]
    assert body["tournaments"][1]["after"] == pytest.approx(stored[-1][1])
    assert body["tournaments"][0]["change"] == pytest.approx(stored[2][1] - stored[0][0])
    now = PlayerRating.objects.get(snapshot=current_snapshot(), player_id=pid)
    assert body["current"]["rating"] == pytest.approx(now.rating) and body["current"]["games"] == 6
    assert body["version"] == current_snapshot().version
    assert get("/api/v1/players/999999999/rating/").status_code == 404


def test_the_rating_board_filters_and_hides_the_provisional(season):
    _first, _second, players = season
    assert get("/api/v1/ratings/").json()["results"] == []  # six games each: everyone provisional
    body = get("/api/v1/ratings/", provisional="true").json()
    ratings = [r["rating"] for r in body["results"]]
    assert body["count"] == 20 and ratings == sorted(ratings, reverse=True)
    assert [r["place"] for r in body["results"]] == list(range(1, 21))
    club = Player.objects.get(pk=players[0]).club
    rows = get("/api/v1/ratings/", provisional="true", club=club.pk).json()["results"]
    assert {r["club_id"] for r in rows} == {club.pk} and len(rows) == Player.objects.filter(club=club).count()
    dons = get("/api/v1/ratings/", provisional="true", role="don").json()["results"]
    assert dons and all(r["role_games"] >= 1 for r in dons) and sum(r["role_games"] for r in dons) == 12
    for name, value in (("role", "judge"), ("season", "last"), ("club", "0"), ("provisional", "maybe"), ("sort", "x")):
        response = get("/api/v1/ratings/", **{name: value})
        assert response.status_code == 400 and response.json()["errors"][0]["field"] == name


def test_the_season_points_are_the_seasons_standings(season):
    first, _second, _players = season
    body = get("/api/v1/season-points/", season=first.start_date.year).json()
    rows = body["results"]
    assert len(rows) == 20 and rows[0]["points"] == "133.3" and rows[0]["counted"] == ["133.3"]  # 2 stars, 20 of 30
    assert get("/api/v1/season-points/", season=first.start_date.year + 3).json()["results"] == []


def test_clubs_list_and_detail_with_members_ratings(season):
    first, _second, players = season
    club = Player.objects.get(pk=players[0]).club
    listed = {c["id"]: c for c in get("/api/v1/clubs/").json()["results"]}
    assert listed[club.pk]["members"] == Player.objects.filter(club=club).count()
    body = get(f"/api/v1/clubs/{club.pk}/").json()
    ratings = {r.player_id: r.rating for r in PlayerRating.objects.filter(snapshot=current_snapshot(), player__club=club)}
    assert {m["player_id"]: m["rating"] for m in body["members"]} == pytest.approx(ratings)
    assert first.slug in [t["slug"] for t in body["tournaments"]]
    assert get("/api/v1/clubs/987654321/").status_code == 404


def test_a_player_and_a_club_seen_only_in_drafts_are_not_there(season):
    draft = TournamentFactory(slug="api-r-draft", publication=Publication.DRAFT)
    from tests.factories import ClubFactory
    hidden_club = ClubFactory(name="Тайный клуб")
    hidden = PlayerFactory(nickname="Тайный", club=hidden_club)
    RegistrationFactory(tournament=draft, player=hidden)
    assert get(f"/api/v1/players/{hidden.pk}/rating/").status_code == 404
    assert get(f"/api/v1/clubs/{hidden_club.pk}/").status_code == 404
    assert hidden_club.pk not in [c["id"] for c in get("/api/v1/clubs/").json()["results"]]


def test_the_rating_reads_are_throttled_as_the_rest(season, settings):
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": {
        "anon": "2/min", "user": "2/min", "token": "2/min"}}
    codes = [get("/api/v1/ratings/").status_code for _ in range(3)]
    assert codes == [200, 200, 429]


def test_the_schema_lists_the_rating_operations():
    schema = APIClient().get("/api/schema/", {"format": "json"}).json()
    for path in ("/api/v1/players/{player_id}/rating/", "/api/v1/ratings/", "/api/v1/season-points/", "/api/v1/clubs/",
                 "/api/v1/clubs/{id}/"):
        assert "get" in schema["paths"][path], path
    names = {p["name"] for p in schema["paths"]["/api/v1/ratings/"]["get"]["parameters"]}
    assert {"season", "club", "city", "role", "provisional", "page"} <= names
