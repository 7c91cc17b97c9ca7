"""A small season for the ratings' pages and API: two published tournaments a month apart played
by the same 20 players (the second's seats and registrations moved onto the first's players),
standings and the rating computed."""
from __future__ import annotations

import datetime

from protocols.models import Seat
from ratings.recompute import recompute as recompute_rating
from scoring.recompute import recompute as recompute_standings
from tests.tournament_builders import played
from tournaments.models import Player, Registration


def shared_season(prefix: str = "r", *, rounds: int = 3):
    first = played(f"{prefix}-a", players=20, rounds=rounds, seed=1)
    second = played(f"{prefix}-b", players=20, rounds=rounds, seed=2)
    day = first.start_date + datetime.timedelta(days=30)
    second.start_date, second.end_date = day, day + datetime.timedelta(days=1)
    second.save(update_fields=["start_date", "end_date"])
    ours = list(Registration.objects.filter(tournament=first).order_by("number").values_list("player_id", flat=True))
    theirs = list(Registration.objects.filter(tournament=second).order_by("number").values_list("player_id", flat=True))
    for mine, other in zip(ours, theirs):
        Registration.objects.filter(tournament=second, player_id=other).update(player_id=mine)
        Seat.objects.filter(game__tournament=second, player_id=other).update(player_id=mine)
    Player.objects.filter(pk__in=theirs).delete()
    for t in (first, second):
        recompute_standings(t.pk, force=True)
    recompute_rating(force=True)
    return first, second, ours
