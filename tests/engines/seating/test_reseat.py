"""Reseating after a withdrawal: played rounds fixed, the rest regenerated over the whole stage."""
from collections import Counter

import pytest

from engines.seating import SeatingError, generate, quality_report, reseat
from tests.engines.seating.seating_checks import check_hard_rules


@pytest.fixture(scope="module")
def stage():
    return generate(30, 10, seed=4, iterations=800, balance="tables")


def games_of(seating):
    return Counter(p for rnd in seating.rounds for t in rnd for p in t.seats)


def test_a_substitute_takes_over_the_withdrawn_players_games(stage):
    new = reseat(stage, played_rounds=4, withdrawn=[7], substitutes=[31], seed=1, iterations=600)
    assert new.rounds[:4] == stage.rounds[:4]
    assert all(7 not in t.seats for rnd in new.rounds[4:] for t in rnd)
    games = games_of(new)
    assert games[7] == 4 and games[31] == 6
    assert all(games[p] == 10 for p in range(1, 31) if p != 7)
    for rnd in new.rounds:
        seen = [p for t in rnd for p in t.seats]
        assert len(seen) == len(set(seen)) == 30


def test_the_reseated_stage_keeps_seats_nearly_and_tables_within_one(stage):
    # seats over the whole stage: the played games fix some, so exact balance is not always
    # possible; the search gets most players to every seat once and nobody above twice
    new = reseat(stage, played_rounds=3, withdrawn=[2], substitutes=[31], seed=2, iterations=1500, balance="tables")
    report = quality_report(new, list(range(1, 32)), 3)
    full = [p for p in report["players"] if p["games"] == 10]
    assert all(max(p["seats"]) <= 2 for p in full)
    assert sum(max(p["seats"]) == 1 for p in full) >= 0.8 * len(full)
    assert all(2 <= min(p["tables"]) and max(p["tables"]) <= 5 for p in full)
    assert all(2 <= min(p["judges"]) and max(p["judges"]) <= 5 for p in full)


def test_with_nobody_leaving_the_played_rounds_stay_as_they_were(stage):
    # the later rounds are searched again (a reseat is a new search of what is left to play)
    new = reseat(stage, played_rounds=5, seed=3, iterations=500)
    check_hard_rules(new, 30, 10, 3)
    assert new.rounds[:5] == stage.rounds[:5]


def test_withdrawals_without_substitutes_must_still_fill_tables(stage):
    with pytest.raises(SeatingError) as error:
        reseat(stage, played_rounds=5, withdrawn=[1], seed=0, iterations=100)
    assert "would work" in str(error.value)


def test_unknown_players_and_known_substitutes_are_refused(stage):
    with pytest.raises(SeatingError):
        reseat(stage, 2, withdrawn=[99], substitutes=[100], iterations=10)
    with pytest.raises(SeatingError):
        reseat(stage, 2, withdrawn=[1], substitutes=[2], iterations=10)
