"""`manage.py import_registrations SLUG FILE [--dry-run]`: register the players of a CSV or XLSX
file (nickname, name, club, city) in a tournament. Prints the preview; saves unless --dry-run;
a file with problems saves nothing and exits with status 1. Reading is bounded as on the admin's
page (tournaments/registration_import.py): at most 5 MB, an XLSX that inflates too far refused."""
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from tournaments.models import Tournament
from tournaments.registration_import import (
    MATCHED,
    MAX_FILE_BYTES,
    NEW,
    REGISTERED,
    ImportProblem,
    preview_registrations,
    read_table,
    save_registrations,
    status_labels,
)


class Command(BaseCommand):
    help = "Register players from a CSV or XLSX file (columns nickname, name, club, city; a header row is optional)."

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("file")
        parser.add_argument("--dry-run", action="store_true", help="Print the preview and save nothing.")

    def handle(self, *args, slug, file, dry_run, **options):
        tournament = Tournament.objects.filter(slug=slug).first()
        if tournament is None:
            raise CommandError(_('No tournament "%(slug)s".') % {"slug": slug})
        path = Path(file)
        try:
            if path.stat().st_size > MAX_FILE_BYTES:  # not read at all: read_table refuses it anyway
                raise ImportProblem(_("The file is larger than 5 MB."))
            rows = read_table(filename=path.name, content=path.read_bytes())
        except OSError as error:
            raise CommandError(_("Cannot read %(file)s: %(error)s") % {"file": file, "error": error.strerror}) from None
        except ImportProblem as problem:
            raise CommandError(str(problem)) from None
        preview = preview_registrations(tournament=tournament, rows=rows)
        labels = status_labels()
        for row in preview.rows:
            source = row.source
            details = ", ".join(value for value in (source.name, source.club, source.city) if value)
            self.stdout.write(f"{source.line:>4}  {labels[row.status]:<20} {source.nickname}" + (f" ({details})" if details else ""))
        self.stdout.write(_("New players: %(new)s, existing players: %(matched)s, already registered: %(registered)s.") % {
            "new": preview.count(NEW), "matched": preview.count(MATCHED), "registered": preview.count(REGISTERED)})
        if not preview.ok:
            for problem in preview.problems:
                self.stderr.write(problem)
            raise CommandError(_("Nothing was saved: correct the file and run again."))
        if dry_run:
            self.stdout.write(_("Dry run: nothing was saved."))
            return
        made = save_registrations(tournament=tournament, preview=preview)
        self.stdout.write(_("Registered %(n)s players in %(tournament)s.") % {"n": made, "tournament": tournament.name})
