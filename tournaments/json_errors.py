"""The one JSON shape of an error, for every JSON door of the site: the API's (api/errors.py builds
its answers with it) and the judge's console (console/doors.py):

    {"detail": "<what happened, in the request's language>", "code": "<stable key>",
     "errors": [{"field": "event.reason", "code": "null_character", "message": "…"}]}

``errors`` lists each field's problem (empty when the request as a whole is refused); an item may
carry more keys (the API's ``seat``, the console's ``rule``). It lives here, at the base, so that
the console need not import the API to answer as it does.
"""
from __future__ import annotations


def error_body(detail, code: str, errors: list[dict] | None = None) -> dict:
    return {"detail": str(detail), "code": str(code), "errors": list(errors or [])}


def field_error(field: str | None, code: str, message, **more) -> dict:
    """One item of ``errors``: what is wrong with ``field`` (a path such as ``event.seats[2]``)."""
    return {"field": field, "code": str(code), "message": str(message), **more}
