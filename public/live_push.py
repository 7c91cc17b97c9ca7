"""What the public pages' sockets receive (public/consumers.py), pushed after a change committed.

``console_log_moved``: a console event was stored at a game: the game's table, if that game is the
table's current one (the one live.json shows), gets its public view (console/live.py: before
sign-off no role, shot or check), and so does the projector's group. ``standings_moved``: the
standings have a new version; the page fetches its new block itself.
"""
from __future__ import annotations

from console import live
from protocols.models import Game
from tournaments import live_groups

from . import selectors


def console_log_moved(game_id: int) -> None:
    game = Game.objects.select_related("tournament", "table").filter(pk=game_id).first()
    if game is None:
        return
    current = selectors.table_game(game.tournament, game.table.number)
    if current.pk != game.pk:
        return  # not what the table's page shows (an older game amended, a game ahead of its round)
    view = live.table_view(current)
    live_groups.push(live_groups.table(game.tournament_id, game.table.number), "table", view)
    live_groups.push(live_groups.tables(game.tournament_id), "table", view)


def standings_moved(tournament_id: int, version: int) -> None:
    live_groups.push(live_groups.standings(tournament_id), "standings", {"version": version})
