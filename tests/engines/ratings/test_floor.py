"""The bench's yardsticks of issue 36 (bench/rating_informed.py, bench/rating_anchors.py):
the informed learner and the whole-history anchor forecast each game from earlier games only,
and the informed learner, told the world, does better than ours, which does better than the
running red share."""
import math
import os
import sys
from dataclasses import replace

import pytest

BENCH = os.path.join(os.path.dirname(__file__), os.pardir, os.pardir, os.pardir, "bench")
sys.path.insert(0, os.path.abspath(BENCH))

from rating_anchors import whole_history  # noqa: E402
from rating_informed import informed  # noqa: E402
from rating_world import WORLDS, simulate  # noqa: E402

from engines.ratings.anchors import red_share  # noqa: E402
from engines.ratings.bank import rate_season  # noqa: E402


def log_loss(games, preds):
    rows = [(g.result == "red", p) for g, p in zip(games, preds) if g.result != "draw"]
    return -sum(math.log(p if y else 1.0 - p) for y, p in rows) / len(rows)


def flipped(games, k):
    result = {"red": "black", "black": "red", "draw": "red"}[games[k].result]
    return games[:k] + [replace(games[k], result=result)] + games[k + 1:]


@pytest.mark.parametrize("forecast", [
    lambda games: informed(games, WORLDS["default"]),
    whole_history,
], ids=["informed learner", "whole history"])
def test_a_later_result_moves_no_earlier_forecast(forecast):
    games, _truth = simulate(320, seed=4, world=WORLDS["default"])
    k = 170
    before, after = forecast(games), forecast(flipped(games, k))
    assert after[:k + 1] == before[:k + 1]
    assert after[k + 1:] != before[k + 1:]


def test_the_informed_learner_is_the_floor_ours_is_above_it_and_below_the_red_share():
    world = WORLDS["default"]
    games, truth = simulate(3000, seed=2, world=world)
    floor = log_loss(games, informed(games, world))
    ours = log_loss(games, rate_season(games)[1])
    assert log_loss(games, truth) < floor < ours < log_loss(games, red_share(games))


def test_in_a_world_without_skills_the_informed_learner_forecasts_the_base_rate():
    world = WORLDS["no-skill"]
    games, truth = simulate(400, seed=3, world=world)
    preds = informed(games, world)
    assert max(abs(p - t) for p, t in zip(preds, truth)) < 1e-12
