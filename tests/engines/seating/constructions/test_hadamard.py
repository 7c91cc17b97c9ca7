"""Hadamard matrices (engines/seating/constructions/hadamard.py): what each claims, checked; and the
20-player stage of the pairs mode built from them, with its SAT repair within the cap.

The repair of one size (``exact.near_bound``, seconds of SAT search) is done once a process
(``hadamard._rows_once``): the tests of that stage live in this one module, so that they run in
one test process and share it."""
import math

import numpy as np
import pytest

from engines.seating import generate, quality_report
from engines.seating.constructions.hadamard import (
    _rows_once,
    best_hadamard_rows,
    complementary_rounds_20,
    hadamard_20,
    hadamard_rounds_20,
    paley_hadamard,
)
from engines.seating.report import loose_round_pairs, meetings, table_balanced_shared


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


def test_near_bound_keeps_the_20_by_12_rows_within_the_cap_one_pair_of_rounds_off_the_bound():
    # the best 12 rows of the Hadamard matrix meet the bound (2640 shared pairs of rounds) but
    # put pairs at 8 meetings; the cap is 7. The construction has exact.near_bound re-solve them
    # (with numpy's generator of the seed: near_bound(20, rows, 7, default_rng(1)))
    every = hadamard_rounds_20()
    rows = [every[i] for i in best_hadamard_rows(12, 1)]
    assert meetings(rows, 20).max() == 8
    assert loose_round_pairs([np.asarray(r) for r in rows], (5, 5)) == 0
    played, found = _rows_once(12, 1, 7)
    assert played == rows
    assert len(found) == 12
    for groups in found:
        assert groups.shape == (2, 10) and sorted(groups.ravel().tolist()) == list(range(20))
    met = meetings(found, 20)[np.triu_indices(20, 1)]
    assert met.max() <= 7
    assert loose_round_pairs(found, (5, 5)) == 1
    assert sum(math.comb(int(m), 2) for m in met) == 2642  # one pair of rounds at 4/6: 42, not 40
    assert met.std() < 1.079 * 1.02


@pytest.mark.parametrize("games,std", [(8, 1.142), (12, 1.089)])
def test_twenty_players_keep_every_pair_within_the_cap(games, std):
    # the rows of the Hadamard matrix meet the round-pair bound but put some pairs at 6 (8 games)
    # or 8 (12 games) meetings; the cap ceil(lambda) + 1 is 5 and 7. 1.142 is the best the cap
    # allows at 8 (bench/seating_limits.py); 1.089 is within 1 % of the bound at 12. The default
    # budget, as an organiser seats (40,000 moves gave the same figures)
    seating = generate(20, games, seed=1)
    stage = quality_report(seating)["stage"]
    assert stage["pair_max"] <= math.ceil(9 * games / 19) + 1
    assert stage["pair_std"] <= std  # the bounds are 1.104 and 1.079
