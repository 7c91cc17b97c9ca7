"""Who holds a game's console: its table's judge, or the chief judge who took it over.

Taking over and handing back are decisions of the chief judge, so they are written where every
decision is, the tournament's action log (``console_taken_over`` with the reason,
``console_handed_back``; console/action_types.py), and the console's state is read from there: the latest of the
two for the game decides. No column of the console's own tables holds it, so the log's
migrations stay as they are.

While the console is taken over the table's judge still opens it and sees ``taken_over_by``
(who, when, why) but may not enter events; the chief judge enters them, and hands the console
back when done (both written with the log row locked, so an append waiting on the lock sees
the new holder).
"""
from __future__ import annotations

from django.contrib.contenttypes.models import ContentType
from django.db import transaction
from django.utils.translation import gettext as _

from console.action_types import CONSOLE_HANDED_BACK, CONSOLE_TAKEN_OVER
from console.models import ConsoleLog
from protocols.models import Game
from tournaments.action_log import log_action
from tournaments.domain_events import ConsoleControlChanged, publish
from tournaments.models import ActionLog
from tournaments.permissions import PermissionRefused, may_take_over_console

CONTROL_ACTIONS = (CONSOLE_TAKEN_OVER.code, CONSOLE_HANDED_BACK.code)
REASON_MAX = 1000


class ControlInvalid(Exception):
    """A take-over or hand-back the rules refuse: ``field`` names what to fix."""

    def __init__(self, field: str, message: str):
        super().__init__(message)
        self.field = field
        self.message = message


def _entries(game_ids):
    game_type = ContentType.objects.get_for_model(Game)
    return (ActionLog.objects.filter(object_type=game_type, object_id__in=list(game_ids), action__in=CONTROL_ACTIONS)
            .select_related("user__judge").order_by("object_id", "-at", "-id"))


def holder_json(entry: ActionLog | None) -> dict | None:
    """``taken_over_by`` as the console's view carries it, or None while the table's judge holds it."""
    if entry is None or entry.action != CONSOLE_TAKEN_OVER.code:
        return None
    user = entry.user
    judge = getattr(user, "judge", None) if user is not None else None
    name = judge.name if judge is not None else (user.get_username() if user is not None else "")
    return {"user_id": entry.user_id, "name": name, "at": entry.at.isoformat(), "reason": entry.reason}


def taken_over_by(game: Game) -> dict | None:
    """``taken_over_by`` of one game. Every append asks, so the common answer is one query of two
    columns (the latest entry's id and action); its user and judge are read only while taken over."""
    latest = _entries([game.pk]).values_list("pk", "action").first()
    if latest is None or latest[1] != CONSOLE_TAKEN_OVER.code:
        return None
    return holder_json(ActionLog.objects.select_related("user__judge").get(pk=latest[0]))


def taken_over_games(game_ids) -> dict:
    """game id -> ``taken_over_by`` of every game among ``game_ids`` whose console is taken over."""
    latest: dict = {}
    for entry in _entries(game_ids):
        latest.setdefault(entry.object_id, entry)
    return {gid: holder_json(e) for gid, e in latest.items() if e.action == CONSOLE_TAKEN_OVER.code}


def _locked_log(game: Game) -> None:
    from console.services import header_of  # the log is made as the console makes it

    log, _created = ConsoleLog.objects.get_or_create(game=game, defaults={"header": header_of(game)})
    ConsoleLog.objects.select_for_update().get(pk=log.pk)


def take_over(*, game: Game, user, reason) -> dict:
    """The chief judge takes the console over from the table's judge; ``reason`` is required."""
    if not may_take_over_console(user, game):
        raise PermissionRefused(_("Only the chief judge of this tournament may take over a game's console."))
    reason = reason.strip() if isinstance(reason, str) else ""
    if not reason:
        raise ControlInvalid("reason", _("reason: say why you take over this game's console."))
    if len(reason) > REASON_MAX:
        raise ControlInvalid("reason", _("reason: at most %(n)s characters.") % {"n": REASON_MAX})
    with transaction.atomic():
        _locked_log(game)
        if taken_over_by(game) is not None:
            raise ControlInvalid("console", _("The console of this game is already taken over."))
        log_action(tournament=game.tournament, user=user, action=CONSOLE_TAKEN_OVER, obj=game, reason=reason,
                   data={"table_judge": str(game.judge) if game.judge_id else ""})
        publish(ConsoleControlChanged(game.tournament_id, game.pk))
    return taken_over_by(game)


def hand_back(*, game: Game, user, reason="") -> None:
    """The chief judge gives the console back to the table's judge."""
    if not may_take_over_console(user, game):
        raise PermissionRefused(_("Only the chief judge of this tournament may take over a game's console."))
    reason = reason.strip()[:REASON_MAX] if isinstance(reason, str) else ""
    with transaction.atomic():
        _locked_log(game)
        if taken_over_by(game) is None:
            raise ControlInvalid("console", _("The console of this game is not taken over."))
        log_action(tournament=game.tournament, user=user, action=CONSOLE_HANDED_BACK, obj=game, reason=reason)
        publish(ConsoleControlChanged(game.tournament_id, game.pk))
