from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = _("Tournaments")

    def ready(self):
        from .action_types import register
        from .signup_mail import connect
        from .signups import ACTION_TYPES

        register(*ACTION_TYPES)  # the sign-ups' and check-in's entries of the action log
        connect()  # a sign-up's change e-mails its player (after the commit)
