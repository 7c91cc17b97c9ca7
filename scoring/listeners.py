"""What the standings do when the apps below announce a change (tournaments.domain_events).

In the change's transaction (the stale mark commits with the change; the job goes after it, once
per tournament and transaction: services.request_recompute):
    GameRecordChanged, RegistrationsChanged, StagesChanged   recompute the tournament
    TournamentSettingsChanged   a new tournament, or one of SCORING_SETTINGS changed: recompute
    RoundsChanged               recompute when the tournament's games before the final follow the
                                stage plan (Ci's N, 8.6): then a round that came or went counts
    PlayerChanged               recompute every tournament the player is registered in (the stored
                                rows show the nickname and the club)
After the commit:
    TournamentSettingsChanged, TournamentDeleted   forget this process's memo of current snapshots
                                (the standings may just have been hidden); nothing is recomputed
A delete asks for no recompute: its cascade takes the standings' rows with it.
"""
from __future__ import annotations

from tournaments.domain_events import (
    GameRecordChanged,
    PlayerChanged,
    RegistrationsChanged,
    RoundsChanged,
    StagesChanged,
    TournamentDeleted,
    TournamentSettingsChanged,
    subscribe,
)
from tournaments.models import Registration, Tournament

from . import selectors
from .services import request_recompute

# Tournament fields the scoring reads (protocols/scoring_records.py); changing any of them changes the standings.
SCORING_SETTINGS = frozenset({
    "name", "ruleset", "games_before_final", "lot_seed", "participants_override", "k_applies",
    "k_max_participants", "best_move_three", "best_move_two", "fourth_foul_removal_counts",
})


def _recompute_tournament(event) -> None:
    request_recompute(event.tournament_id)


def _settings_changed(event: TournamentSettingsChanged) -> None:
    if event.created or event.fields & SCORING_SETTINGS:
        request_recompute(event.tournament_id)


def _rounds_changed(event: RoundsChanged) -> None:
    tournament_id = (Tournament.objects.filter(stages__pk=event.stage_id, games_before_final__isnull=True)
                     .values_list("pk", flat=True).first())
    if tournament_id is not None:
        request_recompute(tournament_id)


def _player_changed(event: PlayerChanged) -> None:
    tournaments = Registration.objects.filter(player_id=event.player_id).values_list("tournament_id", flat=True)
    for tournament_id in sorted(set(tournaments)):
        request_recompute(tournament_id)


def _forget(event) -> None:
    selectors.forget()


def connect() -> None:
    """Subscribe the standings' listeners (apps.py's ready)."""
    for event_type in (GameRecordChanged, RegistrationsChanged, StagesChanged):
        subscribe(event_type, _recompute_tournament, in_transaction=True)
    subscribe(TournamentSettingsChanged, _settings_changed, in_transaction=True)
    subscribe(RoundsChanged, _rounds_changed, in_transaction=True)
    subscribe(PlayerChanged, _player_changed, in_transaction=True)
    subscribe(TournamentSettingsChanged, _forget)
    subscribe(TournamentDeleted, _forget)
