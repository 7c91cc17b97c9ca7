"""python manage.py generate_seating SLUG --stage STAGE --games G [--seed S] [--balance pairs|near|tables] [--players top|N,N,...]
[--clubs-apart] [--time-limit SECONDS]

Without --time-limit the generator runs its move budget: the same seed gives the same seating on
any machine; the seed and the budget are stored with the seating.

Generates and stores the seating of a stage, as the admin's "generate seating" action does, and
prints the quality report summary. Refuses (non-zero exit, a message naming the cause) when the
stage already has games in play or signed off, when the sizes cannot make full tables, etc.
``--players top`` seats the best of the current standings (10 for a final; for a semifinal the
largest multiple of 10 not above half the field, at least 10), as the admin form pre-selects.
"""
from collections import Counter

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from engines.seating.report import render_text
from seating.selectors import stage_games, standings_pick, tournament_judges
from seating.services import SeatingRefused, preview_seating, save_seating
from tournaments.models import Player, Tournament

from ._options import add_balance_argument, check_balance, command_error, find_stage, find_tournament


class Command(BaseCommand):
    help = _("Generate and store the seating of a tournament's stage; prints the quality report.")

    def add_arguments(self, parser):
        parser.add_argument("slug", help=_("the tournament's slug"))
        parser.add_argument("--stage", required=True, help=_("the stage: qualifying, semifinal, final or its order number"))
        parser.add_argument("--games", type=int, required=True, help=_("games each player plays in the stage"))
        parser.add_argument("--seed", type=int, default=0, help=_("seed of the generator (same seed, same seating)"))
        parser.add_argument("--tables", type=int, default=None, help=_("tables a round (default: one per 10 players)"))
        parser.add_argument(
            "--time-limit", type=float, default=None,
            help=_("seconds the generator may search (default: a move budget, the same seating for a seed on any machine)"),
        )
        parser.add_argument("--clubs-apart", action="store_true", help=_("seat players of one club at one table as rarely as possible"))
        parser.add_argument(
            "--players", default=None,
            help=_(
                "comma-separated registration numbers of the players, or “top”: the best of the current standings "
                "(10 for a final; for a semifinal the largest multiple of 10 not above half the field, at least 10) "
                "(default: every registration not withdrawn)"
            ),
        )
        add_balance_argument(parser)
        parser.add_argument("--replace", action="store_true", help=_("replace a stored seating that is not played yet"))
        parser.add_argument("--dry-run", action="store_true", help=_("print the report, store nothing"))

    def handle(
        self, *args, slug, stage, games, seed, tables, time_limit, players, replace, dry_run, balance, clubs_apart=False, **options
    ):
        balance = check_balance(balance)
        tournament = find_tournament(slug)
        stage_obj = find_stage(tournament, stage)
        if players and players.strip().lower() == "top":
            chosen = self._top(stage_obj)
        else:
            chosen = self._players(tournament, players) if players else None
        if not dry_run and not replace and stage_games(stage=stage_obj).exists():
            raise CommandError(
                _("The stage %(stage)s already has a seating: pass --replace to replace it (only while no game is played).")
                % {"stage": stage_obj}
            )
        try:
            seating, report = preview_seating(
                stage=stage_obj, games=games, seed=seed, time_limit=time_limit, tables=tables, players=chosen,
                balance=balance, clubs_apart=clubs_apart,
            )
            summary, _blank, per_player = render_text(report).partition("\n\n")
            self.stdout.write(summary)
            if options["verbosity"] > 1:
                self.stdout.write("\n" + per_player)
            judges = len(tournament_judges(stage=stage_obj))
            if judges < seating.tables:
                self.stderr.write(self.style.WARNING(
                    _("The tournament has %(judges)d judges for %(tables)d tables a round: games of the missing judges get none.")
                    % {"judges": judges, "tables": seating.tables}
                ))
            if dry_run:
                return
            created = save_seating(
                stage=stage_obj, seating=seating, user=None, players=chosen, time_limit=time_limit, clubs_apart=clubs_apart,
            )
        except SeatingRefused as refusal:
            raise command_error(refusal) from refusal
        self.stdout.write(self.style.SUCCESS(
            _("Stored %(rounds)d rounds, %(games)d games of %(stage)s.")
            % {"rounds": len(seating.rounds), "games": len(created), "stage": stage_obj}
        ))

    def _top(self, stage) -> list[Player]:
        pick = standings_pick(stage=stage)
        if pick is None:
            raise CommandError(_("--players top: only a semifinal or a final takes the top of the standings."))
        if pick.snapshot is None:
            raise CommandError(_("--players top: no standings with a signed-off game yet; give registration numbers instead."))
        if len(pick.players) < pick.size:
            raise CommandError(
                _("--players top: the standings hold only %(have)d of the %(need)d players; give registration numbers instead.")
                % {"have": len(pick.players), "need": pick.size}
            )
        names = ", ".join(str(player) for player in pick.players)
        self.stdout.write(_("Players: the top %(count)d of the standings (version %(version)d): %(names)s.")
                          % {"count": len(pick.players), "version": pick.snapshot.version, "names": names})
        return list(pick.players)

    def _players(self, tournament: Tournament, value: str) -> list[Player]:
        try:
            numbers = [int(part) for part in value.split(",") if part.strip()]
        except ValueError:
            raise CommandError(_("--players: give registration numbers separated by commas.")) from None
        if not numbers:
            raise CommandError(_("--players: give registration numbers separated by commas."))
        twice = sorted(str(n) for n, times in Counter(numbers).items() if times > 1)
        if twice:
            raise CommandError(_("--players: %(numbers)s given more than once.") % {"numbers": ", ".join(twice)})
        asked = [n for n in numbers if 0 < n < 2**31]  # (no registration has another; SQLite overflows on huge ones)
        registrations = {r.number: r for r in tournament.registrations.filter(number__in=asked).select_related("player")}
        missing = [str(n) for n in numbers if n not in registrations]
        if missing:
            raise CommandError(_("--players: no registration numbered %(numbers)s.") % {"numbers": ", ".join(missing)})
        withdrawn = [str(n) for n in numbers if registrations[n].withdrawn]
        if withdrawn:
            raise CommandError(_("--players: registrations %(numbers)s are withdrawn.") % {"numbers": ", ".join(withdrawn)})
        return [registrations[n].player for n in numbers]
