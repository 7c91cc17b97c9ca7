import sys

from django.core.management.base import BaseCommand, CommandError
from django.core.serializers.base import DeserializationError
from django.db import DatabaseError

from operations.backups import NotABackup, NotEmpty, restore


class Command(BaseCommand):
    help = "Load a backup made by `backup FILE` into an empty, migrated database (--replace: empty it first)."

    def add_arguments(self, parser):
        parser.add_argument("file")
        parser.add_argument("--replace", action="store_true",
                            help="delete everything the database holds before loading the backup")

    def handle(self, *args, file, replace=False, **options):
        try:
            restore(file, replace=replace)
        except NotEmpty as exc:
            self.stderr.write(f"not restored: {exc}; restore into an empty database, or give --replace to delete it all first")
            sys.exit(1)
        except (NotABackup, OSError, EOFError, CommandError, DeserializationError, DatabaseError) as exc:
            self.stderr.write(f"not restored: {exc}")
            sys.exit(1)
        self.stdout.write(f"restored from {file}")
