"""Keeping clubs apart through the admin: on by default when two registered players share a club,
and then a 20-player, 2-table stage with one club pair never seats the pair at one table."""
import re

import pytest

from protocols.models import Game
from tests.factories import ClubFactory
from tests.seating.admin_pages import generate_url, make_qualifying_stage, preview, token_of

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english", "quick_generator")]


def _pair(stage):
    club = ClubFactory()
    pair = [r.player for r in stage.tournament.registrations.order_by("number")[:2]]
    for player in pair:
        player.club = club
        player.save(update_fields=["club"])
    return pair


def _checkbox(page: str) -> str:
    return re.search(r'<input[^>]*name="clubs_apart"[^>]*>', page).group(0)


def test_it_is_off_without_clubs_and_on_when_two_players_share_one(admin_client):
    stage = make_qualifying_stage()
    assert "checked" not in _checkbox(admin_client.get(generate_url(stage)).content.decode())
    _pair(stage)
    assert "checked" in _checkbox(admin_client.get(generate_url(stage)).content.decode())


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_with_it_on_the_one_club_pair_of_20_players_at_2_tables_never_meets(admin_client, seed):
    stage = make_qualifying_stage()
    a, b = _pair(stage)
    response = preview(admin_client, stage, seed=seed, games=8, clubs_apart="on")
    admin_client.post(generate_url(stage), {"preview": token_of(response), "_save": "1"})
    games = Game.objects.filter(stage=stage).prefetch_related("seats")
    assert games.count() == 16
    together = [g.number for g in games if {a.pk, b.pk} <= {s.player_id for s in g.seats.all()}]
    assert together == []
