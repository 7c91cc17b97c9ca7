from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class DemoConfig(AppConfig):
    """The demo tournament (`load_demo`) and the builder that tests and benches use."""

    name = "demo"
    verbose_name = _("Demo")
