from django.apps import AppConfig
from django.db.models.signals import post_migrate
from django.utils.translation import gettext_lazy as _


class RatingsConfig(AppConfig):
    """The season rating in the product: which tournaments count, the stored ratings (a
    versioned snapshot and each game's rating change per player), the recompute job and the
    merge of two player rows. The rating itself is the pure core in `engines/ratings/`."""

    name = "ratings"
    verbose_name = _("Ratings")

    def ready(self):
        from tournaments.action_types import register

        from .groups import ensure_grants
        from .listeners import connect

        connect()  # the domain events of the apps below that the rating follows

        post_migrate.connect(ensure_grants, sender=self, dispatch_uid="ratings.ensure_grants")
        from .action_types import ACTION_TYPES

        register(*ACTION_TYPES)  # the action log's entries this app writes
