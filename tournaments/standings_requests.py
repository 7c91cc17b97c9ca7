"""Asking for the standings to follow a change of what they read, from the apps below them.

    request_recompute(tournament)      call inside the transaction that changes a registration, a
                                       scoring setting, a round of the stage plan or a protocol
    save_tournament(tournament)        save a tournament; a change of a scoring setting asks
    rounds_changed(stage)              a round of `stage` came or went: asks if Ci's N follows the plan
    players_renamed(player_ids)        a nickname or club shows in the standings: asks for each
                                       tournament the players are registered in
    answer_requests_with(handler)      the standings app (above this one) says once, in its
                                       AppConfig.ready, what a request does

The services that change these rows call these functions themselves (the registration import,
the seating, the protocol services, the admin's save and delete); no model signal does it, so a
delete of a whole tournament, whose cascade takes its registrations and rounds, asks for nothing.
The standings app marks the standings stale inside the caller's transaction and sends its job
once per tournament after that transaction commits (`scoring.services.request_recompute`).
"""
from __future__ import annotations

from collections.abc import Callable, Iterable

from .models import Registration, Stage, Tournament

# Tournament fields the scoring reads (protocols/scoring_records.py); changing any of them changes the standings.
SCORING_SETTINGS = (
    "name", "ruleset", "games_before_final", "lot_seed", "participants_override", "k_applies",
    "k_max_participants", "best_move_three", "best_move_two", "fourth_foul_removal_counts",
)

_handler: Callable[[int], None] | None = None


def answer_requests_with(handler: Callable[[int], None]) -> None:
    """Set what a request does (called with the tournament's pk); the standings app's ready()."""
    global _handler
    _handler = handler


def request_recompute(tournament: Tournament | int) -> None:
    """Ask for the standings of `tournament` (a Tournament or its pk) to be recomputed after the
    current transaction commits. Without the standings app installed, nothing is asked."""
    if _handler is not None:
        _handler(getattr(tournament, "pk", tournament))


def _scoring_values(tournament: Tournament) -> tuple:
    """The scoring settings as the database gives them back (a "0.50" string equals Decimal 0.50)."""
    return tuple(Tournament._meta.get_field(f).to_python(getattr(tournament, f)) for f in SCORING_SETTINGS)


def save_tournament(tournament: Tournament) -> Tournament:
    """Save `tournament`; a new one, or one whose scoring settings differ from the stored row,
    asks for a recompute (one query reads the stored settings first)."""
    before = None
    if tournament.pk is not None:
        before = Tournament.objects.filter(pk=tournament.pk).values_list(*SCORING_SETTINGS).first()
    tournament.save()
    if before is None or tuple(before) != _scoring_values(tournament):
        request_recompute(tournament)
    return tournament


def rounds_changed(stage: Stage | int) -> None:
    """A round of `stage` was created or deleted: a tournament whose games before the final
    follow the stage plan scores anew (Ci's N may change)."""
    stage_id = getattr(stage, "pk", stage)
    tournament_id = (Tournament.objects.filter(stages__pk=stage_id, games_before_final__isnull=True)
                     .values_list("pk", flat=True).first())
    if tournament_id is not None:
        request_recompute(tournament_id)


def players_renamed(player_ids: Iterable[int]) -> None:
    """A player's nickname or club changed: the stored standings rows show the new one only after
    a recompute of every tournament the player is registered in."""
    tournaments = Registration.objects.filter(player_id__in=list(player_ids)).values_list("tournament_id", flat=True)
    for tournament_id in sorted(set(tournaments)):
        request_recompute(tournament_id)
