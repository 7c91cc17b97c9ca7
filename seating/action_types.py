"""The action log's types that the seating writes (registered in apps.py)."""
from django.utils.translation import gettext_lazy as _

from tournaments.action_types import ActionType

SEATING_SAVED = ActionType("seating_saved", _("Seating saved"))
SEATS_SWAPPED = ActionType("seats_swapped", _("Players swapped"))
RESEATED = ActionType("reseated", _("Stage reseated"))

ACTION_TYPES = (SEATING_SAVED, SEATS_SWAPPED, RESEATED)
