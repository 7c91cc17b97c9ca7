"""Saving and deleting a tournament the way the admin and the services do, announcing what changed.

    save_tournament(tournament, update_fields=None)   save; publish TournamentSettingsChanged with
                                                      the fields whose stored value changed (or
                                                      `created`), and TournamentPublicationChanged
                                                      when the publication did
    tournaments_deleted(ids)                          after a delete: publish TournamentDeleted

No model signal does this (domain_events.py): a plain `Tournament.save()` announces nothing.
"""
from __future__ import annotations

from collections.abc import Iterable

from .domain_events import TournamentDeleted, TournamentPublicationChanged, TournamentSettingsChanged, publish
from .models import Tournament


def _fields(update_fields: Iterable[str] | None) -> list:
    if update_fields is None:
        return [f for f in Tournament._meta.concrete_fields if not f.primary_key]
    return [Tournament._meta.get_field(name) for name in update_fields]


def save_tournament(tournament: Tournament, *, update_fields: Iterable[str] | None = None) -> Tournament:
    """Save `tournament` (only `update_fields`, when given) and announce what changed. One query
    reads the stored values first; values are compared as the database gives them back (a "0.50"
    string equals Decimal 0.50). Nothing changed: nothing is announced."""
    fields = _fields(update_fields)
    before = None
    if tournament.pk is not None:
        before = Tournament.objects.filter(pk=tournament.pk).values(*(f.attname for f in fields)).first()
    tournament.save(update_fields=update_fields)
    if before is None:
        publish(TournamentSettingsChanged(tournament.pk, frozenset(f.name for f in fields), created=True))
        return tournament
    changed = frozenset(f.name for f in fields if f.to_python(before[f.attname]) != f.to_python(getattr(tournament, f.attname)))
    if changed:
        publish(TournamentSettingsChanged(tournament.pk, changed))
    if "publication" in changed:
        publish(TournamentPublicationChanged(tournament.pk, before["publication"], tournament.publication))
    return tournament


def tournaments_deleted(tournament_ids: Iterable[int]) -> None:
    """The tournaments of `tournament_ids` were deleted (their rows cascade with them)."""
    for tournament_id in sorted(set(tournament_ids)):
        publish(TournamentDeleted(tournament_id))
