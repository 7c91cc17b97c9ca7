from django.contrib import admin
from django.urls import include, path
from django.utils.translation import gettext_lazy as _

from .health import health

# The admin names the site, not Django (its pages are the judges' and organisers' back office).
admin.site.site_header = _("Sports mafia tournaments: administration")
admin.site.site_title = _("Sports mafia tournaments")
admin.site.index_title = _("Tournaments, protocols and standings")

# A database that stayed busy past its wait answers 503 "try again", any other error the 500 page.
handler500 = "config.errors.server_error_or_busy"

urlpatterns = [
    path("health/", health, name="health"),
    path("admin/", admin.site.urls),
    path("i18n/", include("django.conf.urls.i18n")),
    path("api/", include("api.urls")),
    path("", include("protocols.urls")),
    path("", include("console.urls")),
    path("", include("desk.urls")),
    path("", include("public.urls")),
    path("", include("exports.urls")),
]
