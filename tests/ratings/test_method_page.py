"""The page "how the rating works": its forecasts' log-loss and calibration over the games played
here, beside mafiaratings' Elo and the running red share on the same games, and each game's page
with the forecast made before it."""
import math
import re

import pytest

from engines.ratings.anchors import red_share
from protocols.models import Game
from ratings.models import GameRating
from ratings.quality import rating_quality
from ratings.recompute import current_snapshot, rated_games
from tests.ratings.helpers import shared_season

pytestmark = pytest.mark.django_db


@pytest.fixture
def season():
    return shared_season("hw")


def by_hand(snapshot):
    """(log-loss of ours, log-loss of the running red share) over the decided games, from the rows."""
    p = dict(GameRating.objects.filter(snapshot=snapshot).values_list("game_id", "p_red"))
    games = [(pk, g) for pk, g in rated_games() if pk in p]
    share = red_share([g for _pk, g in games])
    ours, theirs = [], []
    for (pk, g), q in zip(games, share):
        if g.result in ("red", "black"):
            y = g.result == "red"
            ours.append(-math.log(p[pk] if y else 1 - p[pk]))
            theirs.append(-math.log(q if y else 1 - q))
    return sum(ours) / len(ours), sum(theirs) / len(theirs), len(ours)


def test_the_page_shows_the_log_loss_of_each_forecast_and_ten_groups(client, season):
    ours, share, decided = by_hand(current_snapshot())
    html = client.get("/ratings/how/", {"lang": "en"}).content.decode()
    losses = dict(re.findall(r'<tr class="method-(\w+)"><td class="wrap">[^<]+</td><td class="num log-loss">([\d.]+)</td>', html))
    assert set(losses) == {"ours", "mafiaratings_elo", "elo_side", "red_share"}
    assert losses["ours"] == f"{ours:.4f}" and losses["red_share"] == f"{share:.4f}"
    assert f"Over {decided} rated games played here" in html
    groups = re.findall(r"<tr><td class=\"num\">(\d+)</td><td class=\"num\">\d+%</td><td class=\"num\">\d+%</td></tr>", html)
    assert len(groups) == 10 and sum(int(n) for n in groups) == decided
    assert html.count('<g class="series"') == 2 and 'class="diagonal"' in html
    ru = client.get("/ratings/how/", {"lang": "ru"}).content.decode()
    assert f"{ours:.4f}".replace(".", ",") in ru and "Как устроен рейтинг" in ru


def test_the_measures_are_read_once_per_snapshot(client, season, django_assert_max_num_queries):
    snapshot = current_snapshot()
    first = rating_quality(snapshot)
    with django_assert_max_num_queries(0):
        assert rating_quality(snapshot) == first


def test_without_rated_games_the_page_says_so(client, db):
    html = client.get("/ratings/how/", {"lang": "en"}).content.decode()
    assert "No rated games yet." in html and "<svg" not in html


def test_a_game_page_shows_the_forecast_made_before_it(client, season):
    first, _second, _players = season
    game = Game.objects.filter(tournament=first).order_by("number").last()
    p = GameRating.objects.filter(snapshot=current_snapshot(), game=game).values_list("p_red", flat=True).first()
    html = client.get(f"/t/{first.slug}/games/{game.number}/", {"lang": "en"}).content.decode()
    assert f"Before this game the rating gave red a {round(100 * p)}% chance of winning." in html
    ru = client.get(f"/t/{first.slug}/games/{game.number}/", {"lang": "ru"}).content.decode()
    assert f"Прогноз рейтинга перед этой игрой: красные побеждают с вероятностью {round(100 * p)}\u00a0%." in ru
