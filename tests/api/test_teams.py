"""The team standings in the API: the page's lines as JSON, and the standings' rules."""
import pytest

from tests.factories import TournamentFactory
from tests.scoring.test_teams import with_teams
from tests.tournament_builders import played

pytestmark = pytest.mark.django_db


def test_the_api_gives_the_team_standings_with_their_members(client):
    t = with_teams(played("teams-api", players=20, rounds=3, seed=2), best=3)
    body = client.get(f"/api/v1/tournaments/{t.slug}/teams/").json()
    assert body["best"] == 3 and body["after_round"] is None and len(body["teams"]) == 5
    first = body["teams"][0]
    assert first["place"] == 1 and len(first["members"]) == 4 and sum(m["counted"] for m in first["members"]) == 3
    counted = sorted((float(m["total"]) for m in first["members"] if m["counted"]), reverse=True)
    assert abs(sum(counted) - float(first["total"])) < 0.005
    assert [team["place"] for team in body["teams"]] == [1, 2, 3, 4, 5]

    t.standings_public = False
    t.save(update_fields=["standings_public"])
    closed = client.get(f"/api/v1/tournaments/{t.slug}/teams/")
    assert closed.status_code == 404 and closed.json()["code"] == "standings_not_public"
    plain = client.get(f"/api/v1/tournaments/{TournamentFactory().slug}/teams/")
    assert plain.status_code == 404 and plain.json()["code"] == "not_a_team_tournament"
