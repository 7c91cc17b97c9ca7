"""The admin site: the apps in the order an organiser works through them, the tournament first.
Django lists them alphabetically by their names in the page's language, which put "Турниры" after
AXES and "Токены" in Russian."""
from django.contrib import admin

from tournaments.site_data import clearing_site_data

# An organiser's day: the tournament, its protocols, the standings, the seating, the paper. The
# apps not named here (accounts, tokens, login throttling, history) follow, alphabetically.
APP_ORDER = ("tournaments", "protocols", "scoring", "seating", "exports", "desk", "operations")


class ProductAdminSite(admin.AdminSite):
    def logout(self, request, extra_context=None):
        # as the judges' logout: the console's copies of a game (every seat's role) leave the browser too
        return clearing_site_data(super().logout(request, extra_context))

    def get_app_list(self, request, app_label=None):
        apps = super().get_app_list(request, app_label)
        rank = {label: i for i, label in enumerate(APP_ORDER)}
        return sorted(apps, key=lambda app: (rank.get(app["app_label"], len(rank)), app["name"].lower()))
