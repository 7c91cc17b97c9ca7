from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class DeskConfig(AppConfig):
    """The chief judge's desk: protests, approvals, unsigned games, amendments, the action log."""

    name = "desk"
    verbose_name = _("Chief judge's desk")

    def ready(self):
        from .live_push import connect

        connect()  # the live layer: what the domain events below move is pushed to this app's sockets
