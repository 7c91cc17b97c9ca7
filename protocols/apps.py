from django.apps import AppConfig
from django.db.models.signals import post_migrate
from django.utils.translation import gettext_lazy as _

from .groups import ensure_groups


class ProtocolsConfig(AppConfig):
    name = "protocols"
    verbose_name = _("Game protocols")

    def ready(self):
        post_migrate.connect(ensure_groups, sender=self, dispatch_uid="protocols.ensure_groups")
        from tournaments.action_types import register

        from .action_types import ACTION_TYPES

        register(*ACTION_TYPES)  # the action log's entries this app writes
