"""Hadamard matrices (seating/core/constructions/hadamard.py): what each claims, checked."""
import numpy as np
import pytest

from seating.core.constructions.hadamard import complementary_rounds_20, hadamard_20, paley_hadamard
from seating.core.report import meetings, table_balanced_shared


def pair_counts(rounds, players=30):
    return meetings([np.asarray(r) for r in rounds], players)[np.triu_indices(players, 1)]


def test_the_hadamard_matrix_of_order_20_is_what_it_claims():
    h = hadamard_20()
    assert (h @ h.T == 20 * np.eye(20)).all() and (h[0] == 1).all()


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

