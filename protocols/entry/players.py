"""Who a seat of a game may take: the parse's `players` (pk -> nickname) for every door."""
from __future__ import annotations

from tournaments.models import Registration

from .model import ProtocolEntry


def players_for(game, stored: ProtocolEntry) -> dict[int, str]:
    """Player pk -> nickname that a seat of `game` may take: the tournament's registrations, and
    whoever sits there already (a seated player without a registration stays selectable)."""
    players = dict(Registration.objects.filter(tournament=game.tournament).values_list("player_id", "player__nickname"))
    for s in stored.seats:
        if s.player_id and s.player_id not in players:
            players[s.player_id] = s.nickname
    return players
