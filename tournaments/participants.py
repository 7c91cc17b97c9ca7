"""Who counts as a participant for the difficulty coefficient K (8.7), and whether K applies.

RULES.md §3: K applies only where the tournament has at most `k_max_participants` participants.
Decision (issue 18): the participants are the players registered when the tournament started. A
substitute who takes over a withdrawn player's games (Registration.substitute) does not add one
while he has not played; the withdrawn player still counts, having started. An organiser's
`participants_override` wins over the count. RULES.md §3 then bounds both from below: the
participants are never fewer than the distinct players seated in the tournament's games, so a
substitute who played is one more (and an override below that count is refused when saved).
"""
from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count, OuterRef, Subquery
from django.utils.translation import gettext as _

from .models import Registration, Tournament


def registered_at_start(tournament: Tournament) -> int:
    """The registrations that are not substitutes (one query)."""
    return Registration.objects.filter(tournament=tournament, substitute=False).count()


def with_seated_count(tournaments):
    """`tournaments` (a queryset) each with `seated_count`, the distinct players seated in its
    games, counted in the same query (a subquery: no join multiplies the other counts)."""
    counted = (Tournament.objects.filter(pk=OuterRef("pk"))
               .annotate(n=Count("games__seats__player", distinct=True)).values("n"))
    return tournaments.annotate(seated_count=Subquery(counted))


def seated_players(tournament: Tournament) -> int:
    """The distinct players seated in the tournament's games: `seated_count` when the tournament
    was read with it (with_seated_count), else one query, through the relations' names (this base
    app imports nothing of the protocols)."""
    if getattr(tournament, "seated_count", None) is not None:
        return tournament.seated_count
    if tournament.pk is None:
        return 0
    counted = Tournament.objects.filter(pk=tournament.pk).aggregate(n=Count("games__seats__player", distinct=True))
    return counted["n"] or 0


def _counted(tournament: Tournament, registered: int | None) -> int:
    if tournament.participants_override is not None:
        return tournament.participants_override
    return registered if registered is not None else registered_at_start(tournament)


def participants_for_k(tournament: Tournament, *, registered: int | None = None, seated: int | None = None) -> int:
    """The override, or the players registered at the start (`registered` if the caller counted
    them); never fewer than the players seated in its games (`seated` if the caller counted them)."""
    return max(_counted(tournament, registered), seated if seated is not None else seated_players(tournament))


@dataclass(frozen=True)
class KVerdict:
    """Whether K applies to the tournament, and the sentence that says why (in the active language)."""

    applies: bool
    participants: int
    limit: int
    reason: str


def k_verdict(tournament: Tournament, *, registered: int | None = None) -> KVerdict:
    listed, seated = _counted(tournament, registered), seated_players(tournament)
    participants = max(listed, seated)
    limit = tournament.k_max_participants
    values = {"n": participants, "limit": limit}
    if not tournament.k_applies:
        return KVerdict(False, participants, limit, _("K does not apply: it is switched off in the tournament's settings."))
    if seated > listed:
        counted = _("%(n)s participants (the players seated in its games: never fewer, RULES.md §3)") % values
    elif tournament.participants_override is not None:
        counted = _("%(n)s participants (set by the organisers)") % values
    else:
        counted = _("%(n)s participants (players registered at the start; substitutes do not count)") % values
    if participants <= limit:
        return KVerdict(True, participants, limit, _("K applies: %(counted)s, at most %(limit)s.") % {
            "counted": counted, "limit": limit})
    return KVerdict(False, participants, limit, _("K does not apply: %(counted)s, more than %(limit)s.") % {
        "counted": counted, "limit": limit})
