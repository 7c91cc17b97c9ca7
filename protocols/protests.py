"""Protests (RULES.md §5, regulation 8.9, 003 item 7): filing one and deciding it.

    file_protest(...)     the judge of the game or a player who played it, within 10 minutes of
                          the sign-off; later only with the chief judge's written reason
    decide_protest(...)   the chief judge or the appeals commission (never the game's own judge):
                          rejected; upheld with the protocol amended in the same step; or, under
                          mafclub, a replay ordered (the game annulled, the violator recorded, the
                          replay created at the same table with the same seats)

Every decision is written on the protocol (its version's reason, 9.10), kept in the action log,
and changes only by a new decision with a reason; a decision on a signed-off protocol is announced
(`GameAmended` through `save_protocol`, or `ProtestRejected`; tournaments.domain_events).
"""
from __future__ import annotations

from django.db import transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext as _

from engines.scoring.model import RULESET_MAFCLUB
from engines.scoring.problems import Problem
from tournaments.action_log import log_action
from tournaments.domain_events import ProtestFiled, ProtestRejected, publish
from tournaments.models import Registration
from tournaments.permissions import (
    PermissionRefused,
    check_decide_protest,
    check_file_protest,
    is_chief_judge,
    is_game_judge,
    is_late,
)

from . import action_types
from .entry import SEAT_NUMBERS, ProtocolEntry, entry_from_game
from .models import Game, GameResult, GameStatus, Protest, ProtestPoint, ProtestStatus, Seat
from .services import ProtocolInvalid, save_protocol

TEXT_LIMIT = 4000


def file_protest(*, game: Game, user, player_id: int | None, point: str, text: str, seat: int | None = None,
                 late_reason: str = "") -> Protest:
    """File a protest on `game` naming the point protested (and the seat, where one is concerned).

    A player files for themselves; the judge of the game files for a player of the game. After
    the ten minutes only the chief judge files it, with `late_reason`."""
    text, late_reason = (text or "").strip(), (late_reason or "").strip()
    late = is_late(game)
    check_file_protest(user, game, accepted_late=late)
    seated = dict(Seat.objects.filter(game=game).values_list("player_id", "number"))
    # A missing reverse one-to-one raises an AttributeError subclass, so getattr's default serves.
    own = getattr(getattr(user, "player", None), "pk", None)
    if player_id is None and own in seated:
        player_id = own
    problems = []
    if player_id not in seated:
        problems.append(Problem(None, None, "player", "protest_player_not_in_game", "the protest is filed for a player of this game"))
    elif own in seated and player_id != own and not _is_judging(user, game):
        problems.append(Problem(None, None, "player", "protest_for_another_player", "a player files a protest only for themselves"))
    if point not in ProtestPoint.values:
        problems.append(Problem(None, None, "point", "protest_point_missing", "name the point protested"))
    if seat is not None and seat not in SEAT_NUMBERS:
        problems.append(Problem(None, None, "seat", "protest_seat_out_of_range", "a seat is 1 to 10"))
    if not text:
        problems.append(Problem(None, None, "text", "protest_text_missing", "write what is protested"))
    if len(text) > TEXT_LIMIT:
        problems.append(Problem(None, None, "text", "protest_text_too_long", f"at most {TEXT_LIMIT} characters",
                                params={"limit": TEXT_LIMIT}))
    if late and not late_reason:
        problems.append(Problem(None, None, "late_reason", "protest_late", "the ten minutes after the game are over: the chief judge "
                                                               "accepts a later protest only with a written reason"))
    if problems:
        raise ProtocolInvalid(problems)
    with transaction.atomic():
        protest = Protest.objects.create(
            game=game, player_id=player_id, point=point, seat=seat, text=text, filed_by=user,
            late_reason=late_reason if late else "",
        )
        log_action(tournament=game.tournament, user=user, action=action_types.PROTEST_ACCEPTED_LATE if late else action_types.PROTEST_FILED,
                   obj=protest, reason=late_reason if late else text, data={"game": game.number, "point": point, "seat": seat})
        publish(ProtestFiled(game.tournament_id, game.pk, protest.pk))  # the chief judge's desk hears it at once
    return protest


def _is_judging(user, game) -> bool:
    return is_game_judge(user, game) or is_chief_judge(user, game.tournament)


def check_decision(*, protest: Protest, status: str, decision: str, reason: str = "",
                   entry: ProtocolEntry | None = None, violator_seat: int | None = None) -> list[Problem]:
    """What is wrong with a decision before anything is written (the desk and the admin show it)."""
    problems = []
    game = protest.game
    if status not in (ProtestStatus.REJECTED, ProtestStatus.AMENDED, ProtestStatus.REPLAY):
        problems.append(Problem(None, None, "status", "decision_status_missing", "choose the decision"))
    if not (decision or "").strip():
        problems.append(Problem(None, None, "decision", "decision_text_missing", "write the decision; it goes on the protocol",
                                clause="9.10"))
    if protest.status != ProtestStatus.PENDING and not (reason or "").strip():
        problems.append(Problem(None, None, "reason", "redecision_without_reason",
                                 "the protest is already decided: a new decision needs its reason"))
    if status == ProtestStatus.AMENDED and entry is None:
        problems.append(Problem(None, None, "protocol", "amendment_missing", "an upheld protest amends the protocol: change it below"))
    if status == ProtestStatus.REPLAY:
        if game.tournament.ruleset != RULESET_MAFCLUB:
            problems.append(Problem(None, None, "status", "replay_not_in_ruleset", "a replay is ordered only under the mafclub rules"))
        if violator_seat not in SEAT_NUMBERS:
            problems.append(Problem(None, None, "violator", "replay_without_violator", "name the seat of the player who caused the replay"))
        if game.result == GameResult.ANNULLED:
            problems.append(Problem(None, None, "status", "replay_already_annulled", "this game is already annulled"))
    return problems


def decide_protest(*, protest: Protest, user, status: str, decision: str, reason: str = "",
                   entry: ProtocolEntry | None = None, expected_version: int | None = None,
                   violator_seat: int | None = None) -> Protest:
    """Decide `protest`: `status` is rejected, amended (with `entry`, the amended protocol) or
    replay (mafclub, with `violator_seat`). `reason` is needed when it was decided before."""
    check_decide_protest(user, protest)
    decision, reason = (decision or "").strip(), (reason or "").strip()
    problems = check_decision(protest=protest, status=status, decision=decision, reason=reason, entry=entry,
                              violator_seat=violator_seat)
    if problems:
        raise ProtocolInvalid(problems)
    game = protest.game
    previous = protest.status
    with transaction.atomic():
        replay = None
        if status == ProtestStatus.AMENDED:
            save_protocol(game=game, user=user, entry=entry, reason=_("Protest decision: %(decision)s") % {"decision": decision},
                          expected_version=game.version if expected_version is None else expected_version)
        elif status == ProtestStatus.REPLAY:
            replay = _order_replay(game, user, violator_seat, decision, expected_version)
        protest.status = status
        protest.decision = decision
        protest.decided_by = user
        protest.decided_at = timezone.now()
        protest._history_user = user
        protest._change_reason = reason or decision
        protest.save()
        log_action(tournament=game.tournament, user=user, action=action_types.PROTEST_DECIDED, obj=protest,
                   reason=reason or decision,
                   data={"game": game.number, "status": status, "previous": previous, "decision": decision,
                         "replay": replay.number if replay else None})
        if status == ProtestStatus.REJECTED and game.is_signed_off:
            publish(ProtestRejected(game.tournament_id, game.pk))  # the decision is on the protocol the standings explain
    return protest


def _order_replay(game: Game, user, violator_seat: int, decision: str, expected_version: int | None) -> Game:
    """Annul `game` with the violator recorded, create its replay (same table, round, judge and
    seats), and exclude a player who has now caused a second replay (003 item 10). The −3 and
    the red card's −2 follow from the scoring rules."""
    entry = entry_from_game(game)
    violator = entry.seat(violator_seat)
    violator.gross_violation = True
    entry.result, entry.result_kind, entry.awarded_reason = GameResult.ANNULLED, "normal", ""
    save_protocol(game=game, user=user, entry=entry, reason=_("Replay ordered: %(decision)s") % {"decision": decision},
                  expected_version=game.version if expected_version is None else expected_version)
    number = (Game.objects.filter(tournament=game.tournament).aggregate(m=Max("number"))["m"] or 0) + 1
    replay = Game.objects.create(
        tournament=game.tournament, stage=game.stage, round=game.round, table=game.table, judge=game.judge,
        number=number, replay_of=game, played_on=game.played_on, status=GameStatus.SCHEDULED,
    )
    Seat.objects.bulk_create(Seat(game=replay, number=s.number, player_id=s.player_id) for s in entry.seats)
    log_action(tournament=game.tournament, user=user, action=action_types.REPLAY_ORDERED, obj=replay, reason=decision,
               data={"annulled": game.number, "replay": replay.number, "violator_seat": violator_seat})
    caused = Seat.objects.filter(game__tournament=game.tournament, game__result=GameResult.ANNULLED,
                                 gross_violation=True, player_id=violator.player_id).count()
    if caused >= 2:
        registration = Registration.objects.filter(tournament=game.tournament, player_id=violator.player_id).first()
        if registration is not None and not registration.excluded:
            registration.excluded = True
            registration.save(update_fields=["excluded"])
            log_action(tournament=game.tournament, user=user, action=action_types.PLAYER_EXCLUDED, obj=registration,
                       reason=decision, data={"replays_caused": caused})
    return replay


__all__ = ["PermissionRefused", "check_decision", "decide_protest", "file_protest"]
