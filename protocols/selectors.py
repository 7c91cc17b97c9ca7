"""Reads of protocols that several pages share (the judge's list, the desk, the admin)."""
from __future__ import annotations

from decimal import Decimal

from django.db.models import Exists, OuterRef, QuerySet

from scoring.core.decimals import from_cents
from scoring.core.validation import EXTRA_NEEDS_APPROVAL

from .models import Seat

# Extra points above this need the chief judge's approval (8.4.3).
APPROVAL_THRESHOLD: Decimal = from_cents(EXTRA_NEEDS_APPROVAL)


def seats_awaiting_approval(games: QuerySet | None = None) -> QuerySet:
    """Seats with extra points above 0.5 that the chief judge has not approved yet."""
    seats = Seat.objects.filter(extra__gt=APPROVAL_THRESHOLD, extra_approved=False)
    return seats if games is None else seats.filter(game__in=games)


def with_awaiting_approval(games: QuerySet) -> QuerySet:
    """`games` annotated with `awaiting_approval`: does any seat wait for the chief judge?"""
    return games.annotate(awaiting_approval=Exists(seats_awaiting_approval().filter(game=OuterRef("pk"))))
