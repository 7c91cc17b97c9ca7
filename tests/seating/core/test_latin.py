"""The constructions the generator starts from (seating/latin.py): what each claims, checked."""
import itertools

import numpy as np
import pytest

from seating.core.latin import (
    CYCLIC_30_CYCLES,
    GH10_Z5,
    MOLS_10,
    are_orthogonal,
    complementary_rounds_20,
    cycle_permutation,
    cyclic_rounds_30,
    cyclic_rounds_30_within_cap,
    hadamard_20,
    is_generalised_hadamard,
    is_latin,
    oa30_rounds,
    oa50_rounds,
    paley_hadamard,
    simplex_oa27,
    williams_square,
)
from seating.core.report import loose_round_pairs, meetings, pair_cap, table_balanced_shared


def test_constructions_are_what_they_claim():
    assert is_latin(williams_square(10))
    assert is_latin(MOLS_10[0]) and is_latin(MOLS_10[1])
    assert are_orthogonal(*MOLS_10)


def test_the_hadamard_and_generalised_hadamard_matrices_are_what_they_claim():
    h = hadamard_20()
    assert (h @ h.T == 20 * np.eye(20)).all() and (h[0] == 1).all()
    assert is_generalised_hadamard(GH10_Z5, 5)
    assert is_generalised_hadamard(np.asarray(GH10_Z5).T, 5)


def test_any_two_oa50_rounds_share_two_players_per_pair_of_tables():
    rounds = oa50_rounds()
    for a in range(10):
        for b in range(a + 1, 10):
            for first in rounds[a]:
                for second in rounds[b]:
                    assert len(set(first) & set(second)) == 2


def test_the_simplex_code_is_an_orthogonal_array_of_strength_two():
    oa = simplex_oa27()
    assert oa.shape == (27, 13)
    for a in range(13):
        for b in range(a + 1, 13):
            pairs = np.bincount(3 * oa[:, a] + oa[:, b], minlength=9)
            assert (pairs == 3).all()


@pytest.mark.parametrize("games", [8, 10, 12, 13])
def test_any_two_oa30_rounds_meet_the_round_pair_bound_exactly(games):
    rounds = oa30_rounds(games, seed=4)
    assert len(rounds) == games
    for rnd in rounds:
        assert sorted(len(table) for table in rnd) == [10, 10, 10]
        assert sorted(p for table in rnd for p in table) == list(range(30))
    for a in range(games):
        for b in range(a + 1, games):
            shared = [len(set(x) & set(y)) for x in rounds[a] for y in rounds[b]]
            assert sorted(shared) == [3] * 6 + [4] * 3  # 36 pairs of players in both, the minimum


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


def test_paley_hadamard_matrices_are_hadamard():
    for q in (11, 19, 23):
        h = paley_hadamard(q)
        assert (h @ h.T == (q + 1) * np.eye(q + 1)).all() and (h[0] == 1).all()
    with pytest.raises(ValueError):
        paley_hadamard(13)


def test_complementary_rounds_put_everybody_six_times_at_each_table_and_meet_the_tables_bound():
    rounds = complementary_rounds_20(12)
    at_first = np.zeros(20, dtype=int)
    for rnd in rounds:
        assert [len(t) for t in rnd] == [10, 10] and sorted(rnd[0] + rnd[1]) == list(range(20))
        at_first[rnd[0]] += 1
    assert (at_first == 6).all()
    counts = pair_counts(rounds, players=20)
    assert np.bincount(counts).tolist() == [10, 0, 0, 0, 0, 0, 180]  # a row and its negative: 0
    shared = int((counts * (counts - 1) // 2).sum())
    assert shared == table_balanced_shared(20, 12, 2) == 2700
    assert complementary_rounds_20(10) is None
