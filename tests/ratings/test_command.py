"""`manage.py recompute_ratings`: a full recompute stores a new snapshot; --incremental resumes."""
from io import StringIO

import pytest
from django.core.management import call_command

from ratings.models import RatingSnapshot
from tests.tournament_builders import played

pytestmark = pytest.mark.django_db


def test_the_command_recomputes_the_rating():
    played("cmd", players=10, rounds=2)
    out = StringIO()
    call_command("recompute_ratings", stdout=out)
    before = RatingSnapshot.objects.first().version
    assert out.getvalue().strip() == f"rating stored as version {before}: 2 games, 10 players"
    out = StringIO()
    call_command("recompute_ratings", "--incremental", stdout=out)
    assert out.getvalue().strip() == f"rating stored as version {before + 1}: 2 games, 10 players"
    assert RatingSnapshot.objects.get().version == before + 1  # resumed in place: no new snapshot
