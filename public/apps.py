from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class PublicConfig(AppConfig):
    """The public site: tournament list, standings, player, game and seating pages."""

    name = "public"
    verbose_name = _("Public site")

    def ready(self):
        from . import live_cache
        from .live_push import connect

        connect()  # the live layer: what the domain events below move is pushed to this app's sockets
        live_cache.connect()  # and the kept answers of live.json are forgotten as the game moves
