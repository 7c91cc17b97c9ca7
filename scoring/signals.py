"""Recompute triggers owned by the standings app: a protocol change that the protocols app
announces (`protocol_changed`), and a change of the tournament's scoring settings or of who is
registered."""
from django.db import transaction
from django.db.models.signals import post_delete, post_save, pre_delete, pre_save
from django.dispatch import receiver

from protocols.signals import protocol_changed
from tournaments.models import Player, Registration, Round, Tournament

from . import selectors
from .services import request_recompute

# Tournament fields the scoring reads (loader.load); changing any of them changes the standings.
SCORING_FIELDS = (
    "name", "ruleset", "games_before_final", "lot_seed", "participants_override", "k_applies",
    "k_max_participants", "best_move_three", "best_move_two", "fourth_foul_removal_counts",
)


def _scoring_values(instance) -> tuple:
    """The scoring fields as the database gives them back (a "0.50" string equals Decimal 0.50)."""
    return tuple(Tournament._meta.get_field(f).to_python(getattr(instance, f)) for f in SCORING_FIELDS)


@receiver(pre_save, sender=Tournament, dispatch_uid="snapshots_tournament_pre_save")
def _remember_scoring_settings(sender, instance, raw=False, **kwargs):
    if raw or instance.pk is None:
        return
    instance._scoring_before = (
        Tournament.objects.filter(pk=instance.pk).values_list(*SCORING_FIELDS).first()
    )


@receiver(post_save, sender=Tournament, dispatch_uid="snapshots_tournament_post_save")
def _tournament_saved(sender, instance, created, raw=False, update_fields=None, **kwargs):
    if raw:
        return
    transaction.on_commit(selectors.forget)  # e.g. the standings were just hidden
    if update_fields is not None and not set(update_fields) & set(SCORING_FIELDS):
        return
    before = getattr(instance, "_scoring_before", None)
    now = _scoring_values(instance)
    if created or before is None or tuple(before) != now:
        request_recompute(instance)
    instance._scoring_before = now


# Tournaments being deleted in this process: their registrations and rounds go first (the cascade),
# and asking for a recomputation then would recreate the standings state of a deleted tournament.
_deleting: set[int] = set()


@receiver(pre_delete, sender=Tournament, dispatch_uid="snapshots_tournament_pre_delete")
def _tournament_deleting(sender, instance, **kwargs):
    _deleting.add(instance.pk)  # until its post_delete, which comes after the cascade's


@receiver(post_delete, sender=Tournament, dispatch_uid="snapshots_tournament_deleted")
def _tournament_deleted(sender, instance, **kwargs):
    _deleting.discard(instance.pk)
    transaction.on_commit(selectors.forget)


@receiver(post_save, sender=Registration, dispatch_uid="snapshots_registration_saved")
@receiver(post_delete, sender=Registration, dispatch_uid="snapshots_registration_deleted")
def _registration_changed(sender, instance, raw=False, **kwargs):
    if not raw and instance.tournament_id not in _deleting and Tournament.objects.filter(pk=instance.tournament_id).exists():
        request_recompute(instance.tournament_id)


@receiver(post_save, sender=Round, dispatch_uid="snapshots_round_saved")
@receiver(post_delete, sender=Round, dispatch_uid="snapshots_round_deleted")
def _round_changed(sender, instance, raw=False, **kwargs):
    """A tournament whose games before the final follow the stage plan scores anew when a round
    of the plan comes or goes (Ci's N may change)."""
    if raw:
        return
    tournament = Tournament.objects.filter(stages__pk=instance.stage_id, games_before_final__isnull=True).first()
    if tournament is None or tournament.pk in _deleting:
        return
    request_recompute(tournament)


@receiver(post_save, sender=Player, dispatch_uid="snapshots_player_saved")
def _player_saved(sender, instance, created, raw=False, **kwargs):
    """A new nickname or club shows in the stored rows only after a recomputation."""
    if raw or created:
        return
    for tournament_id in Registration.objects.filter(player=instance).values_list("tournament_id", flat=True):
        request_recompute(tournament_id)


@receiver(protocol_changed, dispatch_uid="snapshots_protocol_changed")
def _protocol_changed(sender, tournament, **kwargs):
    """A sign-off, an amendment, a protest decision or an import: the standings follow."""
    request_recompute(tournament)
