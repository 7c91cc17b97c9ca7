"""The SAT model of the free rounds (seating.exact): what it proves impossible, what it finds."""
import itertools

import numpy as np

from seating.exact import IMPOSSIBLE, repair, seating_within

HALVES = np.arange(20).reshape(2, 10)  # players 0-9 at one table, 10-19 at the other


def meetings(rounds, players=20):
    met = np.zeros((players, players), dtype=int)
    for groups in rounds:
        for group in np.asarray(groups):
            met[np.ix_(group, group)] += 1
    np.fill_diagonal(met, 0)
    return met


def check_rounds(rounds, players=20):
    for groups in rounds:
        groups = np.asarray(groups)
        assert groups.shape == (2, 10)
        assert sorted(groups.ravel().tolist()) == list(range(players))


def test_with_a_fifth_round_a_seating_within_four_meetings_is_found():
    found = seating_within(20, [], [HALVES] * 5, cap=4)
    check_rounds(found)
    assert meetings(found).max() <= 4


def test_the_band_counts_at_each_table_label():
    labels = ([np.array([0, 1])] * 4, [np.array([1, 0])] * 4)
    # twice at each table in 4 rounds: only 6 words of weight 2, so some two players share a word
    assert seating_within(20, [], [HALVES] * 4, cap=3, labels=labels, band=(2, 2)) == IMPOSSIBLE
    found = seating_within(20, [], [HALVES] * 4, cap=4, labels=labels, band=(2, 2))
    check_rounds(found)
    at_first_table = np.zeros(20, dtype=int)
    for groups in found:
        at_first_table[groups[0]] += 1
    assert (at_first_table == 2).all()


def test_meetings_in_the_fixed_rounds_count():
    # players 0-9 already met 4 times: in one more round of two tables of 10 some two of them meet
    assert seating_within(20, [HALVES] * 4, [HALVES], cap=4) == IMPOSSIBLE
    assert seating_within(20, [HALVES] * 4, [HALVES], cap=5) != IMPOSSIBLE


def test_players_not_movable_stay_at_their_tables():
    start = [HALVES, HALVES[::-1], HALVES, HALVES[::-1], HALVES]
    # players 1-9 stay together in all 5 rounds, so the cap of 4 cannot hold
    assert seating_within(20, [], start, cap=4, movable={0, 10}) == IMPOSSIBLE
    found = seating_within(20, [], start, cap=5, movable={0, 10})
    check_rounds(found)
    for before, after in zip(start, found):
        for group_before, group_after in zip(before, after):
            assert {int(p) for p in group_before if p % 10} <= set(group_after.tolist())


def test_repair_brings_a_seating_within_the_cap():
    # five identical rounds: every pair at one table meets 5 times, one above the cap of 4
    rounds = repair(20, [], [HALVES] * 5, cap=4, rng=np.random.default_rng(1), steps=40)
    check_rounds(rounds)
    assert meetings(rounds).max() <= 4


def test_repair_gives_up_on_a_pair_above_the_cap_in_the_played_rounds():
    assert repair(20, [HALVES] * 5, [HALVES], cap=4, rng=np.random.default_rng(1), steps=5) is None
