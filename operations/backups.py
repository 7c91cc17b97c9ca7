"""A whole-database backup as one Django fixture (XML, gzipped), and its restore into an empty
database. XML because it keeps every timestamp to the microsecond (the JSON serializer rounds
them to milliseconds).

What goes in: users and groups, every tournament with its players, clubs and judges, every
protocol with its versions and simple-history rows, protests, the action log, the stored
standings and the admin's own log. What does not: sessions, and the content types and
permissions that `migrate` makes (rows point at them by their natural keys, so a restore into
any migrated database finds them)."""
from __future__ import annotations

import gzip
import shutil
import tempfile
from pathlib import Path

from django.apps import apps
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.core.management import call_command
from django.db import transaction

from tournaments.models import Player, Tournament

# App labels whose models are backed up whole; sessions, contenttypes and auth.permission are not.
BACKED_UP = ("auth", "admin", "tournaments", "protocols", "console", "snapshots", "authtoken")
NOT_BACKED_UP = ("auth.permission",)


class NotEmpty(Exception):
    """The target database already holds data; a restore would mix two databases."""


class NotABackup(Exception):
    """The file is not one that `backup` wrote."""


def backup(path: str | Path) -> int:
    """Write the backup to `path` (gzipped XML, whatever its name); return the number of rows."""
    labels = [label for label in BACKED_UP if label in {config.label for config in apps.get_app_configs()}]
    with tempfile.TemporaryDirectory() as folder:
        plain = Path(folder) / "backup.xml"
        call_command("dumpdata", *labels, exclude=list(NOT_BACKED_UP), natural_foreign=True, format="xml",
                     output=str(plain), verbosity=0)
        with plain.open("rb") as source, gzip.open(path, "wb") as target:
            shutil.copyfileobj(source, target)
    return count_rows(labels)


def count_rows(labels) -> int:
    return sum(model.objects.count() for label in labels for model in apps.get_app_config(label).get_models()
               if model._meta.label_lower not in NOT_BACKED_UP)


def is_empty() -> bool:
    return not (Tournament.objects.exists() or Player.objects.exists() or get_user_model().objects.exists())


def restore(path: str | Path, *, replace: bool = False) -> None:
    """Load a backup. An empty database only, unless `replace`: then everything in it goes first."""
    with open(path, "rb") as file:
        if file.read(2) != b"\x1f\x8b":
            raise NotABackup(f"{path} is not a backup made by `backup` (a gzipped fixture)")
    if not is_empty() and not replace:
        raise NotEmpty("the database already holds tournaments, players or users")
    with tempfile.TemporaryDirectory() as folder:
        fixture = Path(folder) / "backup.xml.gz"  # loaddata knows a fixture's format by its name
        shutil.copyfile(path, fixture)
        with transaction.atomic():
            if replace:
                call_command("flush", interactive=False, verbosity=0)
            # the backup brings its groups; the working roles that migrate and flush make here
            # (no user belongs to them yet) would clash with them by name
            Group.objects.all().delete()
            call_command("loaddata", str(fixture), verbosity=0)
