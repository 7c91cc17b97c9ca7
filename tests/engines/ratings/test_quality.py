"""The measures of the page "how the rating works" (engines/ratings/quality.py), on numbers
worked by hand."""
import math

import pytest

from engines.ratings.anchors import red_share
from engines.ratings.games import RatedGame
from engines.ratings.quality import assess


def test_log_loss_and_brier_by_hand_with_draws_left_out():
    a = assess(["red", "black", "draw", "red"], [0.8, 0.4, 0.9, 0.5])
    assert a.games == 3
    assert a.log_loss == pytest.approx(-(math.log(0.8) + math.log(0.6) + math.log(0.5)) / 3)
    assert a.brier == pytest.approx((0.04 + 0.16 + 0.25) / 3)


def test_ten_groups_of_equal_size_sorted_by_forecast():
    forecasts = [i / 100 for i in range(100)]
    results = ["red" if i % 10 < i // 10 else "black" for i in range(100)]  # group k: k reds of ten
    a = assess(results, forecasts)
    assert [g.games for g in a.groups] == [10] * 10
    assert [g.mean_forecast for g in a.groups] == pytest.approx([k / 10 + 0.045 for k in range(10)], abs=1e-4)
    assert [g.low for g in a.groups][:2] == [0.0001, 0.1]


def test_a_certain_forecast_that_failed_is_finite_and_no_games_no_score():
    assert assess(["black"], [1.0]).log_loss == pytest.approx(-math.log(1e-4))
    empty = assess(["draw"], [0.5])
    assert empty.games == 0 and empty.log_loss is None and empty.groups == ()


def test_the_running_red_share_counts_only_earlier_games():
    games = [RatedGame("s", str(i), 0, None, (), r) for i, r in enumerate(["red", "red", "black"])]
    assert red_share(games) == [0.5, 2 / 3, 3 / 4]
