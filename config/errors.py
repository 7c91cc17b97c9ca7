"""The server-error answer (urls.handler500), with two faults told apart: the database was busy,
or its connection was lost.

On SQLite one writer at a time holds the lock and another waits for it up to the busy timeout
(SQLITE_BUSY_TIMEOUT, 20 s); when the wait runs out (a long import holding the lock) the request
gets a 503 that says to try again in a moment, in the request's language, never a 500. The same
when PostgreSQL drops the connection under a request (a restart, a failover, an administrator
terminating backends): the transaction did not commit, so nothing was saved, and the next request
connects anew. A page for people; the API's error shape for the API and for the JSON doors (the
judge's console, whose queue sends the event again after Retry-After). Every other uncaught error
is Django's own 500 page (templates/500.html).
"""
from __future__ import annotations

import sys

from django.db import InterfaceError, OperationalError
from django.http import HttpResponse, JsonResponse
from django.template import loader
from django.utils.translation import gettext as _
from django.views.defaults import server_error

# SQLite's words for a lock it could not get in time (SQLITE_BUSY, SQLITE_LOCKED).
BUSY_WORDS = ("database is locked", "database table is locked", "database schema is locked")
# psycopg's words for a connection that went away under the request
LOST_WORDS = ("server closed the connection", "terminating connection", "connection already closed",
              "the connection is lost", "connection is closed", "consuming input failed", "could not receive data",
              "ssl connection has been closed")
RETRY_SECONDS = 5


def is_database_busy(error: BaseException | None) -> bool:
    """True for SQLite's "database is locked" (the busy timeout ran out), whatever wrapped it."""
    while error is not None:
        if isinstance(error, OperationalError) or type(error).__name__ == "OperationalError":
            if any(word in str(error).lower() for word in BUSY_WORDS):
                return True
        error = error.__cause__ or error.__context__
    return False


def is_connection_lost(error: BaseException | None) -> bool:
    """True when the database's connection went away under the request, whatever wrapped it."""
    while error is not None:
        if isinstance(error, InterfaceError | OperationalError) or type(error).__name__ in ("InterfaceError", "OperationalError"):
            if any(word in str(error).lower() for word in LOST_WORDS):
                return True
        error = error.__cause__ or error.__context__
    return False


def wants_json(request) -> bool:
    """The API, and a JSON door (the console's): a request that sent or asked for JSON."""
    if request is None:
        return False
    return (request.path.startswith("/api/") or request.content_type == "application/json"
            or "application/json" in request.headers.get("Accept", ""))


def busy_response(request) -> HttpResponse:
    """503 with Retry-After: the JSON error of the API, or a page."""
    if request is not None and request.method in ("GET", "HEAD"):
        detail = _("The database is busy with another change. Please reload this page in a few seconds.")
    else:
        detail = _("The database is busy with another change, and nothing was saved. Go back (what you entered "
                   "is still on the page) and send it again in a few seconds.")
    if wants_json(request):
        response = JsonResponse({"detail": detail, "code": "database_busy", "errors": []}, status=503)
    else:
        body = loader.get_template("503.html").render({"detail": detail})
        response = HttpResponse(body, status=503)
    response["Retry-After"] = str(RETRY_SECONDS)
    return response


def server_error_or_busy(request, template_name: str = "500.html"):
    """Django's handler500, called inside the `except` that caught the error."""
    error = sys.exc_info()[1]
    if is_database_busy(error) or is_connection_lost(error):
        return busy_response(request)
    return server_error(request, template_name)
