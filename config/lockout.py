"""What a locked-out login sees (django-axes' AXES_LOCKOUT_CALLABLE): the site's page, in its
language, saying when to try again and how to get help; HTTP 429, and JSON for the API.

The lock is on the username at one address (AXES_LOCKOUT_PARAMETERS), so the page says so: the
judge can log in at once from another network, or ask for the lock to be lifted."""
from django.conf import settings
from django.http import JsonResponse
from django.shortcuts import render
from django.utils.translation import gettext as _


def locked_out(request, credentials, *args, **kwargs):
    minutes = int(settings.AXES_COOLOFF_TIME.total_seconds() // 60)
    message = _("Too many wrong passwords for this account from this address. Try again in %(minutes)s minutes.") % {
        "minutes": minutes}
    help_lines = [
        _("Only this address is locked: on another network (a phone on mobile data, say) you can log in at once."),
        _("If you cannot wait, ask the chief judge or the organisers of your tournament: the site's administrator "
          "can lift the lock at once."),
    ]
    if request is not None and request.path.startswith("/api/"):
        detail = " ".join([message, *help_lines])
        return JsonResponse({"detail": detail, "code": "locked_out", "errors": []}, status=429)  # the API's Error shape
    return render(request, "lockout.html", {"message": message, "help_lines": help_lines}, status=429)
