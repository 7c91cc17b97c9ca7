"""Who counts as a participant for the difficulty coefficient K (8.7), and whether K applies.

RULES.md §3: K applies only where the tournament has at most `k_max_participants` participants.
Decision (issue 18): the participants are the players registered when the tournament started. A
substitute who takes over a withdrawn player's games (Registration.substitute) does not add one, so
20 registered players and one substitute are 20 participants, not 21; the withdrawn player still
counts, having started. An organiser's `participants_override` wins over the count.
"""
from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _

from .models import Registration, Tournament


def registered_at_start(tournament: Tournament) -> int:
    """The registrations that are not substitutes (one query)."""
    return Registration.objects.filter(tournament=tournament, substitute=False).count()


def participants_for_k(tournament: Tournament, *, registered: int | None = None) -> int:
    """The override, or the players registered at the start (`registered` if the caller counted them)."""
    if tournament.participants_override is not None:
        return tournament.participants_override
    return registered if registered is not None else registered_at_start(tournament)


@dataclass(frozen=True)
class KVerdict:
    """Whether K applies to the tournament, and the sentence that says why (in the active language)."""

    applies: bool
    participants: int
    limit: int
    reason: str


def k_verdict(tournament: Tournament, *, registered: int | None = None) -> KVerdict:
    participants = participants_for_k(tournament, registered=registered)
    limit = tournament.k_max_participants
    values = {"n": participants, "limit": limit}
    if not tournament.k_applies:
        return KVerdict(False, participants, limit, _("K does not apply: it is switched off in the tournament's settings."))
    counted = (_("%(n)s participants (set by the organisers)") if tournament.participants_override is not None
               else _("%(n)s participants (players registered at the start; substitutes do not count)")) % values
    if participants <= limit:
        return KVerdict(True, participants, limit, _("K applies: %(counted)s, at most %(limit)s.") % {
            "counted": counted, "limit": limit})
    return KVerdict(False, participants, limit, _("K does not apply: %(counted)s, more than %(limit)s.") % {
        "counted": counted, "limit": limit})
