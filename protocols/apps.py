from django.apps import AppConfig
from django.db.models.signals import post_migrate
from django.utils.translation import gettext_lazy as _

from .groups import ensure_groups


class ProtocolsConfig(AppConfig):
    name = "protocols"
    verbose_name = _("Game protocols")

    def ready(self):
        post_migrate.connect(ensure_groups, sender=self, dispatch_uid="protocols.ensure_groups")
