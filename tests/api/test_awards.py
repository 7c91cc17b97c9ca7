"""The awards in the API: the same nominations as the page, worded in the asked language, and the
standings' rules (not public: 404; a hidden final: withheld until the reveal)."""
from decimal import Decimal

import pytest

from scoring.recompute import recompute
from tests.public.test_awards import best_in_role
from tests.tournament_builders import played
from tournaments.models import HandAward, Registration, Stage

pytestmark = pytest.mark.django_db


def test_the_api_gives_each_award_with_its_winner_points_and_rule(client):
    t = played("awards-api", players=20, rounds=4, seed=3)
    recompute(t.pk, force=True)
    t.refresh_from_db()
    player = Registration.objects.filter(tournament=t).order_by("number").first().player
    HandAward.objects.create(tournament=t, title="Приз зрительских симпатий", player=player, order=1)

    body = client.get(f"/api/v1/tournaments/{t.slug}/awards/", HTTP_ACCEPT_LANGUAGE="en").json()
    assert body["withheld"] == "" and [a["kind"] for a in body["awards"]] == [
        "red", "sheriff", "black", "don", "first_killed", "hand"]
    sheriff = body["awards"][1]
    nickname, cents, games = best_in_role(t, "sheriff")
    assert sheriff["title"] == "Best sheriff" and sheriff["winner"]["nickname"] == nickname
    assert Decimal(sheriff["winner"]["points"]) == Decimal(cents).scaleb(-2) and sheriff["winner"]["games"] == games
    assert "at least 1 game in that role" in sheriff["rule"] and len(sheriff["runners_up"]) == 2
    hand = body["awards"][-1]
    assert hand["title"] == "Приз зрительских симпатий" and hand["winner"]["player_id"] == player.pk
    assert hand["winner"]["points"] is None and hand["rule"] == ""

    russian = client.get(f"/api/v1/tournaments/{t.slug}/awards/", HTTP_ACCEPT_LANGUAGE="ru").json()
    assert russian["awards"][1]["title"] == "Лучший шериф"


def test_the_api_keeps_the_awards_of_a_hidden_final_and_of_closed_standings(client):
    t = played("awards-api-final", players=20, rounds=3, final_games=2, seed=5)
    Stage.objects.filter(tournament=t, kind="final").update(standings_hidden=True)
    recompute(t.pk, force=True)
    url = f"/api/v1/tournaments/{t.slug}/awards/"
    assert client.get(url).json() == {"tournament": t.slug, "withheld": "stage", "awards": []}

    Stage.objects.filter(tournament=t, kind="final").update(standings_hidden=False)
    recompute(t.pk, force=True)
    assert len(client.get(url).json()["awards"]) == 5

    t.standings_public = False
    t.save(update_fields=["standings_public"])
    closed = client.get(url)
    assert closed.status_code == 404 and closed.json()["code"] == "standings_not_public"
