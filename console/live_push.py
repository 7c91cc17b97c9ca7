"""What the judge's screen's socket receives (console/consumers.py): that its game's log moved (its
length) or changed hands (a take-over, a hand-back), never the log itself: the screen reloads its
view through its own door, which decides what it may see."""
from __future__ import annotations

from tournaments import live_groups

from . import control
from .models import ConsoleLog


def log_moved(game) -> None:
    log = ConsoleLog.objects.filter(game=game).only("length").first()
    live_groups.push(live_groups.console(game.pk), "log", {
        "length": log.length if log is not None else 0, "taken_over_by": control.taken_over_by(game)})
