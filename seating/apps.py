from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class SeatingConfig(AppConfig):
    """The seating app: previews, stores, swaps and reseats a stage's seating as rounds, tables
    and games. The generator itself is the pure core in `engines/seating/`.

    The label stays "seating_store", the app's label before it moved here, so that databases
    made earlier keep their migration history."""

    name = "seating"
    label = "seating_store"
    verbose_name = _("Seating")

    def ready(self):
        from tournaments.action_types import register

        from .action_types import ACTION_TYPES

        register(*ACTION_TYPES)  # the action log's entries this app writes

        from .notices import connect

        connect()  # a stored seating e-mails each player his seats (after the commit)
