"""The working roles as permission groups (created by migrations/0002_groups.py): their stored
names, which stay English, and how the admin shows them in the page's language."""
from django.utils.translation import gettext_lazy as _

ORGANISER = "Organiser"
CHIEF_JUDGE = "Chief judge"
JUDGE = "Judge"

GROUP_LABELS = {
    ORGANISER: _("Organiser"),
    CHIEF_JUDGE: _("Chief judge"),
    JUDGE: _("Judge"),
}


def group_label(name: str) -> str:
    """A group's name in the active language (a group of someone else's keeps its name)."""
    return str(GROUP_LABELS.get(name, name))
