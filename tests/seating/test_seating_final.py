"""The final: 10 players, each seat at most once, neighbours balanced (row-complete square)."""
from collections import Counter

import pytest

from seating import generate_final
import numpy as np

from seating.latin import (
    GH10_Z5,
    MOLS_10,
    are_orthogonal,
    hadamard_20,
    is_generalised_hadamard,
    is_latin,
    oa30_rounds,
    oa50_rounds,
    simplex_oa27,
    williams_square,
)


def neighbours(seating):
    return Counter((t.seats[s], t.seats[s + 1]) for rnd in seating.rounds for t in rnd for s in range(9))


@pytest.mark.parametrize("seed", [0, 1, 5])
def test_ten_games_are_a_row_complete_latin_square(seed):
    final = generate_final(games=10, seed=seed)
    rows = [rnd[0].seats for rnd in final.rounds]
    assert len(rows) == 10 and all(len(rnd) == 1 for rnd in final.rounds)
    assert all(sorted(row) == list(range(1, 11)) for row in rows)
    for seat in range(10):  # every player takes every seat exactly once
        assert sorted(row[seat] for row in rows) == list(range(1, 11))
    pairs = neighbours(final)
    assert len(pairs) == 90 and set(pairs.values()) == {1}  # every ordered pair once


@pytest.mark.parametrize("games", [1, 4, 7, 9])
def test_fewer_games_use_each_seat_and_each_neighbour_at_most_once(games):
    final = generate_final(games=games, seed=2)
    rows = [rnd[0].seats for rnd in final.rounds]
    assert len(rows) == games
    for seat in range(10):
        assert len({row[seat] for row in rows}) == games
    assert max(neighbours(final).values()) == 1


def test_more_than_ten_games_keep_seats_within_floor_and_ceil():
    final = generate_final(games=12, seed=0)
    counts = Counter((p, s) for rnd in final.rounds for s, p in enumerate(rnd[0].seats))
    assert set(counts.values()) <= {1, 2}
    assert len(counts) == 100


def test_the_final_seats_the_given_players():
    final = generate_final(games=10, seed=0, players=[11, 12, 13, 14, 15, 16, 17, 18, 19, 20])
    assert {p for rnd in final.rounds for p in rnd[0].seats} == set(range(11, 21))


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
