"""What a logout leaves in the browser: nothing of the site's. The console keeps a copy of its
game's log in the browser (IndexedDB, the service worker's caches) so the judge plays on offline,
and that copy holds every seat's role: whoever logs out, wherever (the judges' page, the admin,
the next judge on a shared tablet), the answer to the logout asks the browser to clear the site's
storage and caches (``Clear-Site-Data``). The judge's logout page still asks first while events
wait to be sent (static/console/logout.js)."""
from __future__ import annotations

from django.contrib.auth.views import LogoutView

CLEAR_SITE_DATA = '"cache", "storage"'


def clearing_site_data(response):
    response["Clear-Site-Data"] = CLEAR_SITE_DATA
    return response


class ClearingLogoutView(LogoutView):
    def post(self, request, *args, **kwargs):
        return clearing_site_data(super().post(request, *args, **kwargs))
