"""The annealer's incremental deltas agree with the cost recomputed from scratch."""
import numpy as np
import pytest

from engines.seating.anneal import GroupAnnealer, RoundState, Weights
from engines.seating.seats import colour_seats, hungarian


def make(seed, weights=None, apart=()):
    rng = np.random.default_rng(seed)
    rounds = [RoundState(rng.permutation(30)[:30].reshape(3, 10), np.arange(3), rng.permutation(3)) for _ in range(6)]
    return GroupAnnealer(30, 3, rounds, apart=apart, weights=weights, seed=seed)


WEIGHTS = [
    None,
    Weights(mean=1.86, cap=3, alpha=1.0),
    Weights(mean=1.86, cap=3, alpha=0.7, count_low=2, count_high=2, band=1, even=0.1, outside=10.0),
]


@pytest.mark.parametrize("weights", WEIGHTS)
def test_player_swap_deltas_are_exact(weights):
    a = make(1, weights, apart=[(0, 1), (2, 3)])
    rng = np.random.default_rng(0)
    for _ in range(25):
        r = int(rng.integers(6))
        delta = a.swap_deltas(r)
        ia, ib = int(rng.integers(30)), int(rng.integers(30))
        if ia // 10 == ib // 10:
            continue
        before = a.cost()
        a.apply_swap(r, ia, ib)
        assert a.cost() - before == pytest.approx(delta[ia, ib], abs=1e-6)


@pytest.mark.parametrize("which", ["table", "judge", "both"])
def test_label_swap_deltas_are_exact(which):
    a = make(2, WEIGHTS[2])
    for r in range(6):
        delta = a.label_deltas(r, which)
        before = a.cost()
        a.apply_label_swap(r, which, 0, 2)
        assert a.cost() - before == pytest.approx(delta[0, 2], abs=1e-6)


def test_the_running_cost_matches_and_falls():
    a = make(3, Weights(mean=1.86, cap=3, alpha=1.0))
    start = a.cost()
    best = a.run(iterations=300, t_start=1.0, t_end=0.05)
    assert a.stats.cost <= start
    fresh = GroupAnnealer(30, 3, best, weights=Weights(mean=1.86, cap=3, alpha=1.0))
    assert fresh.cost() == pytest.approx(a.stats.cost, abs=1e-6)


def test_seat_colouring_is_equitable_for_twelve_games():
    rng = np.random.default_rng(5)
    games = []
    for _ in range(12):  # 12 rounds of 3 tables: every one of 30 players plays 12 games
        perm = rng.permutation(30) + 1
        games += [tuple(int(p) for p in perm[10 * t : 10 * t + 10]) for t in range(3)]
    seated = colour_seats(games, seed=1)
    counts = {}
    for game, original in zip(seated, games):
        assert sorted(game) == sorted(original)
        for s, p in enumerate(game):
            counts.setdefault(p, [0] * 10)[s] += 1
    assert all(set(c) <= {1, 2} and sum(c) == 12 for c in counts.values())


def test_hungarian_finds_the_cheapest_assignment():
    cost = [[4, 1, 3], [2, 0, 5], [3, 2, 2]]
    column = hungarian(cost)
    assert sum(cost[i][column[i]] for i in range(3)) == 5
