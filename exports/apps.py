from django.apps import AppConfig
from django.db.models.signals import post_migrate
from django.utils.translation import gettext_lazy as _

from .groups import ensure_grants


class ExportsConfig(AppConfig):
    name = "exports"
    verbose_name = _("Paper and spreadsheets")

    def ready(self):
        from . import checks  # noqa: F401  (registers the PDF libraries' check)

        post_migrate.connect(ensure_grants, sender=self, dispatch_uid="exports.ensure_grants")
