from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class SeatingStoreConfig(AppConfig):
    """The Django side of seating: stores a generated seating as rounds, tables and games.
    The generator itself is pure (`seating/generator.py`)."""

    name = "seating.store"
    label = "seating_store"
    verbose_name = _("Seating")
