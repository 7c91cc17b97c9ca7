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
