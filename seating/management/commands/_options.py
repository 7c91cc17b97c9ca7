"""What the seating commands share: finding the tournament and the stage, turning a refusal into
a CommandError that names the option at fault. (A leading underscore: not a command itself.)"""
from django.core.management.base import CommandError
from django.db.models import Q
from django.utils.translation import gettext as _

from seating.services import BALANCE_CHOICES, DEFAULT_BALANCE, SeatingRefused
from tournaments.models import Stage, Tournament


def find_tournament(slug: str) -> Tournament:
    tournament = Tournament.objects.filter(slug=slug).first()
    if tournament is None:
        raise CommandError(_("No tournament with the slug %(slug)s.") % {"slug": slug})
    return tournament


def find_stage(tournament: Tournament, value: str) -> Stage:
    """A stage by its kind (qualifying, semifinal, final) or its order number."""
    query = Q(kind=value.lower())
    if value.isdecimal() and len(value) <= 9:  # (not "²", which isdigit() lets through; no overflow)
        query |= Q(order=int(value))
    stage = tournament.stages.filter(query).first()
    if stage is None:
        known = ", ".join(f"{s.kind} ({s.order})" for s in tournament.stages.all()) or _("none")
        raise CommandError(_("--stage: no stage %(stage)s in %(tournament)s; its stages: %(known)s.")
                           % {"stage": value, "tournament": tournament, "known": known})
    return stage


def add_balance_argument(parser) -> None:
    choices = "; ".join(f"{key}: {label}" for key, label in BALANCE_CHOICES)
    parser.add_argument(
        "--balance", default=DEFAULT_BALANCE,
        # "near" by default: real tournaments care that a player does not get one judge 6 times.
        help=_("what gives way when opponents and judges/tables conflict (default %(default)s) — %(choices)s")
        % {"default": DEFAULT_BALANCE, "choices": choices.replace("%", "%%")},
    )


def check_balance(value: str) -> str:
    """The --balance value, or a CommandError naming the option and the accepted values."""
    if value not in dict(BALANCE_CHOICES):
        raise CommandError(_("--balance: choose one of %(choices)s, not “%(value)s”.")
                           % {"choices": ", ".join(key for key, _label in BALANCE_CHOICES), "value": value})
    return value


def command_error(refusal: SeatingRefused) -> CommandError:
    prefix = f"--{refusal.field.replace('_', '-')}: " if refusal.field else ""
    return CommandError(prefix + refusal.message)
