"""Exporters as small classes over row generators (pretix's `base/exporter.py` shape): each
reads its selection once, builds plain rows or sheets in the export's language, and hands them
to the PDF renderer (`exports.pdf`) or the XLSX writer (`exports.xlsx`).

    ProtocolExporter   blank sheets of a round; completed sheets of a game, round, stage or all
    StandingsExporter  the current standings snapshot, overall or of a stage
    SeatingExporter    every round's tables and seats, and a card per player
    DiplomasExporter   a diploma a page for each award's winner (PDF only)
    TeamStandingsExporter  the team standings of a team tournament
"""
from .base import FORMATS, Exporter, ExportFile, format_of
from .diplomas import DiplomasExporter
from .protocols import ProtocolExporter
from .seating import SeatingExporter
from .standings import StandingsExporter
from .teams import TeamStandingsExporter

__all__ = ["FORMATS", "DiplomasExporter", "ExportFile", "Exporter", "ProtocolExporter", "SeatingExporter", "StandingsExporter",
           "TeamStandingsExporter", "format_of"]
