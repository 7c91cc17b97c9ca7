from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class OperationsConfig(AppConfig):
    """Running the product: backups and restores of the whole database."""

    name = "operations"
    verbose_name = _("Operations")
