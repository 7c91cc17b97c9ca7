"""Merging two player rows that are the same person: everything that points at the absorbed
row (registrations, seats, protests, stored standings, seating constraints) is moved to the
kept one, blank details of the kept row are filled from the absorbed one, the absorbed row is
deleted, the merge is written to the action log of every tournament it touched, and the
standings of those tournaments and the rating are recomputed. Superusers only.

Two rows that were registered in one tournament or seated in one game are two people: refused.
"""
from __future__ import annotations

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from protocols.models import Seat
from scoring.services import request_recompute as request_standings
from tournaments.action_log import log_action
from tournaments.models import Player, Registration, Tournament

from .action_types import PLAYERS_MERGED
from .models import GameRating, PlayerRating
from .services import request_recompute as request_rating

# Derived rows: rebuilt by the recomputation that the merge asks for, never moved.
_DERIVED = (PlayerRating, GameRating)


class MergeRefused(Exception):
    """The merge was not done; the message says why."""


def _references():
    """Every foreign key to Player (hidden ones too), except simple-history's rows (they keep
    the past as it was) and the derived ratings."""
    for field in Player._meta.get_fields(include_hidden=True):
        if not (field.auto_created and field.one_to_many):
            continue
        model = field.related_model
        if model in _DERIVED or hasattr(model, "instance_type"):  # simple-history's Historical* models
            continue
        yield model, field.field.name


def merge_players(*, keep: Player, absorb: Player, user) -> dict[str, int]:
    """Merge `absorb` into `keep`; return the number of rows moved per model (its label)."""
    if user is None or not user.is_superuser:
        raise MergeRefused(_("Only a superuser may merge players."))
    if keep.pk == absorb.pk:
        raise MergeRefused(_("Choose two different players."))
    with transaction.atomic():
        keep, absorb = (Player.objects.select_for_update().get(pk=keep.pk), Player.objects.select_for_update().get(pk=absorb.pk))
        both_registered = Tournament.objects.filter(registrations__player=keep).filter(registrations__player=absorb)
        if both_registered.exists():
            raise MergeRefused(_("%(a)s and %(b)s are both registered in %(t)s: they are two people.")
                               % {"a": keep, "b": absorb, "t": ", ".join(str(t) for t in both_registered[:3])})
        if Seat.objects.filter(player=keep, game__seats__player=absorb).exists():
            raise MergeRefused(_("%(a)s and %(b)s played in one game: they are two people.") % {"a": keep, "b": absorb})
        tournaments = set(Registration.objects.filter(player=absorb).values_list("tournament_id", flat=True))
        tournaments |= set(Seat.objects.filter(player=absorb).values_list("game__tournament_id", flat=True))
        moved: dict[str, int] = {}
        try:
            with transaction.atomic():
                for model, name in _references():
                    count = model._base_manager.filter(**{name: absorb}).update(**{name: keep})
                    if count:
                        moved[model._meta.label] = moved.get(model._meta.label, 0) + count
        except IntegrityError as exc:
            raise MergeRefused(_("The two players cannot be merged: %(error)s") % {"error": exc}) from exc
        for model in _DERIVED:
            model.objects.filter(player=absorb).delete()
        absorbed = {"id": absorb.pk, "nickname": absorb.nickname, "real_name": absorb.real_name,
                    "club": str(absorb.club or ""), "city": absorb.city}
        account = absorb.user
        for field in ("real_name", "club", "city"):
            if not getattr(keep, field) and getattr(absorb, field):
                setattr(keep, field, getattr(absorb, field))
        absorb.delete()
        if keep.user is None and account is not None:
            keep.user = account
        keep.save()
        for tournament in Tournament.objects.filter(pk__in=tournaments).order_by("pk"):
            log_action(tournament=tournament, user=user, action=PLAYERS_MERGED, obj=keep,
                       reason=_("%(absorbed)s is the same person as %(kept)s.") % {"absorbed": absorbed["nickname"], "kept": keep},
                       data={"kept": keep.pk, "absorbed": absorbed, "moved": moved})
            request_standings(tournament)
        request_rating(full=True)
    return moved
