"""The one model signal the standings app listens to: a tournament saved or deleted drops the
cached pointer to its current snapshot (e.g. the standings were just hidden). It asks for no
recompute: the services that change what the standings read ask for one themselves
(`tournaments.standings_requests`, `protocols.services.announce_change`)."""
from django.db import transaction
from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver

from tournaments.models import Tournament

from . import selectors


@receiver(post_save, sender=Tournament, dispatch_uid="snapshots_tournament_post_save")
def _tournament_saved(sender, instance, raw=False, **kwargs):
    if not raw:
        transaction.on_commit(selectors.forget)


@receiver(post_delete, sender=Tournament, dispatch_uid="snapshots_tournament_deleted")
def _tournament_deleted(sender, instance, **kwargs):
    transaction.on_commit(selectors.forget)
