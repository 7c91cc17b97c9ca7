"""One guard for every JSON door of the console (the log ``console/``, its ``log/``, ``timer/``,
``takeover/`` and ``handback/``), and their one error answer.

``json_door`` answers, in this order and in the request's language (the site's ``?lang=``, its
cookie or ``Accept-Language``): a method the door does not take (405); no login (403 ``login``,
which static/console/client.js reads to offer the login and keep its queue); no such game (404);
the permission model's refusal (403 ``forbidden``: a stranger learns nothing of the body); a
posted body out of bounds (400 naming the field, tournaments/json_body.py). Only then is the
view called, with the game and the body; it returns a dict (200) or raises ``DoorError``.

Every error is the API's shape (tournaments/json_errors.py: ``detail``, ``code``, ``errors``) plus
``error``, the object the console's script reads (``code``, ``message``, and ``rule``, ``index``,
``type`` or ``field`` where they apply), beside the current view where the door gives one (a
conflict, a refused event, a console taken over).
"""
from __future__ import annotations

from collections.abc import Callable
from functools import wraps

from django.http import JsonResponse
from django.utils.cache import patch_cache_control
from django.utils.translation import gettext as _

from protocols.models import Game
from tournaments.json_body import BodyInvalid, read_object
from tournaments.json_errors import error_body, field_error
from tournaments.permissions import PermissionRefused

BODY_MAX = 64 * 1024  # an event is a few hundred bytes; a reason at most a thousand characters


class DoorError(Exception):
    """A refusal of a console door: the status, the code, what happened (``detail``), the fields'
    problems, what the console's ``error`` adds (``rule``, ``index``, ...) and what the answer
    carries beside it (the current view, the clock)."""

    def __init__(self, status: int, code: str, detail, *, errors: list[dict] | None = None,
                 error: dict | None = None, beside: dict | None = None):
        super().__init__(code)
        self.status, self.code, self.detail = status, code, str(detail)
        self.errors, self.error, self.beside = errors or [], error or {}, beside or {}

    def response(self) -> JsonResponse:
        body = {**self.beside, **error_body(self.detail, self.code, self.errors),
                "error": {"code": self.code, "message": self.detail, **self.error}}
        return JsonResponse(body, status=self.status)


# The refusals the doors share, worded once.
def run_denied() -> str:
    return _("Only the judge of this game's table or the chief judge may run its console.")


def take_over_denied() -> str:
    return _("Only the chief judge of this tournament may take over a game's console.")


def roles_missing(refused: dict) -> DoorError:
    """The log's header refused (``services.ConsoleRefused``): the seats and roles are not dealt yet."""
    return DoorError(400, refused["code"], _("The seats and roles of this game are not complete: deal the roles first."),
                     error={"rule": refused.get("rule")})


def signed_off(view: dict | None = None) -> DoorError:
    """The game is signed off: its log and timer are closed for everyone, the chief judge and a
    superuser included (a change goes through the protocol, with a reason)."""
    return DoorError(409, "signed_off", _("This game is signed off: its console is closed. A change goes through its "
                                          "protocol, with a reason."), beside=view)


def taken_over(view: dict | None = None) -> DoorError:
    return DoorError(403, "taken_over", _("The chief judge has taken over this game's console: you may watch it, not "
                                          "enter events."), beside=view)


def invalid_field(field: str, code: str, message) -> DoorError:
    """A 400 naming one field of the body."""
    return DoorError(400, "invalid", message, errors=[field_error(field, code, message)], error={"field": field})


def json_door(*, may: Callable, denied: Callable[[], str], methods=("POST",), related=("tournament",),
              empty_body_is_object: bool = False):
    """Guard a console door ``view(request, game, body)``: ``may(user, game)`` is the permission
    model's decision, ``denied()`` its refusal in the request's language; ``body`` is the posted
    object (None on a GET)."""

    def decorate(view):
        @wraps(view)
        def door(request, pk: int):
            try:
                if request.method not in methods:
                    raise DoorError(405, "method_not_allowed",
                                    _("This address takes %(methods)s only.") % {"methods": ", ".join(methods)})
                if not request.user.is_authenticated:
                    raise DoorError(403, "login", _("Log in to run the console."))
                game = Game.objects.select_related(*related).filter(pk=pk).first()
                if game is None:
                    raise DoorError(404, "not_found", _("There is no such game."))
                if not may(request.user, game):
                    raise DoorError(403, "forbidden", denied())
                body = None
                if request.method == "POST":
                    try:
                        body = read_object(request.body, max_bytes=BODY_MAX, empty_is_object=empty_body_is_object)
                    except BodyInvalid as exc:
                        raise invalid_field(exc.field, exc.code, exc.message) from None
                try:
                    response = JsonResponse(view(request, game, body))
                except PermissionRefused:  # a service's own check agreeing with the door's
                    raise DoorError(403, "forbidden", denied()) from None
            except DoorError as exc:
                response = exc.response()
            # the console's JSON holds every seat's role: never kept by a browser's or a proxy's cache
            patch_cache_control(response, private=True, no_store=True)
            return response

        return door

    return decorate
