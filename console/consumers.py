"""The judge's screen's socket: it follows its game's log while the chief judge holds the console
(a take-over), or in a second tab. Those who may open the game's console follow it (the table's
judge and the chief judge, until sign-off); the message says only that the log moved (its length
and who holds the console), and the screen reloads its own view through its door."""
from __future__ import annotations

from protocols.models import Game
from tournaments import live_groups
from tournaments.live_consumer import LiveConsumer
from tournaments.permissions import may_run_console


class ConsoleConsumer(LiveConsumer):
    def groups_for(self, user, *, game_id):
        game = Game.objects.select_related("tournament", "table").filter(pk=game_id).first()
        if game is None or user is None or not may_run_console(user, game):
            return None
        return [live_groups.console(game.pk)]
