"""What a locked-out login sees (django-axes' AXES_LOCKOUT_CALLABLE): the site's page, in its
language, saying when to try again; HTTP 429, and JSON for the API."""
from django.conf import settings
from django.http import JsonResponse
from django.shortcuts import render
from django.utils.translation import gettext as _


def locked_out(request, credentials, *args, **kwargs):
    minutes = int(settings.AXES_COOLOFF_TIME.total_seconds() // 60)
    message = _("Too many wrong passwords for this account from this address. Try again in %(minutes)s minutes, "
                "or ask the organisers.") % {"minutes": minutes}
    if request is not None and request.path.startswith("/api/"):
        return JsonResponse({"detail": message, "code": "locked_out", "errors": []}, status=429)  # the API's Error shape
    return render(request, "lockout.html", {"message": message}, status=429)
