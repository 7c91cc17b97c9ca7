"""The rating follows every change the protocols app announces (`protocol_changed`: a sign-off,
an amendment, a protest decision, an import), and a tournament's publication (a draft's games
are not rated: publishing one, or taking one back to draft, rates the history anew). The merge
of two players and a change of a tournament's rating settings ask for it themselves (merge.py,
admin.py)."""
from django.db.models.signals import post_save, pre_save
from django.dispatch import receiver

from protocols.signals import protocol_changed
from tournaments.models import Publication, Tournament

from .services import request_recompute


@receiver(protocol_changed, dispatch_uid="ratings_protocol_changed")
def _protocol_changed(sender, tournament, **kwargs):
    request_recompute()


@receiver(pre_save, sender=Tournament, dispatch_uid="ratings_tournament_pre_save")
def _remember_publication(sender, instance, raw=False, **kwargs):
    if raw or instance.pk is None:
        return
    instance._rating_publication = Tournament.objects.filter(pk=instance.pk).values_list("publication", flat=True).first()


@receiver(post_save, sender=Tournament, dispatch_uid="ratings_tournament_post_save")
def _tournament_published(sender, instance, created, raw=False, **kwargs):
    """Draft -> published (or back): the rated games change; published <-> finished does not."""
    if raw or created:
        return
    before = getattr(instance, "_rating_publication", None)
    if before is not None and (before == Publication.DRAFT) != (instance.publication == Publication.DRAFT):
        request_recompute(full=True)
    instance._rating_publication = instance.publication
