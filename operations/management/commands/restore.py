from django.core.management.base import BaseCommand, CommandError
from django.db import DatabaseError

from operations.backups import NotABackup, NotEmpty, restore


class Command(BaseCommand):
    help = ("Load a backup made by `backup FILE` of this installation (the same SECRET_KEY, or one in "
            "SECRET_KEY_FALLBACKS) into an empty, migrated database (--replace: empty it first). The whole file "
            "is checked before the database is touched; a file that fails a check changes nothing.")

    def add_arguments(self, parser):
        parser.add_argument("file")
        parser.add_argument("--replace", action="store_true",
                            help="delete everything the database holds before loading the backup")

    def handle(self, *args, file, replace=False, **options):
        try:
            manifest = restore(file, replace=replace)
        except NotEmpty as exc:
            raise CommandError(f"not restored: {exc}; restore into an empty database, or give --replace to delete it all "
                               "first") from None
        except NotABackup as exc:
            raise CommandError(f"not restored: {exc}") from None
        except OSError as exc:
            raise CommandError(f"not restored: cannot read {file}: {exc.strerror or exc}") from None
        except (CommandError, DatabaseError) as exc:  # loaddata's own refusals; the transaction is rolled back
            raise CommandError(f"not restored, the database is unchanged: {exc}") from None
        rows = sum(manifest["models"].values())
        self.stdout.write(f"restored {rows} rows from {file} (written {manifest.get('created_at', '?')})")
