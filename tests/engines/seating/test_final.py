"""The final: 10 players, each seat at most once, neighbours balanced (row-complete square)."""
from collections import Counter

import pytest

from engines.seating import generate_final


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
