"""The tabu search of the free rounds (100 x 10): valid rounds, exact cost bookkeeping, determinism."""
import numpy as np
import pytest

from engines.seating.constructions.latin import grid_rounds_100
from engines.seating.tabu import tabu_groups


def pair_cost(players, rounds):
    meet = np.zeros((players, players), dtype=np.int64)
    for rnd in rounds:
        for row in np.asarray(rnd):
            meet[np.ix_(row, row)] += 1
    np.fill_diagonal(meet, 0)
    m = meet[np.triu_indices(players, 1)]
    return m, float((m * (m - 1) // 2).sum() + 50 * (np.maximum(0, m - 2) ** 2).sum())


def start(players, tables, free, seed):
    rng = np.random.default_rng(seed)
    return [rng.permutation(players).reshape(tables, 10) for _ in range(free)]


@pytest.mark.parametrize("players,fixed_count,free_count", [(100, 4, 6), (30, 2, 5)])
def test_rounds_stay_partitions_and_the_cost_is_exact(players, fixed_count, free_count):
    tables = players // 10
    if players == 100:
        fixed = [np.asarray(r) for r in grid_rounds_100()]
    else:
        fixed = start(players, tables, fixed_count, 7)
    free = start(players, tables, free_count, 1)
    _, before = pair_cost(players, fixed + free)
    found, stats = tabu_groups(players, fixed, free, seed=2, iterations=600)
    assert len(found) == free_count
    for rnd in found:
        assert rnd.shape == (tables, 10)
        assert sorted(rnd.ravel().tolist()) == list(range(players))
    _, after = pair_cost(players, fixed + found)
    assert stats["start_cost"] == before
    assert stats["cost"] == after
    assert after < before


def test_hundred_players_no_triple_and_deterministic():
    fixed = [np.asarray(r) for r in grid_rounds_100()]
    free = start(100, 10, 6, 3)
    one, _ = tabu_groups(100, fixed, free, seed=5, iterations=3000)
    two, _ = tabu_groups(100, fixed, free, seed=5, iterations=3000)
    assert all((a == b).all() for a, b in zip(one, two))
    m, _ = pair_cost(100, fixed + one)
    assert m.max() <= 2
    assert (m == 2).sum() < 700  # a random start has about 1600


def test_two_chains_keep_the_better_one_and_are_deterministic():
    fixed = [np.asarray(r) for r in grid_rounds_100()]
    free = start(100, 10, 6, 4)
    single = [tabu_groups(100, fixed, free, seed=s, iterations=1500)[1]["cost"] for s in (9, 1009)]
    found, stats = tabu_groups(100, fixed, free, seed=9, iterations=1500, chains=2)
    again, _ = tabu_groups(100, fixed, free, seed=9, iterations=1500, chains=2)
    assert stats["chains"] == 2
    assert stats["iterations"] == 3000
    assert stats["cost"] == min(single)
    assert pair_cost(100, fixed + found)[1] == min(single)
    assert all((a == b).all() for a, b in zip(found, again))


def test_the_search_stops_at_a_cost_nobody_can_beat():
    fixed = [np.asarray(r) for r in grid_rounds_100()]
    free = start(100, 10, 6, 5)
    _, stats = tabu_groups(100, fixed, free, seed=1, iterations=50_000, target=10**6, cap=10)
    assert stats["iterations"] == 0


def test_players_sitting_out_stay_out_and_the_cap_comes_first():
    from engines.seating.generator import playing_sets

    sets = playing_sets({p: 8 for p in range(25)}, [2] * 10, seed=3)
    rng = np.random.default_rng(3)
    free = [rng.permutation(np.array(s)).reshape(2, 10) for s in sets]
    found, stats = tabu_groups(25, [], free, seed=3, iterations=1_200_000, cap=4, chains=2, over=200)
    for rnd, playing in zip(found, sets):
        assert sorted(rnd.ravel().tolist()) == sorted(playing)
    meet = np.zeros((25, 25), dtype=np.int64)
    for rnd in found:
        for row in rnd:
            meet[np.ix_(row, row)] += 1
    np.fill_diagonal(meet, 0)
    m = meet[np.triu_indices(25, 1)]
    # the best seating with nobody above the cap is returned, not the lowest penalised cost
    assert stats["within_cap"] and m.max() <= 4
    assert stats["cost"] == int((m * (m - 1) // 2).sum())


def test_hundred_players_ten_games_reach_std_0_55_without_a_triple():
    # the figure: std <= 0.55 means at most 544 pairs meeting twice (4,500 meetings over
    # 4,950 pairs); a fixed move budget keeps the test the same on every machine. The search stops
    # at that cost (target); from this start and seed it gets there in about 216,000 of its
    # 1,000,000 moves (seeds 1 to 8 took 216,000 to 916,000 moves, or more than the million)
    fixed = [np.asarray(r) for r in grid_rounds_100()]
    free = start(100, 10, 6, 8)
    found, stats = tabu_groups(100, fixed, free, seed=8, iterations=1_000_000, target=544)
    assert stats["iterations"] < 1_000_000
    m, _ = pair_cost(100, fixed + found)
    assert m.max() == 2
    assert (m == 2).sum() <= 544
    assert m.std() <= 0.55


def test_with_labels_the_table_and_judge_counts_stay_in_their_band():
    # 30 players, 6 rounds of 3 tables: every player 1..3 times at each table and with each judge
    # ("near": floor/ceil(6 / 3) = 2, plus or minus one) and no pair above the cap 3
    free = start(30, 3, 6, 11)
    tables = [np.arange(3)] * 6
    judges = [np.array([2, 0, 1])] * 6
    found, stats = tabu_groups(
        30, [], free, seed=4, iterations=1_000_000, cap=3, chains=2, over=200,
        labels=(tables, judges), band=(1, 3), alpha=200.0,
    )
    assert stats["within_cap"]
    at_table = np.zeros((30, 3), dtype=np.int64)
    with_judge = np.zeros((30, 3), dtype=np.int64)
    for rnd, tabs, jus in zip(found, tables, judges):
        for group, table, judge in zip(rnd, tabs, jus):
            at_table[group, table] += 1
            with_judge[group, judge] += 1
    assert at_table.min() >= 1 and at_table.max() <= 3
    assert with_judge.min() >= 1 and with_judge.max() <= 3
    m, _ = pair_cost(30, found)
    assert m.max() <= 3
    assert stats["cost"] == int((m * (m - 1) // 2).sum())  # inside the band the counts cost nothing
