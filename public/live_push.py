"""What the public pages' sockets receive (public/consumers.py), pushed after a change committed.

``console_log_moved``: a console event was stored at a game (or the game was signed off): the
game's table, if that game is the table's current one (the one live.json shows), gets its public
view (console/live.py: before sign-off no role, shot or check), and so does the projector's
group. ``standings_moved``: the standings have a new version; the page fetches its new block
itself. ``connect`` subscribes them to the domain events (public/apps.py).
"""
from __future__ import annotations

from console import live
from protocols.models import Game
from tournaments import live_groups
from tournaments.domain_events import ConsoleEventStored, ConsoleTimerChanged, GameRecordChanged, StandingsRecomputed, subscribe

from . import selectors


def console_log_moved(game_id: int, where: tuple[int, int] | None = None) -> None:
    """``where``: (tournament id, table number) when the event named them (no query for them)."""
    found = where or Game.objects.filter(pk=game_id).values_list("tournament_id", "table__number").first()
    if found is None:
        return
    tournament_id, number = found
    if selectors.table_game_id(tournament_id, number) != game_id:
        return  # not what the table's page shows (an older game amended, a game ahead of its round)
    view = live.table_view(selectors.live_game(game_id))
    live_groups.push(live_groups.table(tournament_id, number), "table", view)
    live_groups.push(live_groups.tables(tournament_id), "table", view)


def standings_moved(tournament_id: int, version: int) -> None:
    live_groups.push(live_groups.standings(tournament_id), "standings", {"version": version})


def _game_moved(event) -> None:
    game_id = getattr(event, "game_id", None)
    if game_id is not None:  # a sign-off or an amendment shows the roles and the result
        table = getattr(event, "table", 0)
        console_log_moved(game_id, (event.tournament_id, table) if table else None)


def connect() -> None:
    """After each commit: a stored console event or a changed game record moves its live table; a
    new standings snapshot moves the standings page and the projector."""
    subscribe(ConsoleEventStored, _game_moved, off_request=True)
    subscribe(ConsoleTimerChanged, _game_moved, off_request=True)  # the hall's clock starts and stops with the judge's
    subscribe(GameRecordChanged, _game_moved, off_request=True)
    subscribe(StandingsRecomputed, _standings_recomputed, off_request=True)


def _standings_recomputed(event) -> None:
    standings_moved(event.tournament_id, event.version)
