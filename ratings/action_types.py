"""The action log's type that the ratings app writes (registered in apps.py)."""
from django.utils.translation import gettext_lazy as _

from tournaments.action_types import ActionType

PLAYERS_MERGED = ActionType("players_merged", _("Players merged"))

ACTION_TYPES = (PLAYERS_MERGED,)
