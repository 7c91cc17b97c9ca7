"""The rating follows every change the protocols app announces (`protocol_changed`: a sign-off,
an amendment, a protest decision, an import). The merge of two players and a change of a
tournament's rating settings ask for it themselves (merge.py, admin.py)."""
from django.dispatch import receiver

from protocols.signals import protocol_changed

from .services import request_recompute


@receiver(protocol_changed, dispatch_uid="ratings_protocol_changed")
def _protocol_changed(sender, tournament, **kwargs):
    request_recompute()
