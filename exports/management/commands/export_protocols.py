from exports.exporters import ProtocolExporter
from exports.selectors import game_by_number, round_of

from ._export import ExportCommand, positive_int


class Command(ExportCommand):
    help = ("Protocol sheets as PDF or XLSX: the completed (signed-off) protocols of the tournament, a stage, a round or a game; "
            "with --blank, the blank sheets of a round (header and nicknames, to fill by pen).")
    what = "protocols"

    def add_arguments(self, parser):
        super().add_arguments(parser)
        parser.add_argument("--round", help="one round of the stage (of the first stage without --stage)")
        parser.add_argument("--game", help="one game, by its number in the tournament")
        parser.add_argument("--blank", action="store_true", help="blank sheets to fill by pen")

    def exporter(self, tournament, stage, options):
        number = positive_int(options.get("round"), "--round")
        rnd = round_of(tournament, stage, number) if number is not None else None
        game_number = positive_int(options.get("game"), "--game")
        game = game_by_number(tournament, game_number) if game_number is not None else None
        return ProtocolExporter(tournament, stage=stage, rnd=rnd, game=game, blank=options["blank"], language=options.get("lang"))
