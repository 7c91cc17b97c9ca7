"""A tournament stored before the bounds (a setting out of its range, written by an old import or
straight into the database) still shows its pages; the admin shows the fault on the field and
refuses to save it until it is put right."""
from decimal import Decimal, InvalidOperation

import pytest
from django.core.exceptions import ValidationError
from django.db import connection
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


def test_a_setting_beyond_its_column_is_brought_to_the_columns_limit_and_shown_as_a_fault(client, admin_client):
    # only SQLite keeps 100 in a DECIMAL(4, 2); Django then failed reading the tournament's row
    if connection.vendor != "sqlite":
        pytest.skip("PostgreSQL refuses such a value when it is written")
    from importlib import import_module

    tournament = played("old", players=20, rounds=1)
    with connection.cursor() as cursor:
        cursor.execute("UPDATE tournaments_tournament SET best_move_three = 100, best_move_two = -250 WHERE id = %s",
                       [tournament.pk])
    with pytest.raises(InvalidOperation):
        Tournament.objects.get(pk=tournament.pk)  # what every page of it met
    import_module("tournaments.migrations.0009_readable_settings").bring_within_columns(connection)
    stored = Tournament.objects.get(pk=tournament.pk)
    assert (stored.best_move_three, stored.best_move_two) == (Decimal("99.99"), Decimal("-99.99"))
    recompute(tournament.pk, force=True)
    assert client.get(reverse("public:detail", args=["old"])).status_code == 200
    page = admin_client.get(reverse("admin:tournaments_tournament_change", args=[tournament.pk]))
    assert page.status_code == 200 and 'name="best_move_three" value="99.99"' in page.content.decode()
    with pytest.raises(ValidationError) as refused:  # what the admin's form says when it is saved as it is
        stored.full_clean()
    assert {"best_move_three", "best_move_two"} <= set(refused.value.message_dict)
