"""What the working roles may do with the kept exports (migrations/0002_groups.py first gave it;
after every `migrate` and `flush` the grants are made again, as protocols.groups does)."""
from django.apps import apps as global_apps

from protocols.groups import CHIEF_JUDGE, ORGANISER, grant

# Organisers and chief judges see the kept exports in the admin (the files themselves are served
# after a check of who asks: tournaments.permissions).
GRANTS = {ORGANISER: {"exports": ("view", "delete")}, CHIEF_JUDGE: {"exports": ("view",)}}


def ensure_grants(sender, using="default", apps=global_apps, **kwargs) -> None:
    """post_migrate of this app."""
    grant(GRANTS, using, apps)
