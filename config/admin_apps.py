"""The admin app with the product's site (config/admin_site.py): listed in INSTALLED_APPS in
place of django.contrib.admin. Only the app config lives here: the site's module imports models,
which settings may not do."""
from django.contrib.admin.apps import AdminConfig


class ProductAdminConfig(AdminConfig):
    default_site = "config.admin_site.ProductAdminSite"

    def ready(self):
        super().ready()  # imports every app's admin module
        from . import admin  # noqa: F401  (builds and registers the admins)
