"""The working roles exist with what they may do after every migrate and flush (a transactional
test flushes the database; the roles then came back empty or not at all)."""
import pytest
from django.contrib.auth.models import Group, Permission
from django.core.management import call_command

pytestmark = pytest.mark.django_db(transaction=True)


def _codenames(name: str) -> set[str]:
    return set(Group.objects.get(name=name).permissions.values_list("codename", flat=True))


def test_after_a_flush_every_role_is_back_with_its_grants():
    call_command("flush", interactive=False, verbosity=0)
    organiser, chief, judge = _codenames("Organiser"), _codenames("Chief judge"), _codenames("Judge")
    assert {"add_tournament", "delete_game", "change_seat", "view_exportjob", "delete_exportjob"} <= organiser
    assert {"view_tournament", "change_game", "add_protest", "view_exportjob"} <= chief
    assert "delete_exportjob" not in chief and "change_tournament" not in chief
    assert {"view_tournament", "change_game"} <= judge
    assert not {"add_game", "delete_game", "view_exportjob"} & judge
    # the records of what happened are nobody's to edit in the admin
    for codenames in (organiser, chief, judge):
        assert not {c for c in codenames if c.endswith(("_actionlog", "_protocolversion"))}


def test_a_grant_an_organiser_added_survives_a_migrate():
    judge = Group.objects.get(name="Judge")
    judge.permissions.add(Permission.objects.get(codename="view_exportjob"))
    judge.permissions.remove(Permission.objects.get(codename="view_game"))
    call_command("migrate", interactive=False, verbosity=0)
    assert {"view_exportjob", "view_game"} <= _codenames("Judge")
