import sys

from django.core.management.base import BaseCommand

from operations.backups import backup


class Command(BaseCommand):
    help = ("Write every tournament, protocol, protest, history row, standings snapshot and user to FILE "
            "(a gzipped Django fixture in XML). Restore it with `restore FILE`.")

    def add_arguments(self, parser):
        parser.add_argument("file")

    def handle(self, *args, file, **options):
        try:
            rows = backup(file)
        except OSError as exc:
            self.stderr.write(f"cannot write {file}: {exc.strerror or exc}")
            sys.exit(1)
        self.stdout.write(f"{rows} rows written to {file}")
