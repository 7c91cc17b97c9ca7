"""The three working roles as groups with permissions: Organiser, Chief judge, Judge.

Permissions are normally created after all migrations (post_migrate); we create them here first
so that the groups get them on a fresh database too."""
from django.contrib.auth.management import create_permissions
from django.db import migrations

GROUPS = {
    # Organisers run the tournament in the admin: everything in both apps.
    "Organiser": {
        "tournaments": ["add", "change", "delete", "view"],
        "protocols": ["add", "change", "delete", "view"],
    },
    # The chief judge amends protocols, approves extras and decides protests.
    "Chief judge": {
        "tournaments": ["view"],
        "protocols": ["add", "change", "view"],
    },
    # A judge fills and signs off the protocol of their own table (the service checks the table).
    "Judge": {
        "tournaments": ["view"],
        "protocols": ["change", "view"],
    },
}


def create_groups(apps, schema_editor):
    for app_config in apps.get_app_configs():
        app_config.models_module = True
        create_permissions(app_config, apps=apps, verbosity=0)
        app_config.models_module = None
    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    for name, grants in GROUPS.items():
        group, _ = Group.objects.get_or_create(name=name)
        perms = []
        for app_label, actions in grants.items():
            for action in actions:
                # never the records the services write (protocols.groups.RECORDS): which of them exist
                # yet depends on the order migrate takes, which a new app's dependencies can change
                perms += list(Permission.objects.filter(content_type__app_label=app_label, codename__startswith=f"{action}_")
                              .exclude(content_type__model__in=("actionlog", "protocolversion")))
        group.permissions.set(perms)


def drop_groups(apps, schema_editor):
    apps.get_model("auth", "Group").objects.filter(name__in=GROUPS).delete()


class Migration(migrations.Migration):
    dependencies = [
        ("auth", "0012_alter_user_first_name_max_length"),
        ("contenttypes", "0002_remove_content_type_name"),
        ("tournaments", "0001_initial"),
        ("protocols", "0001_initial"),
    ]

    operations = [migrations.RunPython(create_groups, drop_groups)]
