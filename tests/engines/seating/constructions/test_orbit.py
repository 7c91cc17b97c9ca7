"""Orbits of rounds under a permutation of the players (engines/seating/constructions/orbit.py): the
cyclic 30-player rounds and the orbit model, what each claims, checked."""
import itertools

import numpy as np
import pytest

from engines.seating.constructions.orbit import (
    CYCLIC_30_CYCLES,
    cycle_permutation,
    cyclic_rounds_30,
    cyclic_rounds_30_within_cap,
    orbit_cycles,
    orbit_within,
)
from engines.seating.outcomes import UNKNOWN, Found
from engines.seating.report import loose_round_pairs, meetings, pair_cap


def pair_counts(rounds, players=30):
    return meetings([np.asarray(r) for r in rounds], players)[np.triu_indices(players, 1)]


def test_the_cyclic_rounds_are_the_orbit_of_one_round():
    rounds = cyclic_rounds_30()
    step = cycle_permutation(CYCLIC_30_CYCLES)
    assert sorted(step) == list(range(30)) and step[11] == 0 and step[23] == 12 and step[29] == 24
    assert len(rounds) == 12
    for rnd, after in zip(rounds, rounds[1:] + rounds[:1]):  # 12 steps come back to the start
        assert sorted(p for table in rnd for p in table) == list(range(30))
        assert [len(table) for table in rnd] == [10, 10, 10]
        assert sorted(sorted(step[p] for p in table) for table in rnd) == sorted(after)


def test_any_two_cyclic_rounds_meet_the_round_pair_bound_and_nobody_meets_six_times():
    rounds = cyclic_rounds_30()
    for first, second in itertools.combinations(rounds, 2):
        shared = [len(set(x) & set(y)) for x in first for y in second]
        assert sorted(shared) == [3] * 6 + [4] * 3
    assert loose_round_pairs(rounds, (3, 4)) == 0
    counts = pair_counts(rounds)
    assert counts.min() == 1 and counts.max() == 5 == pair_cap(30, 12)
    assert int((counts * (counts - 1) // 2).sum()) == 66 * 36  # the bound: 36 for every two rounds
    assert round(float(counts.std()), 4) == 0.8827


@pytest.mark.parametrize("games", [1, 2, 4, 7, 8, 10, 11, 12])
def test_cyclic_rounds_within_the_cap_for_fewer_games(games):
    rounds = cyclic_rounds_30_within_cap(games)
    assert len(rounds) == games
    assert loose_round_pairs(rounds, (3, 4)) == 0
    assert pair_counts(rounds).max() <= pair_cap(30, games)


@pytest.mark.parametrize("games", [3, 5, 6, 9])
def test_no_choice_of_cyclic_rounds_keeps_the_cap_at_some_sizes(games):
    assert cyclic_rounds_30_within_cap(games) is None


def test_the_orbit_cycles_divide_the_period():
    assert orbit_cycles(30, 12) == [12, 12, 6]
    assert orbit_cycles(50, 10) == [10] * 5
    assert orbit_cycles(25, 10) == [10, 10, 5]


def table_counts(groups, tables, players):
    counts = np.zeros((players, len(groups[0])), dtype=int)
    for g, labels in zip(groups, tables):
        for group, label in zip(g, labels):
            counts[group, label] += 1
    return counts


def test_the_orbit_model_keeps_30_by_12_within_the_cap_with_every_table_count_at_four():
    found = orbit_within(30, 12, 3, cap=5, band=(4, 4))
    assert isinstance(found, Found)
    groups, tables = found.rounds, found.tables
    assert len(groups) == 12
    for g in groups:
        assert g.shape == (3, 10) and sorted(g.ravel().tolist()) == list(range(30))
    assert meetings(groups, 30).max() <= 5
    assert (table_counts(groups, tables, 30) == 4).all()
    # round r + 1 is round r with every player moved one step along his cycle (12 + 12 + 6)
    step = {p: (p // 12) * 12 + (p % 12 + 1) % 12 if p < 24 else 24 + (p - 23) % 6 for p in range(30)}
    for now, after in zip(groups, groups[1:]):
        assert sorted(sorted(step[p] for p in group) for group in now) == sorted(sorted(group) for group in after.tolist())


def test_the_orbit_model_seats_25_by_8_with_players_sitting_out_evenly():
    found = orbit_within(25, 10, 2, cap=4, band=(4, 4))
    assert isinstance(found, Found)
    groups, tables = found.rounds, found.tables
    assert len(groups) == 10
    played = np.zeros(25, dtype=int)
    for g in groups:
        assert g.shape == (2, 10) and len(set(g.ravel().tolist())) == 20
        played[g.ravel()] += 1
    assert (played == 8).all()  # everybody sits out 2 of the 10 rounds
    assert meetings(groups, 25).max() <= 4
    assert (table_counts(groups, tables, 25) == 4).all()


def test_the_orbit_model_finds_nothing_where_nothing_exists():
    # 20 x 8 with every table count at 4 cannot keep the cap (bench/seating_limits.py)
    assert orbit_within(20, 8, 2, cap=5, band=(4, 4)) is UNKNOWN
