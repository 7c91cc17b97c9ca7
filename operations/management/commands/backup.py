from django.core.management.base import BaseCommand, CommandError

from operations.backups import backup


class Command(BaseCommand):
    help = ("Write every user, tournament, protocol, protest, history row, standings snapshot, seating and "
            "export job to FILE (gzip: a signed manifest, then a Django fixture in XML). Restore it with "
            "`restore FILE` on an installation with the same SECRET_KEY.")

    def add_arguments(self, parser):
        parser.add_argument("file")

    def handle(self, *args, file, **options):
        try:
            rows = backup(file)
        except OSError as exc:
            raise CommandError(f"cannot write {file}: {exc.strerror or exc}") from None
        self.stdout.write(f"{rows} rows written to {file}")
