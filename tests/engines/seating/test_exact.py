"""The SAT model of the free rounds (engines.seating.exact): what it proves impossible, what it finds.
near_bound is proved at 20 x 12 with the construction that asks it
(tests/engines/seating/constructions/test_hadamard.py)."""
import math

import numpy as np
import pytest

from engines.seating.exact import (
    IMPOSSIBLE,
    Found,
    repair,
    seating_within,
)
from engines.seating.report import loose_round_pairs, round_pair_bound_range

HALVES = np.arange(20).reshape(2, 10)  # players 0-9 at one table, 10-19 at the other


def meetings(rounds, players=20):
    met = np.zeros((players, players), dtype=int)
    for groups in rounds:
        for group in np.asarray(groups):
            met[np.ix_(group, group)] += 1
    np.fill_diagonal(met, 0)
    return met


def check_rounds(found, players=20):
    assert isinstance(found, Found)
    rounds = found.rounds
    for groups in rounds:
        groups = np.asarray(groups)
        assert groups.shape == (2, 10)
        assert sorted(groups.ravel().tolist()) == list(range(players))


def test_with_a_fifth_round_a_seating_within_four_meetings_is_found():
    found = seating_within(20, [], [HALVES] * 5, cap=4)
    check_rounds(found)
    assert meetings(found.rounds).max() <= 4


def test_the_band_counts_at_each_table_label():
    labels = ([np.array([0, 1])] * 4, [np.array([1, 0])] * 4)
    # twice at each table in 4 rounds: only 6 words of weight 2, so some two players share a word
    assert seating_within(20, [], [HALVES] * 4, cap=3, labels=labels, band=(2, 2)) is IMPOSSIBLE
    found = seating_within(20, [], [HALVES] * 4, cap=4, labels=labels, band=(2, 2))
    check_rounds(found)
    at_first_table = np.zeros(20, dtype=int)
    for groups in found.rounds:
        at_first_table[groups[0]] += 1
    assert (at_first_table == 2).all()


def test_meetings_in_the_fixed_rounds_count():
    # players 0-9 already met 4 times: in one more round of two tables of 10 some two of them meet
    assert seating_within(20, [HALVES] * 4, [HALVES], cap=4) is IMPOSSIBLE
    assert seating_within(20, [HALVES] * 4, [HALVES], cap=5) is not IMPOSSIBLE


def test_players_not_movable_stay_at_their_tables():
    start = [HALVES, HALVES[::-1], HALVES, HALVES[::-1], HALVES]
    # players 1-9 stay together in all 5 rounds, so the cap of 4 cannot hold
    assert seating_within(20, [], start, cap=4, movable={0, 10}) is IMPOSSIBLE
    found = seating_within(20, [], start, cap=5, movable={0, 10})
    check_rounds(found)
    for before, after in zip(start, found.rounds):
        for group_before, group_after in zip(before, after):
            assert {int(p) for p in group_before if p % 10} <= set(group_after.tolist())


def test_repair_brings_a_seating_within_the_cap():
    # five identical rounds: every pair at one table meets 5 times, one above the cap of 4
    rounds = repair(20, [], [HALVES] * 5, cap=4, rng=np.random.default_rng(1), steps=40)
    check_rounds(Found(rounds))
    assert meetings(rounds).max() <= 4


def test_repair_gives_up_on_a_pair_above_the_cap_in_the_played_rounds():
    assert repair(20, [HALVES] * 5, [HALVES], cap=4, rng=np.random.default_rng(1), steps=5) is None


@pytest.mark.parametrize("tables,m", [(2, 40), (3, 36), (4, 32), (5, 25), (10, 0)])
def test_the_bound_range_gives_the_issues_round_pair_minimum(tables, m):
    # T tables of 10, everybody in both rounds: each table of one shares low..high players with
    # each table of the other, and the pairs sharing a table twice then number m(T)
    low, high = round_pair_bound_range(tables)
    row = [high] * (10 - low * tables) + [low] * (tables - (10 - low * tables))
    assert sum(row) == 10
    assert tables * sum(math.comb(n, 2) for n in row) == m


def test_two_rounds_at_the_bound_or_not():
    other = np.array([list(range(5)) + list(range(10, 15)), list(range(5, 10)) + list(range(15, 20))])
    assert loose_round_pairs([HALVES, other], (5, 5)) == 0
    assert loose_round_pairs([HALVES, HALVES], (5, 5)) == 1


def test_a_loose_pair_of_rounds_is_only_allowed_where_the_budget_says():
    # HALVES twice already misses the bound: no third round can fix that with no loose pair left
    third = np.array([list(range(0, 20, 2)), list(range(1, 20, 2))])
    assert seating_within(20, [HALVES, HALVES], [third], cap=3, shared=(5, 5), loose=0) is IMPOSSIBLE
    found = seating_within(20, [HALVES, HALVES], [third], cap=3, shared=(5, 5), loose=1)
    check_rounds(found)
    assert loose_round_pairs([HALVES, HALVES] + found.rounds, (5, 5)) == 1
