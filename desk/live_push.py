"""What the desk's socket receives (desk/consumers.py): notices that something the chief judge acts
on changed; the desk then fetches its own blocks (its pages decide what each user sees)."""
from __future__ import annotations

from protocols.models import Game
from tournaments import live_groups
from tournaments.domain_events import ConsoleControlChanged, ConsoleEventStored, GameRecordChanged, ProtestFiled, subscribe


def table_moved(tournament_id: int, table_number: int, game_number: int) -> None:
    live_groups.push(live_groups.desk(tournament_id), "table_moved", {"table": table_number, "game": game_number})


def protest_filed(tournament_id: int, protest_id: int) -> None:
    live_groups.push(live_groups.desk(tournament_id), "protest", {"protest": protest_id})


def _game_moved(event) -> None:
    if getattr(event, "table", 0):  # a stored console event names its table and game: no query
        table_moved(event.tournament_id, event.table, event.number)
        return
    game = Game.objects.select_related("table").filter(pk=getattr(event, "game_id", None)).first()
    if game is not None:
        table_moved(game.tournament_id, game.table.number, game.number)


def connect() -> None:
    """After each commit: a table's console moved or changed hands, a game was signed off or
    amended, a protest was filed."""
    for event_type in (ConsoleEventStored, ConsoleControlChanged, GameRecordChanged):
        subscribe(event_type, _game_moved, off_request=True)
    subscribe(ProtestFiled, _protest_filed, off_request=True)


def _protest_filed(event) -> None:
    protest_filed(event.tournament_id, event.protest_id)
