"""python manage.py reseat_seating SLUG --stage STAGE --withdrawn NICK [--substitute NICK] [--seed S] [--balance pairs|near|tables]

A player withdraws (and a substitute takes over their games): the rounds not yet played are made
again, the played ones stay as they are. Prints the quality report summary of the new seating.
"""
from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from engines.seating.report import render_text
from seating.services import SeatingRefused, reseat_stage, stage_report
from tournaments.models import Player

from ._options import add_balance_argument, check_balance, command_error, find_stage, find_tournament


class Command(BaseCommand):
    help = _("Reseat the rounds not yet played of a stage after a withdrawal; prints the quality report.")

    def add_arguments(self, parser):
        parser.add_argument("slug", help=_("the tournament's slug"))
        parser.add_argument("--stage", required=True, help=_("the stage: qualifying, semifinal, final or its order number"))
        parser.add_argument("--withdrawn", action="append", default=[], help=_("nickname of a withdrawn player (repeat for more)"))
        parser.add_argument(
            "--substitute", action="append", default=[],
            help=_("nickname of a substitute; the n-th takes over the n-th withdrawn player's games (repeat for more)"),
        )
        parser.add_argument("--seed", type=int, default=0, help=_("seed of the generator (same seed, same seating)"))
        parser.add_argument("--time-limit", type=float, default=None, help=_("seconds the generator may search"))
        add_balance_argument(parser)

    def handle(self, *args, slug, stage, withdrawn, substitute, seed, time_limit, balance, **options):
        balance = check_balance(balance)
        tournament = find_tournament(slug)
        stage_obj = find_stage(tournament, stage)
        try:
            created = reseat_stage(
                stage=stage_obj, withdrawn=self._players("--withdrawn", withdrawn),
                substitutes=self._players("--substitute", substitute), seed=seed, time_limit=time_limit,
                balance=balance,
            )
        except SeatingRefused as refusal:
            raise command_error(refusal) from refusal
        report = stage_report(stage_obj)
        if report is not None:
            self.stdout.write(render_text(report).partition("\n\n")[0])
        self.stdout.write(self.style.SUCCESS(_("Reseated: %(games)d games not yet played made again.") % {"games": len(created)}))

    def _players(self, option: str, nicknames: list[str]) -> list[Player]:
        found = {player.nickname: player for player in Player.objects.filter(nickname__in=nicknames)}
        missing = [nickname for nickname in nicknames if nickname not in found]
        if missing:
            raise CommandError(_("%(option)s: no player %(nicknames)s.") % {"option": option, "nicknames": ", ".join(missing)})
        return [found[nickname] for nickname in nicknames]
