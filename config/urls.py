from django.contrib import admin
from django.urls import include, path

from .health import health

urlpatterns = [
    path("health/", health, name="health"),
    path("admin/", admin.site.urls),
    path("i18n/", include("django.conf.urls.i18n")),
    path("api/", include("api.urls")),
    path("", include("protocols.urls")),
    path("", include("desk.urls")),
    path("", include("public.urls")),
    path("", include("exports.urls")),
]
