"""Organisers and chief judges see the kept exports in the admin (the files themselves are
served after a check of who asks: tournaments.permissions)."""
from django.contrib.auth.management import create_permissions
from django.db import migrations

GRANTS = {"Organiser": ["view", "delete"], "Chief judge": ["view"]}


def grant(apps, schema_editor):
    app_config = apps.get_app_config("exports")
    app_config.models_module = True
    create_permissions(app_config, apps=apps, verbosity=0)
    app_config.models_module = None
    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    for name, actions in GRANTS.items():
        group = Group.objects.filter(name=name).first()
        if group is None:
            continue
        for action in actions:
            group.permissions.add(*Permission.objects.filter(content_type__app_label="exports", codename=f"{action}_exportjob"))


def revoke(apps, schema_editor):
    Permission = apps.get_model("auth", "Permission")
    for group in apps.get_model("auth", "Group").objects.filter(name__in=GRANTS):
        group.permissions.remove(*Permission.objects.filter(content_type__app_label="exports"))


class Migration(migrations.Migration):
    dependencies = [
        ("exports", "0001_initial"),
        ("protocols", "0002_groups"),
    ]

    operations = [migrations.RunPython(grant, revoke)]
