"""What the judge's screen's socket receives (console/consumers.py): that its game's log moved (its
length) or changed hands (a take-over, a hand-back), never the log itself: the screen reloads its
view through its own door, which decides what it may see."""
from __future__ import annotations

from protocols.models import Game
from tournaments import live_groups
from tournaments.domain_events import ConsoleControlChanged, ConsoleEventStored, GameRecordChanged, subscribe

from . import control
from .models import ConsoleLog


def log_moved(game_id: int) -> None:
    game = Game.objects.select_related("tournament").filter(pk=game_id).first()
    if game is None:
        return
    log = ConsoleLog.objects.filter(game=game).only("length").first()
    live_groups.push(live_groups.console(game.pk), "log", {
        "length": log.length if log is not None else 0, "taken_over_by": control.taken_over_by(game),
        "signed_off": game.is_signed_off})


def _appended(event: ConsoleEventStored) -> None:
    """An event stored: the log's length is the event's, and the game is not signed off (an append
    to a signed-off game is refused); only who holds the console is read."""
    live_groups.push(live_groups.console(event.game_id), "log", {
        "length": event.index + 1, "taken_over_by": control.taken_over_by(Game(pk=event.game_id)), "signed_off": False})


def _game_moved(event) -> None:
    game_id = getattr(event, "game_id", None)
    if game_id is not None:
        log_moved(game_id)


def connect() -> None:
    """After each commit that moved a game's console (an event stored, the console taken over or
    handed back, the game signed off or amended): its screens reload their view."""
    subscribe(ConsoleEventStored, _appended, off_request=True)
    for event_type in (ConsoleControlChanged, GameRecordChanged):
        subscribe(event_type, _game_moved, off_request=True)
