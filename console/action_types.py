"""The action log's types that the console writes (registered in apps.py): the chief judge
taking a game's console over, with the reason, and handing it back."""
from django.utils.translation import gettext_lazy as _

from tournaments.action_types import ActionType

CONSOLE_TAKEN_OVER = ActionType("console_taken_over", _("Console taken over"))
CONSOLE_HANDED_BACK = ActionType("console_handed_back", _("Console handed back"))

ACTION_TYPES = (CONSOLE_TAKEN_OVER, CONSOLE_HANDED_BACK)
