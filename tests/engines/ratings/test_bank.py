"""The rating as run is a bank of filters that differ in their priors (engines/ratings/bank.py):
the mixture forecasts from past games only and follows the member whose priors fit the field."""
from __future__ import annotations

import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "..", "bench"))

from rating_world import WORLDS, simulate  # noqa: E402

from engines.ratings.bank import PRIORS, RatingBank, rate_season  # noqa: E402


@pytest.mark.parametrize(("world", "skill_sd", "side_sd"), [("no-skill", 0.10, 0.05), ("black-favoured", 0.45, 0.30)])
def test_it_follows_the_member_whose_priors_fit_the_field(world, skill_sd, side_sd):
    games, _truth = simulate(4000, 1, WORLDS[world])
    bank, _preds = rate_season(games)
    assert (bank.params.skill_sd, bank.params.side_sd) == (skill_sd, side_sd)
    shares = {(m["skill_sd"], m["side_sd"]): m["share"] for m in bank.summary()["members"]}
    assert shares[(skill_sd, side_sd)] > 0.9
    assert bank.player(games[-1].seats[0][0]) == bank.leader.player(games[-1].seats[0][0])


def test_at_the_start_every_member_counts_the_same_and_the_forecast_lies_between_theirs():
    games, _truth = simulate(300, 2, WORLDS["default"])
    bank = RatingBank()
    assert bank.leader is bank.members[0]  # the design's default while they are tied
    for game in games:
        members = [m.predict(game) for m in bank.members]
        p = bank.predict(game)
        assert min(members) - 1e-12 <= p <= max(members) + 1e-12
        assert bank.update(game) == p
    assert len(PRIORS) == len(bank.members) == len(bank.summary()["members"])
    assert len({round(p, 6) for p in (m.predict(games[0]) for m in bank.members)}) > 1  # they do differ
