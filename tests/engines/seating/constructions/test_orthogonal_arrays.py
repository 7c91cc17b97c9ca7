"""Orthogonal arrays (engines/seating/constructions/orthogonal_arrays.py): what each claims, checked."""
import numpy as np
import pytest

from engines.seating.constructions.orthogonal_arrays import GH10_Z5, is_generalised_hadamard, oa30_rounds, oa50_rounds, simplex_oa27


def test_the_generalised_hadamard_matrix_is_what_it_claims():
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
