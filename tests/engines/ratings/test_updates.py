"""The update rules of the rating: what a player and an organiser rely on."""
from __future__ import annotations

import json
import math
import random

import pytest

from engines.ratings.bank import RatingBank, rate_season
from engines.ratings.games import RatedGame
from engines.ratings.model import RatingModel

from .seasons import DEAL, random_season


def _game(players, result, *, day=740000, tournament=0, gid="G", roles=DEAL):
    return RatedGame("f.json", gid, tournament, day, tuple(zip(players, roles)), result)


TEN = [f"p{i}" for i in range(10)]


def test_a_game_moves_its_ten_by_their_own_steps_and_everybody_else_alike():
    """No zero-sum cut of the ten: each keeps his own step; what the ten's changes add up to is
    taken out of every player alike (into the side term), so everyone not at the table moves by
    one and the same amount and the mean stays 0."""
    model = RatingModel()
    season = random_season(n_games=300)
    sums = []
    for game in season:
        before = {pid: model.player(pid)["skill"] for pid in model.players}
        model.update(game)
        seated = {pid for pid, _r in game.seats}
        away = [model.player(pid)["skill"] - b for pid, b in before.items() if pid not in seated]
        if away:
            assert max(away) - min(away) < 1e-9  # one shift for all who did not play
        sums.append(sum(model.player(pid)["skill"] - before.get(pid, 1500.0) for pid in seated))
        assert abs(model.mean_skill()) < 1e-12
    assert max(abs(x) for x in sums) > 1.0  # the ten's changes are not cut to a zero sum
    # and the winners gained: a red win raises team red's skills
    winners_up = RatingModel()
    winners_up.update(_game(TEN, "red"))
    reds = [winners_up.player(p)["skill"] for p, r in zip(TEN, DEAL) if r in ("red", "sheriff")]
    blacks = [winners_up.player(p)["skill"] for p, r in zip(TEN, DEAL) if r in ("black", "don")]
    assert min(reds) > 1500 > max(blacks)


def test_the_mean_rating_does_not_drift_over_a_long_season():
    games = random_season(n_games=4000, n_players=120, seed=3, red_edge=0.4)
    bank, _ = rate_season(games)
    for model in bank.members:
        assert abs(model.mean_skill()) < 1e-12
    # the side parts stay centred on the population too (a shift of every one is the side term's)
        mean_d = sum(st[1] - model.d_offset for st in model.players.values()) / len(model.players)
        assert abs(mean_d) < 1e-12


def test_swapping_the_sides_and_the_result_mirrors_every_prediction():
    games = random_season(n_games=500, seed=11, red_edge=0.5, strong=("p001", "p002"))
    _, ours = rate_season(games)
    _, mirrored = rate_season([g.mirrored() for g in games])
    for p, q in zip(ours, mirrored):
        assert p + q == pytest.approx(1.0, abs=1e-9)
    assert max(abs(p - 0.5) for p in ours) > 0.1  # not trivially 0.5 everywhere


def test_uncertainty_shrinks_with_every_game_on_one_day():
    model = RatingModel()
    newcomer = []
    for n in range(30):
        players = ["new"] + [f"o{(n + k) % 25}" for k in range(9)]
        model.update(_game(players, "red" if n % 3 else "black", gid=f"G{n}"))
        newcomer.append(model.player("new")["uncertainty"])
    assert all(b < a for a, b in zip(newcomer, newcomer[1:]))
    assert newcomer[-1] < 0.9 * newcomer[0]


def test_uncertainty_grows_with_time_away_by_the_games_dates():
    def after_break(days):
        model = RatingModel()
        for n in range(40):
            model.update(_game([f"p{(n + k) % 20}" for k in range(10)], "red" if n % 2 else "black",
                               gid=f"G{n}", day=740000))
        before = model.player("p0", 740000)["uncertainty"]
        return before, model.player("p0", 740000 + days)["uncertainty"]

    now, same_day = after_break(0)
    assert same_day == now
    _, month = after_break(30)
    _, two_years = after_break(730)
    assert now < month < two_years
    assert two_years <= RatingModel().params.skill_sd * RatingModel().params.shown_scale + 1e-9  # a newcomer's, at most


def test_the_shown_rating_is_cautious_and_newcomers_are_provisional():
    model, _ = rate_season(random_season(n_games=800, n_players=30))
    for pid in model.players:
        info = model.player(pid)
        assert info["rating"] == pytest.approx(info["skill"] - 2 * info["uncertainty"])
    fresh = RatingModel()
    fresh.update(_game(TEN, "red"))
    assert all(fresh.player(p)["provisional"] for p in TEN)
    assert any(not model.player(p)["provisional"] for p in model.players)


def test_a_full_recompute_equals_a_saved_state_resumed_game_by_game():
    games = random_season(n_games=900, seed=5)
    full, full_preds = rate_season(games)
    head, head_preds = rate_season(games[:400])
    resumed = RatingBank.from_state(json.loads(json.dumps(head.to_state())))
    tail_preds = [resumed.update(g) for g in games[400:]]
    assert head_preds + tail_preds == full_preds
    assert resumed.to_state() == full.to_state()


def test_changing_a_result_changes_nothing_before_that_game():
    games = random_season(n_games=300, seed=9)
    _, preds = rate_season(games)
    k = 150
    flipped = {"red": "black", "black": "red", "draw": "red"}[games[k].result]
    changed = games[:k] + [RatedGame(games[k].source, games[k].game_id, games[k].tournament, games[k].day,
                                     games[k].seats, flipped)] + games[k + 1:]
    _, new_preds = rate_season(changed)
    assert new_preds[:k + 1] == preds[:k + 1]
    assert new_preds[k + 1:] != preds[k + 1:]


def test_it_is_deterministic():
    games = random_season(n_games=400, seed=2)
    a, pa = rate_season(games)
    b, pb = rate_season(games)
    assert pa == pb and a.to_state() == b.to_state()


def test_it_learns_the_side_term_from_the_games():
    # the forecasts between players it knows nothing against find red's share; the side term
    # itself moves with the side parts of the players at the tables (a shift of theirs is its)
    for share in (0.35, 0.65):
        games = random_season(n_games=2000, n_players=60, seed=4, red_edge=math.log(share / (1 - share)))
        model, preds = rate_season(games)
        late = [p for g, p in zip(games, preds) if g.result != "draw"][-1000:]
        assert abs(sum(late) / len(late) - share) < 0.03
        assert abs(model.summary()["red_base_rate"] - share) < 0.1


def test_it_learns_the_weight_of_the_sheriff_and_the_don():
    games = random_season(n_games=3000, n_players=60, seed=4, red_edge=0.4,
                          strong=tuple(f"p{i:03d}" for i in range(0, 60, 3)), sheriff_matters=1.5)
    model, preds = rate_season(games)
    summary = model.summary()
    w = summary["weights"]
    assert w["sheriff"] > 1.3 * w["red"] and w["don"] > 1.3 * w["black"]
    strong = [model.player(f"p{i:03d}")["skill"] for i in range(0, 60, 3)]
    others = [model.player(f"p{i:03d}")["skill"] for i in range(60) if i % 3]
    assert min(strong) > max(others)
    assert all(0 < p < 1 for p in preds)


def test_after_time_away_a_forecast_trusts_the_old_skill_less_and_a_game_moves_it_more():
    def season_then_game(days_away):
        model = RatingModel()
        for n in range(60):  # "star" plays red and wins, the others rotate
            others = [f"o{(n + k) % 30}" for k in range(9)]
            model.update(_game(["star"] + others, "red", gid=f"G{n}"))
        rest = [f"o{k}" for k in range(9)]
        comeback = _game(["star"] + rest, "black", gid="back", day=740000 + days_away, tournament=1)
        before = model.player("star")["skill"]
        p = model.update(comeback)
        return p, before - model.player("star")["skill"]

    p_now, drop_now = season_then_game(0)
    p_later, drop_later = season_then_game(3 * 365)
    assert 0.5 < p_later < p_now  # still favoured, less sure
    assert drop_later > drop_now > 0  # the loss after the break says more


def test_a_player_who_is_a_better_sheriff_than_his_skill_says_is_learned_as_one():
    # p0 wins every game he is the sheriff of and plays to even odds elsewhere: his part as
    # sheriff rises (his skill takes a share of those wins too), his part as don does not
    rng = random.Random(3)
    model = RatingModel()
    others = [f"o{k}" for k in range(40)]
    for n in range(600):
        table = ["p0"] + rng.sample(others, 9)
        roles = list(DEAL)
        rng.shuffle(roles)
        seat = roles[0]
        result = ("red" if seat == "sheriff" else ("red", "black")[n % 2])
        model.update(_game(table, result, gid=f"G{n}", roles=tuple(roles), day=740000 + n // 40 * 7))
    p0 = model.player("p0")
    assert p0["skill_as_sheriff"] - p0["skill_as_red"] > 60  # Elo points, in the same seat's team
    assert abs(p0["skill_as_don"] - p0["skill_as_black"]) < 15


def test_a_saved_state_of_an_earlier_rating_is_refused():
    bank, _preds = rate_season(random_season(n_games=50, seed=2))
    one = bank.members[0].to_state()  # one model's, as the rating before the bank saved it
    with pytest.raises(ValueError, match="format 3"):
        RatingBank.from_state(one)
    state = bank.to_state()
    state["members"][0]["format"] = 2  # a member saved before each game's zero-sum cut was dropped
    with pytest.raises(ValueError, match="format 2"):
        RatingBank.from_state(state)
    del one["format"]  # the model before the role parts
    with pytest.raises(ValueError, match="format 1"):
        RatingModel.from_state(one)
