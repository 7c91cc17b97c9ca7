"""A tournament stored before the bounds (a setting out of its range, written by an old import or
straight into the database) still shows its pages; the admin shows the fault on the field and
refuses to save it until it is put right."""
from decimal import Decimal

import pytest
from django.urls import reverse

from scoring.recompute import recompute
from tests.tournament_builders import played
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("field, value", [
    ("best_move_three", Decimal("9.99")), ("best_move_two", Decimal("-5")), ("k_max_participants", 32767),
    ("games_before_final", 0), ("participants_override", 32767),
])
def test_pages_of_a_tournament_with_a_setting_out_of_range_still_show(client, admin_client, field, value):
    tournament = played("old", players=20, rounds=1)
    Tournament.objects.filter(pk=tournament.pk).update(**{field: value})
    recompute(tournament.pk, force=True)
    for url in (reverse("public:detail", args=["old"]), reverse("public:standings-fragment", args=["old"])):
        assert client.get(url).status_code == 200, url
    change = reverse("admin:tournaments_tournament_change", args=[tournament.pk])
    assert admin_client.get(change).status_code == 200
