from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class PublicConfig(AppConfig):
    """The public site: tournament list, standings, player, game and seating pages."""

    name = "public"
    verbose_name = _("Public site")
