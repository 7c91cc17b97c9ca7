from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ConsoleConfig(AppConfig):
    """The judge console: a game's event log (``mafia-game-log/1``) as the record of the game."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "console"
    verbose_name = _("judge console")

    def ready(self):
        from tournaments.action_types import register

        from .action_types import ACTION_TYPES

        register(*ACTION_TYPES)  # the action log's entries this app writes
        from .live_push import connect

        connect()  # the judge's screens follow their game's log (the live layer)
