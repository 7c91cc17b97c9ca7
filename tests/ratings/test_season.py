"""The season's standings from stored tournament standings and the organisers' categories."""
import pytest

from engines.ratings.season import season_points
from ratings.models import RatingSettings
from ratings.season import season_table
from scoring.models import PlayerStanding
from scoring.recompute import recompute
from tests.tournament_builders import played
from tournaments.models import Publication


def finish(*tournaments):
    for t in tournaments:
        t.publication = Publication.FINISHED
        t.save(update_fields=["publication"])


@pytest.mark.django_db
def test_the_season_sums_the_points_of_the_categorised_tournaments_of_the_year():
    big = played("season-a", players=10, rounds=2, seed=1)
    small = played("season-b", players=10, rounds=2, seed=2)
    uncategorised = played("season-c", players=10, rounds=2, seed=3)
    for t in (big, small, uncategorised):
        recompute(t.pk)
    RatingSettings.objects.create(tournament=big, stars=5)
    RatingSettings.objects.create(tournament=small, stars=1, rated=False)  # a friendly game can still carry season points
    assert season_table(big.start_date.year) == []  # published, still running: its places are not final
    finish(big, small, uncategorised)
    table = season_table(big.start_date.year)
    winner = PlayerStanding.objects.get(snapshot__tournament=big, place=1).player_id
    row = next(r for r in table if r.player == str(winner))
    assert row.points == season_points(1, 5, 10) and row.tournaments == 1
    players = {r.player for r in table}
    assert len(players) == 20  # the two categorised tournaments' players, not the third's
    assert table[0].place == 1 and table[0].points >= table[-1].points
    assert season_table(big.start_date.year + 1) == []
