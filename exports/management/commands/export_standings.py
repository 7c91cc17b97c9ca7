from exports.exporters import StandingsExporter

from ._export import ExportCommand


class Command(ExportCommand):
    help = "The current standings (overall, or of one stage) as PDF or XLSX."
    what = "standings"

    def exporter(self, tournament, stage, options):
        return StandingsExporter(tournament, stage=stage, language=options.get("lang"))
