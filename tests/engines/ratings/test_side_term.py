"""The side term (red's base rate, engines/ratings/params.py) keeps its head: one game of ten
players never seen moves the next game of ten others by a few points, not to 43 %; a season
still teaches it the base rate of its field."""
import pytest

from engines.ratings.bank import RatingBank
from engines.ratings.games import RatedGame
from engines.ratings.model import RatingModel

ROLES = ("red",) * 6 + ("sheriff", "black", "black", "don")


def table(prefix: str, result: str, day: int = 740000) -> RatedGame:
    return RatedGame(source="t", game_id=prefix, tournament=0, day=day,
                     seats=tuple((f"{prefix}-{seat}", role) for seat, role in enumerate(ROLES)), result=result)


@pytest.mark.parametrize("rating", [RatingBank, RatingModel], ids=["the rating", "its default member"])
def test_a_single_game_keeps_the_next_game_of_unseen_players_near_even(rating):
    for result in ("black", "red"):
        model = rating()
        before = model.predict(table("next", "red"))
        model.update(table("first", result))
        after = model.predict(table("next", "red"))
        assert before == 0.5
        assert 0.45 <= after <= 0.55, (result, after)
        assert (after < 0.5) == (result == "black")  # it learns, in the right direction


@pytest.mark.parametrize("rating", [RatingBank, RatingModel], ids=["the rating", "its default member"])
def test_a_season_of_one_population_still_teaches_its_base_rate(rating):
    model = rating()
    for i in range(400):  # red wins 62 % of 400 games, every table new
        model.update(table(f"g{i}", "red" if i % 50 < 31 else "black", day=740000 + i // 20))
    learned = model.predict(table("next", "red", day=740021))
    assert 0.57 <= learned <= 0.64, learned


def ruleset_table(prefix: str, result: str, ruleset: str, day: int = 740000) -> RatedGame:
    return RatedGame(source="t", game_id=prefix, tournament=0, day=day, ruleset=ruleset,
                     seats=tuple((f"{prefix}-{seat}", role) for seat, role in enumerate(ROLES)), result=result)


def test_each_ruleset_learns_its_own_base_rate():
    # red wins 64 % of 600 games under one set of rules, then 42 % of 600 under another; every
    # table new, so only the side term can learn it
    model = RatingBank()
    for i in range(600):
        model.update(ruleset_table(f"f{i}", "red" if i % 25 < 16 else "black", "fiim", day=740000 + i // 20))
    for i in range(600):
        model.update(ruleset_table(f"m{i}", "red" if i % 50 < 21 else "black", "mafclub", day=740030 + i // 20))
    fiim = model.predict(ruleset_table("next-f", "red", "fiim", day=740061))
    mafclub = model.predict(ruleset_table("next-m", "red", "mafclub", day=740061))
    assert 0.58 <= fiim <= 0.68, fiim
    assert 0.38 <= mafclub <= 0.48, mafclub
    rates = model.summary()["red_base_rate_by_ruleset"]
    assert set(rates) == {"fiim", "mafclub"} and rates["fiim"] > 0.55 > 0.5 > rates["mafclub"]


def test_one_game_under_new_rules_keeps_the_next_game_of_unseen_players_near_the_known_rate():
    model = RatingModel()
    for i in range(200):
        model.update(ruleset_table(f"f{i}", "red" if i % 2 else "black", "fiim"))
    model.update(ruleset_table("m0", "black", "mafclub"))
    after = model.predict(ruleset_table("m1", "red", "mafclub"))
    assert 0.45 <= after <= 0.5, after


def test_a_season_under_one_ruleset_is_rated_as_if_none_were_named():
    named = RatingBank()
    plain = RatingBank()
    for i in range(300):
        result = "red" if i % 5 < 3 else "black"
        players = [f"p{(i * 3 + k) % 40}" for k in range(10)]
        game = RatedGame("t", f"g{i}", i // 30, 740000 + i // 30, tuple(zip(players, ROLES)), result, "fiim")
        bare = RatedGame("t", f"g{i}", i // 30, 740000 + i // 30, tuple(zip(players, ROLES)), result)
        assert named.update(game) == plain.update(bare)
