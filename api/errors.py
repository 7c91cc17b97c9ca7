"""Every error of the API as one JSON shape (the `Error` component of the schema):

    {"detail": "<what happened>", "code": "<stable key>",
     "errors": [{"field": "seats[3].fouls", "code": "fouls_out_of_range", "message": "…", "seat": 3}]}

`errors` lists each field's problem with the codes of the protocol checks (the scoring core's and the
services') and `message` is the very text the judge's entry page shows (protocols.presentation).
`seats[N]` names seat N (1..10), not a list index; other lists are indexed from 0. A stale write
(409) also carries `conflict`: the version now stored, who saved it, when, and what changed.
The shape is built by tournaments/json_errors.py, which the judge's console answers with too.
"""
from __future__ import annotations

import math

from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.settings import api_settings
from rest_framework.views import exception_handler as drf_exception_handler

from protocols.entry import SEAT_NUMBERS, Change
from protocols.presentation import change_text, problem_text
from protocols.services import ProtocolConflict, ProtocolInvalid
from tournaments.json_errors import error_body
from tournaments.permissions import PermissionRefused

# The entry page's field names (problems name these) -> the API's names of a seat's fields.
SEAT_FIELDS = {
    "player": "player", "role": "role", "fouls": "fouls", "removed": "removed", "left_how": "left_how",
    "left_on": "left_on", "extra": "extra", "extra_reason": "extra_reason", "extra_approved": "extra_approved",
    "gross_violation": "gross_violation", "gross": "gross_violation",
}
# ... and of the protocol's other fields.
PROTOCOL_FIELDS = {"first_killed": "first_killed_seat", "first_killed_seat": "first_killed_seat"}


def problem_field(p, *, prefix: str = "", fields: dict | None = None) -> str | None:
    """Where a problem (engines.scoring.problems.Problem) points in the request body."""
    if p.seat is not None and p.field in SEAT_FIELDS:
        return f"{prefix}seats[{p.seat}].{SEAT_FIELDS[p.field]}"
    if not p.field:
        return None
    name = (fields or {}).get(p.field)
    if name is not None:
        return name
    return prefix + PROTOCOL_FIELDS.get(p.field, p.field)


def problem_item(p, *, prefix: str = "", fields: dict | None = None) -> dict:
    return {"field": problem_field(p, prefix=prefix, fields=fields), "code": p.code, "message": problem_text(p),
            "seat": p.seat}


def change_item(c: Change) -> dict:
    return {"seat": c.seat, "field": SEAT_FIELDS.get(c.key, PROTOCOL_FIELDS.get(c.key, c.key)) if c.seat is not None
            else PROTOCOL_FIELDS.get(c.key, c.key), "old": c.old, "new": c.new, "text": change_text(c)}


def conflict_body(exc: ProtocolConflict) -> dict:
    return {
        **error_body(_("Someone saved this protocol after the version you sent: nothing was written. "
                       "Load the protocol again to see their change."), "conflict"),
        "conflict": {
            "expected_version": exc.expected_version, "current_version": exc.current_version,
            "saved_by": exc.saved_by or None, "saved_at": exc.saved_at.isoformat() if exc.saved_at else None,
            "changes": [change_item(c) for c in exc.changes],
        },
    }


def _seat_number(data, index: int) -> int:
    """The seat number the client gave the `index`-th seat (its position + 1 if none)."""
    try:
        number = data["seats"][index]["number"]
    except (KeyError, IndexError, TypeError):
        number = None
    return number if type(number) is int and number in SEAT_NUMBERS else index + 1


def flatten(detail, data, path: str = "", seat: int | None = None) -> list[dict]:
    """DRF's nested error detail -> a flat list of {field, code, message, seat}."""
    out: list[dict] = []
    if isinstance(detail, dict):
        for key, value in detail.items():
            if key in ("non_field_errors", api_settings.NON_FIELD_ERRORS_KEY):
                out += flatten(value, data, path, seat)
            else:
                out += flatten(value, data, f"{path}.{key}" if path else str(key), seat)
    elif isinstance(detail, list):
        plain = all(isinstance(x, exceptions.ErrorDetail) or isinstance(x, str) for x in detail)
        if plain:
            for item in detail:
                out.append({"field": path or None, "code": getattr(item, "code", "invalid"), "message": str(item), "seat": seat})
        else:
            for i, item in enumerate(detail):
                if not item:
                    continue
                if path == "seats" or path.endswith(".seats"):
                    root = data
                    for part in path.split(".")[:-1]:  # a nested protocol: protocol.seats
                        root = root.get(part) if isinstance(root, dict) else None
                    number = _seat_number(root, i)
                    out += flatten(item, data, f"{path}[{number}]", number)
                else:
                    out += flatten(item, data, f"{path}[{i}]", seat)
    else:
        out.append({"field": path or None, "code": getattr(detail, "code", "invalid"), "message": str(detail), "seat": seat})
    return out


def exception_handler(exc, context):
    view = context.get("view")
    if isinstance(exc, ProtocolInvalid):
        prefix = getattr(view, "problem_prefix", "")
        fields = getattr(view, "problem_fields", None)
        return Response(error_body(_("The data breaks the rules: see errors."), "invalid",
                                   [problem_item(p, prefix=prefix, fields=fields) for p in exc.problems]),
                        status=status.HTTP_400_BAD_REQUEST)
    if isinstance(exc, ProtocolConflict):
        return Response(conflict_body(exc), status=status.HTTP_409_CONFLICT)
    if isinstance(exc, PermissionRefused):
        exc = exceptions.PermissionDenied(str(exc))
    elif isinstance(exc, Http404):
        exc = exceptions.NotFound()
    elif isinstance(exc, PermissionDenied):
        exc = exceptions.PermissionDenied()
    if isinstance(exc, exceptions.ValidationError):
        request = context.get("request")
        try:
            data = request.data if request is not None else {}
        except exceptions.APIException:
            data = {}
        errors = flatten(exc.detail, data if isinstance(data, dict) else {})
        response = Response(error_body(_("The request is invalid: see errors."), "invalid", errors),
                            status=status.HTTP_400_BAD_REQUEST)
        return response
    response = drf_exception_handler(exc, context)
    if response is None:
        return None
    detail = exc.detail if isinstance(exc, exceptions.APIException) else str(exc)
    code = getattr(detail, "code", None) or getattr(exc, "default_code", "error")
    response.data = error_body(str(detail), str(code))
    if isinstance(exc, exceptions.Throttled):
        wait = max(1, math.ceil(exc.wait or 1))
        # DRF's own sentence is half translated ("… Expected available in 42 seconds.")
        response.data["detail"] = ngettext("Too many requests: try again in %(wait)d second.",
                                           "Too many requests: try again in %(wait)d seconds.", wait) % {"wait": wait}
        response.data["retry_after"] = wait
    return response
