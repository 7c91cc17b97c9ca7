"""Stored explanation lines became [component, clause, cents, code, params]; lines stored before
hold an English note instead. Asking every tournament's standings for a new version makes the next
recompute rewrite them (the pages show an old line without its note meanwhile)."""
from django.db import migrations
from django.db.models import F


def ask_for_new_standings(apps, schema_editor):
    apps.get_model("scoring", "StandingsState").objects.update(requested_version=F("requested_version") + 1)


class Migration(migrations.Migration):
    replaces = [("snapshots", "0005_rewrite_explanations")]  # the app's label was "snapshots"; see 0010
    dependencies = [
        ("scoring", "0004_field_labels"),
    ]

    operations = [migrations.RunPython(ask_for_new_standings, migrations.RunPython.noop)]
