"""What the working roles may do with the ratings in the admin: an organiser keeps the rating
settings of their own tournaments (leave a friendly game out, set its category); which rows
and which tournaments is decided in tournaments/permissions.py (the admin's TournamentScopedAdmin
asks is_organiser). The snapshots and the merge stay a superuser's. After every `migrate` (and
`flush`) the grants are made again, as protocols.groups does."""
from django.apps import apps as global_apps

from protocols.groups import ORGANISER

GRANTS = {ORGANISER: ("add", "change", "delete", "view")}
MODEL = "ratingsettings"


def ensure_grants(sender, using="default", apps=global_apps, **kwargs) -> None:
    """post_migrate of this app: the organisers' grants on RatingSettings (none taken away)."""
    try:
        Group, Permission = apps.get_model("auth", "Group"), apps.get_model("auth", "Permission")
    except LookupError:
        return
    for name, actions in GRANTS.items():
        group, _created = Group.objects.using(using).get_or_create(name=name)
        group.permissions.add(*Permission.objects.using(using).filter(
            content_type__app_label="ratings", codename__in=[f"{action}_{MODEL}" for action in actions]))
