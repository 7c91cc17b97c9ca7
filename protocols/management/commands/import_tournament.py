import re
import sys

from django.core.management.base import BaseCommand

from engines.scoring.cli import run_check
from engines.scoring.fileformat import load_file, loads, read_bytes
from protocols.tournament_file import FileNotStorable, import_tournament

slug_re = re.compile(r"[-a-zA-Z0-9_]{1,80}")


class Command(BaseCommand):
    help = ("Create or update a tournament from a mafia-tournament/1 file (idempotent). An invalid file is refused "
            "with the messages of `python -m scoring check`, and nothing is imported. Prints the slug last.")

    def add_arguments(self, parser):
        parser.add_argument("file")
        parser.add_argument("--slug", help="the tournament to create or update (default: the one with the file's name "
                                           "and lot seed, else a new slug from the name)")

    def handle(self, *args, file, slug=None, **options):
        if slug is not None and not slug_re.fullmatch(slug):
            self.stderr.write(f"--slug {slug!r} is not a slug (letters, digits, - and _)")
            sys.exit(1)
        code, out, err = run_check(file)  # the very check, and messages, of `python -m scoring check`
        if code:
            self.stderr.write((out + err).rstrip("\n"))
            sys.exit(code)
        try:
            raw = loads(read_bytes(file))  # its "teams" (docs/teams.md), which the core's reading leaves out
            tournament, created = import_tournament(load_file(file), slug=slug,
                                                    teams=raw.get("teams") if isinstance(raw, dict) else None)
        except FileNotStorable as exc:
            self.stderr.write("\n".join(exc.problems))
            sys.exit(1)
        self.stdout.write(("Created" if created else "Updated") + f" tournament {tournament.name}:")
        self.stdout.write(tournament.slug)
