from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ScoringConfig(AppConfig):
    """The standings app: stored snapshots, the recompute job, its admin and commands.
    The rules themselves are the pure calculator in `engines/scoring/`, which never imports Django.

    The label was "snapshots" until migration 0010: the tables keep that name (each model's
    `db_table`), and each migration replaces its namesake of the old label, so a database made
    earlier keeps its history and rows."""

    name = "scoring"
    label = "scoring"
    verbose_name = _("Standings")

    def ready(self):
        from .listeners import connect

        connect()  # the domain events of the apps below that the standings follow
