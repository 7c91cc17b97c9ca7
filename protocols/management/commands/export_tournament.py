import sys

from django.core.management.base import BaseCommand

from protocols.tournament_file import dumps, export_document
from tournaments.models import Tournament


class Command(BaseCommand):
    help = "Write a tournament's signed-off protocols to a mafia-tournament/1 file."

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("file", help="path of the file to write ('-' for standard output)")

    def handle(self, *args, slug, file, **options):
        tournament = Tournament.objects.filter(slug=slug).first()
        if tournament is None:
            self.stderr.write(f"no tournament with the slug {slug!r}")
            sys.exit(1)
        text = dumps(export_document(tournament))
        if file == "-":
            self.stdout.write(text, ending="")
            return
        try:
            with open(file, "w", encoding="utf-8") as out:
                out.write(text)
        except OSError as exc:
            self.stderr.write(f"cannot write {file}: {exc.strerror or exc}")
            sys.exit(1)
