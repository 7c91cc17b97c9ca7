from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ApiConfig(AppConfig):
    """The REST API (/api/v1/): public reads, protocols and protests for judges' apps, the file."""

    name = "api"
    verbose_name = _("REST API")
