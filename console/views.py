"""The console's JSON endpoints (spec/game-log.md "Storing a log"), each behind the one guard of
console/doors.py (login, the permission model, the body's bounds, the API's error shape).

``GET  /judge/games/<id>/console/``        the current view: index, state, trace, legal events, and
    ``clock``, the turn's stored timer (console/timer.py)
``POST /judge/games/<id>/console/``        ``{"index": n, "event": {...}}`` →
    200 the new view | 409 ``conflict``, with the current view | 400 refused (``code``, ``rule``,
    with the view before it) or a malformed body (naming the field) | 403 ``login``, ``forbidden``
    (not the table's judge or the chief judge) or ``taken_over`` (with the view).
``POST /judge/games/<id>/console/takeover/``  ``{"reason": "..."}``: the chief judge takes the
    console over (200 with ``taken_over_by``; 400 naming ``reason``; 403 anyone else). The table's
    judge then gets 403 ``taken_over`` with the current view on each POST, and sees
    ``taken_over_by`` on GET.
``POST /judge/games/<id>/console/handback/``  ``{"reason": "..."}`` (optional): the chief judge
    gives the console back.
CSRF as everywhere on the site: the POST carries the ``X-CSRFToken`` header.
"""
from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from console import control, live_push, services
from console.doors import DoorError, invalid_field, json_door, roles_missing, run_denied, take_over_denied
from console.refusal_texts import refusal_text
from tournaments.json_errors import field_error
from tournaments.permissions import may_run_console, may_take_over_console


@json_door(may=may_run_console, denied=run_denied, methods=("GET", "POST"))
def console(request, game, body):
    try:
        if body is None:
            log, view = services.console_state(game=game, user=request.user)
            return services.with_clock(log, view)
        return _append(request, game, body)
    except services.ConsoleRefused as exc:
        raise roles_missing(exc.refused) from None


def _append(request, game, body: dict) -> dict:
    index = body.get("index")
    if not isinstance(index, int) or isinstance(index, bool) or index < 0:
        raise invalid_field("index", "not_an_index", _("index: a whole number, the count of events already stored."))
    event = body.get("event")
    if not isinstance(event, dict):
        raise invalid_field("event", "not_an_event", _("event: an object with a type."))
    try:
        appended = services.append_event(game=game, index=index, event=event, user=request.user)
    except services.EventConflict as exc:
        raise DoorError(409, "conflict", _("Another screen stored an event first; this is the game now."),
                        beside=exc.view) from None
    except services.ConsoleTakenOver as exc:
        raise DoorError(403, "taken_over", _("The chief judge has taken over this game's console: "
                                             "you may watch it, not enter events."), beside=exc.view) from None
    except services.EventRefused as exc:
        r = exc.refused
        message = refusal_text(r["code"], r["rule"], r.get("params"))  # "Player 2 has already nominated today (7.5.2)"
        field = f"event.{r['field']}" if r.get("field") else "event"
        raise DoorError(400, r["code"], message, beside=exc.view,
                        errors=[field_error(field, r["code"], message, rule=r["rule"], index=r["index"])],
                        error={"rule": r["rule"], "index": r["index"], "type": r["type"], "field": r.get("field"),
                               "params": r.get("params") or {}}) from None
    # the game's other screens (a take-over, a second tab) hear that the log moved, after the
    # commit (console/live_push.py); until a domain-event listener does it, the door does
    transaction.on_commit(lambda: live_push.log_moved(game))
    return {**appended.view, "protocol_problems": appended.protocol_problems}


@json_door(may=may_take_over_console, denied=take_over_denied, related=("tournament", "judge"), empty_body_is_object=True)
def takeover(request, game, body):
    """The chief judge takes the game's console over, with a reason (control.take_over)."""
    try:
        control.take_over(game=game, user=request.user, reason=body.get("reason"))
    except control.ControlInvalid as exc:
        raise invalid_field(exc.field, "invalid", exc.message) from None
    return {"taken_over_by": control.taken_over_by(game)}


@json_door(may=may_take_over_console, denied=take_over_denied, related=("tournament", "judge"), empty_body_is_object=True)
def handback(request, game, body):
    """The chief judge hands the console back to the table's judge (control.hand_back)."""
    try:
        control.hand_back(game=game, user=request.user, reason=body.get("reason") or "")
    except control.ControlInvalid as exc:
        raise invalid_field(exc.field, "invalid", exc.message) from None
    return {"taken_over_by": control.taken_over_by(game)}
