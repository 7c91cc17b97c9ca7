"""What the three export commands share: the tournament, the stage, the file and its format.

Any bad input (a slug, a stage, a round or a game that does not exist, an unknown extension, a
file that cannot be written) ends in a CommandError: a one-line message and exit code 1."""
from __future__ import annotations

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from exports.exporters import FORMATS, format_of
from exports.selectors import NotFound, NothingToExport, stage_of, tournament_by_slug
from tournaments.models import StageKind


def positive_int(value: str | None, what: str) -> int | None:
    if value is None:
        return None
    text = value.strip()
    if not (text.isascii() and text.isdigit()) or int(text) < 1 or len(text) > 18:
        raise CommandError(_("%(what)s must be a positive whole number, not %(value)r") % {"what": what, "value": value})
    return int(text)


class ExportCommand(BaseCommand):
    what = ""

    def add_arguments(self, parser):
        parser.add_argument("slug", help="the tournament's slug")
        parser.add_argument("--out", required=True, help="the file to write: FILE.pdf or FILE.xlsx")
        parser.add_argument("--stage", help=f"one stage: {', '.join(StageKind.values)}")
        parser.add_argument("--lang", choices=["ru", "en"], help="the language (default: the tournament's)")

    def exporter(self, tournament, stage, options):
        raise NotImplementedError

    def handle(self, *args, **options):
        out = Path(options["out"])
        fmt = format_of(str(out))
        if fmt is None:
            raise CommandError(_("--out must end in %(formats)s: %(out)s") % {"formats": " / ".join("." + f for f in FORMATS), "out": out})
        if not out.parent.is_dir():
            raise CommandError(_("No such directory: %(dir)s") % {"dir": out.parent})
        try:
            tournament = tournament_by_slug(options["slug"])
            stage = stage_of(tournament, options.get("stage"))
            exported = self.exporter(tournament, stage, options).render(fmt)
        except (NotFound, NothingToExport) as problem:
            raise CommandError(str(problem)) from None
        try:
            out.write_bytes(exported.content)
        except OSError as problem:
            raise CommandError(_("Cannot write %(out)s: %(problem)s") % {"out": out, "problem": problem}) from None
        self.stdout.write(f"{self.what}: {out} ({len(exported.content):,} bytes)")
