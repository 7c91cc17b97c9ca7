"""Reads of protocols that several pages share (the judge's list, the desk, the admin)."""
from __future__ import annotations

from decimal import Decimal

from django.db.models import Exists, OuterRef, QuerySet

from engines.scoring.decimals import from_cents
from engines.scoring.validation import EXTRA_NEEDS_APPROVAL

from .entry import diff_data
from .models import Seat
from .presentation import ACTION_LABELS, change_text

# Extra points above this need the chief judge's approval (8.4.3).
APPROVAL_THRESHOLD: Decimal = from_cents(EXTRA_NEEDS_APPROVAL)


def seats_awaiting_approval(games: QuerySet | None = None) -> QuerySet:
    """Seats with extra points above 0.5 that the chief judge has not approved yet."""
    seats = Seat.objects.filter(extra__gt=APPROVAL_THRESHOLD, extra_approved=False)
    return seats if games is None else seats.filter(game__in=games)


def with_awaiting_approval(games: QuerySet) -> QuerySet:
    """`games` annotated with `awaiting_approval`: does any seat wait for the chief judge?"""
    return games.annotate(awaiting_approval=Exists(seats_awaiting_approval().filter(game=OuterRef("pk"))))


def version_history(game) -> list[dict]:
    """Every saved version of the protocol, newest first, with who, when, why and what changed."""
    versions = list(game.versions.select_related("saved_by").order_by("version"))
    history, previous = [], None
    for v in versions:
        history.append({"v": v, "action": ACTION_LABELS.get(v.action, v.action),
                        "changes": [change_text(c) for c in diff_data(previous, v.data)] if previous is not None else []})
        previous = v.data
    history.reverse()
    return history
