"""A withdrawn or excluded player keeps their points in the standings, marked (snapshot and page)."""
import pytest

from scoring.models import PlayerStanding
from scoring.recompute import recompute
from tests.tournament_builders import played
from tournaments.models import Registration

pytestmark = pytest.mark.django_db


def test_withdrawn_and_excluded_players_are_marked_in_the_snapshot_and_on_the_page(client):
    tournament = played("marks", players=20, rounds=2)
    Registration.objects.filter(tournament=tournament, number=3).update(withdrawn=True)
    Registration.objects.filter(tournament=tournament, number=5).update(excluded=True, withdrawn=True)
    recompute(tournament.pk, force=True)
    rows = {r.nickname: r.mark for r in PlayerStanding.objects.filter(snapshot__tournament=tournament)}
    assert rows.pop("marks-3") == "withdrawn" and rows.pop("marks-5") == "excluded"
    assert set(rows.values()) == {""} and len(rows) == 18  # everybody else unmarked, nobody dropped
    body = client.get(f"/t/{tournament.slug}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert body.count('title="Withdrawn from the tournament">†</span>') == 1
    assert body.count('title="Excluded from the tournament">‡</span>') == 1
    assert "† withdrawn, ‡ excluded" in body


def test_the_api_standings_say_who_left(client):
    tournament = played("api-marks", players=20, rounds=1)
    Registration.objects.filter(tournament=tournament, number=4).update(withdrawn=True)
    recompute(tournament.pk, force=True)
    lines = client.get(f"/api/v1/tournaments/{tournament.slug}/standings/").json()["standings"]
    assert {line["nickname"]: line["left"] for line in lines if line["left"]} == {"api-marks-4": "withdrawn"}
