"""Season points, separate from skill: points for a place by the tournament's category (stars
1-5) and field size, and the season's standings over each player's best N tournaments.

Pure and exact: integers and Decimals only, rounded half up once per result, so the same
results always give the same standings. The table is in engines/ratings/README.md ("Season
points"); these constants are it.
"""
from __future__ import annotations

from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal

# The winner's points in a full field, by category.
BASE = {1: 100, 2: 200, 3: 350, 4: 550, 5: 800}
# A place's share of the winner's points, places 1-10.
TOP_SHARE = {1: Decimal("1.00"), 2: Decimal("0.80"), 3: Decimal("0.65"), 4: Decimal("0.55"), 5: Decimal("0.50"),
             6: Decimal("0.45"), 7: Decimal("0.40"), 8: Decimal("0.35"), 9: Decimal("0.30"), 10: Decimal("0.25")}
# Places 11 to the last: from 0.20 down to 0.05, evenly.
REST_FIRST, REST_LAST = Decimal("0.20"), Decimal("0.05")
FULL_FIELD = 30  # a field of this many players or more pays in full; a smaller one field/30
MIN_FIELD = 10  # one table: fewer players is not a tournament
DEFAULT_BEST = 8  # tournaments counted per player and season (a setting)


class SeasonPointsError(ValueError):
    """A result the table cannot score; the message names the field."""


def place_share(place: int, field: int) -> Decimal:
    """The share of the winner's points that ``place`` of ``field`` players earns."""
    if place in TOP_SHARE:
        return TOP_SHARE[place]
    if field <= 11:
        return REST_FIRST
    return REST_LAST + (REST_FIRST - REST_LAST) * Decimal(field - place) / Decimal(field - 11)


def season_points(place: int, stars: int, field: int) -> Decimal:
    """Points for ``place`` (1 = winner) in a tournament of ``stars`` (1-5) and ``field`` players,
    to one decimal: BASE[stars] x place_share x min(1, field / 30)."""
    if stars not in BASE:
        raise SeasonPointsError(f"stars: {stars!r} is not 1 to 5")
    if not isinstance(field, int) or field < MIN_FIELD:
        raise SeasonPointsError(f"field: {field!r} players, at least {MIN_FIELD} needed")
    if not isinstance(place, int) or not 1 <= place <= field:
        raise SeasonPointsError(f"place: {place!r} is not 1 to {field}")
    factor = min(Decimal(1), Decimal(field) / FULL_FIELD)
    points = BASE[stars] * place_share(place, field) * factor
    return points.quantize(Decimal("0.1"), rounding=ROUND_HALF_UP)


@dataclass(frozen=True, slots=True)
class Result:
    """One player's place in one tournament of the season."""

    player: str
    tournament: str
    place: int
    stars: int
    field: int


@dataclass(frozen=True, slots=True)
class SeasonRow:
    place: int
    player: str
    points: Decimal  # the sum of the counted results
    counted: tuple[Decimal, ...]  # the best N results, best first
    tournaments: int  # every tournament played in the season


def season_standings(results, best: int = DEFAULT_BEST) -> list[SeasonRow]:
    """The season's standings: each player's best ``best`` results summed. Ties are broken by
    (1) the counted results compared from the best down, (2) more tournaments played; players
    still equal share the place (listed by id)."""
    if not isinstance(best, int) or best < 1:
        raise SeasonPointsError(f"best: {best!r} is not a whole number of at least 1")
    by_player: dict[str, list[Decimal]] = {}
    for r in results:
        by_player.setdefault(r.player, []).append(season_points(r.place, r.stars, r.field))
    rows = []
    for player, points in by_player.items():
        counted = tuple(sorted(points, reverse=True)[:best])
        rows.append((sum(counted, Decimal(0)), counted, len(points), player))
    rows.sort(key=lambda r: (-r[0], tuple(-p for p in r[1]), -r[2], r[3]))
    out: list[SeasonRow] = []
    for i, (total, counted, played, player) in enumerate(rows):
        key = (total, counted, played)
        if out and (out[-1].points, out[-1].counted, out[-1].tournaments) == key:
            place = out[-1].place
        else:
            place = i + 1
        out.append(SeasonRow(place, player, total, counted, played))
    return out
