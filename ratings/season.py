"""A season's points from the database: every finished tournament of the year with a category
(RatingSettings.stars) gives each player of its final overall standings the points of his place
(engines.ratings.season), the field being the players in those standings. A tournament counts
as soon as its organisers mark it finished (the board is read on each request), and not before:
the places of a tournament still running are not final, and season points are for places.
A tournament left out of the rating still earns season points only if it has stars: the
category is the organisers' statement that the tournament counts for the season. A tournament
that still hides a stage's standings counts once they are revealed (its places would tell them)."""
from __future__ import annotations

from engines.ratings.season import DEFAULT_BEST, MIN_FIELD, Result, SeasonRow, season_standings
from scoring import selectors
from tournaments.models import Publication

from .models import RatingSettings


def season_results(year: int) -> list[Result]:
    """The season's results: (player pk as text, tournament pk as text, place, stars, field)."""
    stars = dict(RatingSettings.objects.filter(
        stars__isnull=False, tournament__start_date__year=year,
        tournament__publication=Publication.FINISHED,
    ).exclude(tournament__stages__standings_hidden=True).values_list("tournament_id", "stars"))
    results: list[Result] = []
    for tournament_id in sorted(stars):
        rows = selectors.places(tournament_id)  # the final standings, by the one rule of scoring.selectors
        field = len(rows)
        if field < MIN_FIELD:
            continue
        results += [Result(str(player), str(tournament_id), place, stars[tournament_id], field)
                    for player, place in rows if player is not None]
    return results


def season_table(year: int, best: int = DEFAULT_BEST) -> list[SeasonRow]:
    """The season's standings over each player's best ``best`` tournaments (player = Player pk as text)."""
    return season_standings(season_results(year), best=best)
