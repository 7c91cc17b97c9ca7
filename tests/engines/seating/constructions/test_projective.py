"""The projective line over GF(9) (engines/seating/constructions/projective.py): 100 players x 10 games on 10 tables."""
import itertools

import numpy as np

from engines.seating.constructions.projective import INFINITY, cosets, pgl_2_9, rounds_once_at_each_table, singer_cycle


def test_pgl_2_9_is_sharply_three_transitive():
    group = pgl_2_9()
    assert len(group) == 720 == 10 * 9 * 8
    assert all(sorted(g) == list(range(10)) for g in group)
    # every ordered triple of distinct points goes to (0, 1, infinity) by exactly one map
    images = {tuple(g[x] for x in (0, 1, INFINITY)) for g in group}
    assert len(images) == 720
    # so two different maps agree on at most 2 points
    sample = np.array(group[::7])
    agree = (sample[:, None, :] == sample[None, :, :]).sum(axis=-1)
    assert agree[~np.eye(len(sample), dtype=bool)].max() == 2


def test_the_singer_cycle_moves_every_point_to_every_other():
    cycle = singer_cycle(pgl_2_9())
    assert len(set(cycle)) == 10
    for x in range(10):
        assert sorted(h[x] for h in cycle) == list(range(10))


def test_every_player_sits_at_every_table_once_and_nobody_meets_three_times():
    rounds = rounds_once_at_each_table()
    assert len(rounds) == 10
    at_table = np.zeros((100, 10), dtype=int)
    met = np.zeros((100, 100), dtype=int)
    for rnd in rounds:
        assert sorted(p for table in rnd for p in table) == list(range(100))
        assert all(len(table) == 10 for table in rnd)
        for t, table in enumerate(rnd):
            at_table[table, t] += 1
            for p, q in itertools.combinations(table, 2):
                met[p, q] += 1
    assert (at_table == 1).all()
    counts = met[np.triu_indices(100, 1)]
    assert np.bincount(counts).tolist() == [2290, 820, 1840]  # the fewest at 2 the search finds
    assert round(float(counts.std()), 4) == 0.9089


def test_players_of_one_coset_never_meet():
    table_of = cosets()
    for first in range(0, 100, 10):
        block = table_of[first : first + 10]
        for r in range(10):
            assert sorted(block[:, r]) == list(range(10))
