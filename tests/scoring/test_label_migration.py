"""The scoring app's label moved from "snapshots" to "scoring" (migration 0010): a database made
under the old label keeps its migration history, and the permissions given to groups follow the
models (the content types are renamed, not made anew)."""
import importlib

import pytest
from django.apps import apps as global_apps
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group, Permission
from django.contrib.contenttypes.models import ContentType
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.db.migrations.loader import MigrationLoader
from django.db.migrations.recorder import MigrationRecorder

pytestmark = pytest.mark.django_db

RELABEL = importlib.import_module("scoring.migrations.0010_label_scoring")
OLD_NAMES = [
    "0001_initial", "0002_game_meta", "0003_stale_since", "0004_field_labels", "0005_rewrite_explanations",
    "0006_stale_since_label", "0007_registration_standing_mark", "0008_explanation_lines_with_codes",
    "0009_explanation_stored_as_json",
]


def test_a_database_migrated_under_the_old_label_has_nothing_of_scoring_left_to_apply():
    recorder = MigrationRecorder(connection)
    recorder.migration_qs.filter(app="scoring").exclude(name="0010_label_scoring").delete()
    for name in OLD_NAMES:
        recorder.record_applied("snapshots", name)

    loader = MigrationLoader(connection)
    assert {("scoring", name) for name in OLD_NAMES} <= set(loader.applied_migrations)
    executor = MigrationExecutor(connection)
    assert executor.migration_plan(executor.loader.graph.leaf_nodes()) == []

    executor.check_replacements()  # what `migrate` does first: the new label's rows are written
    assert {("scoring", name) for name in OLD_NAMES} <= set(recorder.applied_migrations())


def test_a_group_permission_given_under_the_old_label_still_grants_the_page():
    current = ContentType.objects.get(app_label="scoring", model="standingsstate")
    old = ContentType.objects.create(app_label="snapshots", model="standingsstate")
    view = Permission.objects.create(content_type=old, codename="view_standingsstate", name="Can view")
    group = Group.objects.create(name="standings readers")
    group.permissions.add(view)
    user = get_user_model().objects.create_user("reader", password="x")
    user.groups.add(group)

    class Editor:  # what RunPython hands the function
        connection = connection

    RELABEL.relabel("snapshots", "scoring")(global_apps, Editor)
    ContentType.objects.clear_cache()

    assert not ContentType.objects.filter(app_label="snapshots").exists()
    assert not ContentType.objects.filter(pk=current.pk).exists()  # the duplicate made by post_migrate went
    kept = ContentType.objects.get(app_label="scoring", model="standingsstate")
    assert kept.pk == old.pk
    # the permissions only the duplicate had moved over, so every codename is still there once
    assert set(Permission.objects.filter(content_type=kept).values_list("codename", flat=True)) == {
        "add_standingsstate", "change_standingsstate", "delete_standingsstate", "view_standingsstate",
    }
    assert get_user_model().objects.get(pk=user.pk).has_perm("scoring.view_standingsstate")
