from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class SnapshotsConfig(AppConfig):
    """The Django side of scoring: stored standings snapshots and the recompute job.
    The rules themselves are the pure core in `scoring/` and never import Django."""

    name = "scoring.snapshots"
    label = "snapshots"
    verbose_name = _("Standings")

    def ready(self):
        from . import signals  # noqa: F401  (registers the recompute triggers)
