"""The console's JSON endpoints (spec/game-log.md "Storing a log").

``GET  /judge/games/<id>/console/``        the current view: index, state, trace, legal events, and
    ``clock``, the turn's stored timer (console/timer.py)
``POST /judge/games/<id>/console/``        ``{"index": n, "event": {...}}`` →
    200 the new view | 409 conflict, with the current view | 400 refused (code, rule, message) or
    a malformed body (naming the field) | 403 not the table's judge / chief judge, or not logged in.
``POST /judge/games/<id>/console/takeover/``  ``{"reason": "..."}``: the chief judge takes the
    console over (200 with ``taken_over_by``; 400 naming ``reason``; 403 anyone else). The table's
    judge then gets 403 ``taken_over`` with the current view on each POST, and sees
    ``taken_over_by`` on GET.
``POST /judge/games/<id>/console/handback/``  ``{"reason": "..."}`` (optional): the chief judge
    gives the console back.
CSRF as everywhere on the site: the POST carries the ``X-CSRFToken`` header.
"""
from __future__ import annotations

import json

from django.http import JsonResponse
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from console import control, services
from protocols.models import Game
from tournaments.permissions import PermissionRefused

BODY_MAX = 64 * 1024


def _error(status: int, code: str, message: str, **extra) -> JsonResponse:
    return JsonResponse({"error": {"code": code, "message": message, **extra}}, status=status)


@require_http_methods(["GET", "POST"])
def console(request, pk: int):
    if not request.user.is_authenticated:
        return _error(403, "login", _("Log in to run the console."))
    game = get_object_or_404(Game.objects.select_related("tournament"), pk=pk)
    try:
        if request.method == "GET":
            log, view = services.console_state(game=game, user=request.user)
            return JsonResponse(services.with_clock(log, view))
        return _post(request, game)
    except PermissionRefused:
        return _error(403, "forbidden", _("Only the judge of this game's table or the chief judge may run its console."))
    except services.ConsoleRefused as exc:
        return _error(400, exc.refused["code"], _("The seats and roles of this game are not complete: deal the roles first."),
                      rule=exc.refused.get("rule"))


def _post(request, game):
    if len(request.body) > BODY_MAX:
        return _error(400, "body", _("The request is too large."))
    try:
        body = json.loads(request.body)
    except (ValueError, UnicodeDecodeError):
        return _error(400, "body", _("The request is not JSON."))
    if not isinstance(body, dict):
        return _error(400, "body", _("The request must be an object with index and event."))
    index = body.get("index")
    if not isinstance(index, int) or isinstance(index, bool) or index < 0:
        return _error(400, "index", _("index: a whole number, the count of events already stored."), field="index")
    event = body.get("event")
    if not isinstance(event, dict):
        return _error(400, "event", _("event: an object with a type."), field="event")
    try:
        appended = services.append_event(game=game, index=index, event=event, user=request.user)
    except services.EventConflict as exc:
        return JsonResponse({"error": {"code": "conflict", "message": _("Another screen stored an event first; this is the game now.")},
                             **exc.view}, status=409)
    except services.ConsoleTakenOver as exc:
        return JsonResponse({"error": {"code": "taken_over", "message": _(
            "The chief judge has taken over this game's console: you may watch it, not enter events.")}, **exc.view},
            status=403)
    except services.EventRefused as exc:
        r = exc.refused
        return JsonResponse({"error": {"code": r["code"], "rule": r["rule"], "index": r["index"], "type": r["type"],
                                       "message": _("Refused by rule %(rule)s (%(code)s).") % r}, **exc.view}, status=400)
    return JsonResponse({**appended.view, "protocol_problems": appended.protocol_problems})


def _body(request) -> dict | None:
    """The JSON object posted, or None; an empty body is an empty object."""
    if len(request.body) > BODY_MAX:
        return None
    if not request.body:
        return {}
    try:
        body = json.loads(request.body)
    except (ValueError, UnicodeDecodeError):
        return None
    return body if isinstance(body, dict) else None


def _control(request, pk: int, act):
    if not request.user.is_authenticated:
        return _error(403, "login", _("Log in to run the console."))
    game = get_object_or_404(Game.objects.select_related("tournament", "judge"), pk=pk)
    body = _body(request)
    if body is None:
        return _error(400, "body", _("The request must be a JSON object with a reason."))
    try:
        act(game, request.user, body.get("reason"))
    except PermissionRefused:
        return _error(403, "forbidden", _("Only the chief judge of this tournament may take over a game's console."))
    except control.ControlInvalid as exc:
        return _error(400, exc.field, exc.message, field=exc.field)
    return JsonResponse({"taken_over_by": control.taken_over_by(game)})


@require_http_methods(["POST"])
def takeover(request, pk: int):
    """The chief judge takes the game's console over, with a reason (control.take_over)."""
    return _control(request, pk, lambda game, user, reason: control.take_over(game=game, user=user, reason=reason))


@require_http_methods(["POST"])
def handback(request, pk: int):
    """The chief judge hands the console back to the table's judge (control.hand_back)."""
    return _control(request, pk, lambda game, user, reason: control.hand_back(game=game, user=user, reason=reason or ""))
