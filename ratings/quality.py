"""How well the rating predicted the games played here (the page "how the rating works"): each
rated game's forecast as the snapshot stored it (GameRating.p_red, made from the games before it
only), beside mafiaratings' Elo and the running red share computed on the same games in the
same order (engines.ratings.anchors), measured by engines.ratings.quality.

A snapshot never changes once stored, so its measures are kept in the cache under its version:
the page reads every rated game once per new snapshot, not once per visit."""
from __future__ import annotations

from django.core.cache import cache

from engines.ratings.anchors import elo_side, mafiaratings_elo, red_share
from engines.ratings.quality import Assessment, assess

from .models import GameRating, RatingSnapshot
from .recompute import rated_games

METHODS = ("ours", "mafiaratings_elo", "elo_side", "red_share")
_ANCHORS = {"mafiaratings_elo": mafiaratings_elo, "elo_side": elo_side, "red_share": red_share}


def forecasts_of(snapshot: RatingSnapshot) -> dict[int, float]:
    """game pk -> the forecast of red's win the snapshot made before that game."""
    return dict(GameRating.objects.filter(snapshot=snapshot).order_by().values_list("game_id", "p_red").distinct())


def rating_quality(snapshot: RatingSnapshot | None) -> dict[str, Assessment] | None:
    """The measures of ours and of each anchor over the snapshot's rated games (None: no snapshot)."""
    if snapshot is None:
        return None
    key = f"ratings:quality:{snapshot.version}"
    found = cache.get(key)
    if found is not None:
        return found
    ours = forecasts_of(snapshot)
    games = [(pk, game) for pk, game in rated_games() if pk in ours]  # the season's order, as rated
    results = [game.result for _pk, game in games]
    measured = {"ours": assess(results, [ours[pk] for pk, _game in games])}
    played = [game for _pk, game in games]
    for name, anchor in _ANCHORS.items():
        measured[name] = assess(results, anchor(played))
    cache.set(key, measured, 24 * 3600)
    return measured
