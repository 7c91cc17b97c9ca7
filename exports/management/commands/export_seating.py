from exports.exporters import SeatingExporter

from ._export import ExportCommand


class Command(ExportCommand):
    help = "The stored seating (every stage, or one) as PDF (rounds, then a card per player) or XLSX (two grids)."
    what = "seating"

    def exporter(self, tournament, stage, options):
        return SeatingExporter(tournament, stage=stage, language=options.get("lang"))
