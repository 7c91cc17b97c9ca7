"""The working roles as permission groups: their stored names, which stay English, what each may
do in the admin, and how the admin shows them in the page's language.

migrations/0002_groups.py made them first; after every `migrate` (and every `flush`, which a
transactional test runs) `ensure_groups` gives each role at least its grants again, as Django
does for permissions: a role whose group was deleted comes back with what it may do.
"""
from django.apps import apps as global_apps
from django.utils.translation import gettext_lazy as _

ORGANISER = "Organiser"
CHIEF_JUDGE = "Chief judge"
JUDGE = "Judge"

# role -> app label -> Django's permission actions on every model of that app
GRANTS = {
    # Organisers run the tournament in the admin: everything in both apps.
    ORGANISER: {"tournaments": ("add", "change", "delete", "view"), "protocols": ("add", "change", "delete", "view")},
    # The chief judge amends protocols, approves extras and decides protests.
    CHIEF_JUDGE: {"tournaments": ("view",), "protocols": ("add", "change", "view")},
    # A judge fills and signs off the protocol of their own table (the service checks the table).
    JUDGE: {"tournaments": ("view",), "protocols": ("change", "view")},
}

# Records of what happened, written by the services alone: no role gets any permission on them
# through the admin (models of the apps above that came after the groups were first made)
RECORDS = ("actionlog", "protocolversion")

GROUP_LABELS = {
    ORGANISER: _("Organiser"),
    CHIEF_JUDGE: _("Chief judge"),
    JUDGE: _("Judge"),
}


def group_label(name: str) -> str:
    """A group's name in the active language (a group of someone else's keeps its name)."""
    return str(GROUP_LABELS.get(name, name))


def grant(grants: dict[str, dict[str, tuple[str, ...]]], using: str = "default", apps=global_apps) -> None:
    """Make each role's group when it is missing and add the permissions it lacks (none is taken
    away: a grant an organiser added stays). ``apps``: the models as migrate has them."""
    try:
        Group, Permission = apps.get_model("auth", "Group"), apps.get_model("auth", "Permission")
    except LookupError:  # auth is not migrated (a migrate back to zero)
        return
    for name, by_app in grants.items():
        group, _created = Group.objects.using(using).get_or_create(name=name)
        for app_label, actions in by_app.items():
            for action in actions:
                group.permissions.add(*Permission.objects.using(using).filter(
                    content_type__app_label=app_label, codename__startswith=f"{action}_"
                ).exclude(content_type__model__in=RECORDS))


def ensure_groups(sender, using="default", apps=global_apps, **kwargs) -> None:
    """post_migrate of this app: the working roles with their grants."""
    grant(GRANTS, using, apps)
