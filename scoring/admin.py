from django.contrib import admin, messages
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from tournaments.admin_access import TournamentScopedAdmin
from tournaments.admin_titles import AccusativeTitles
from tournaments.permissions import is_organiser

from .recompute import recompute


class StandingsStateAdmin(AccusativeTitles, TournamentScopedAdmin):
    """Where the standings stand: which version is stored, which was asked for, and a button."""

    verbose_name_accusative = pgettext_lazy("accusative", "standings state")

    list_display = ["tournament", "computed_version", "requested_version", "computed_at"]
    list_select_related = ["tournament"]
    readonly_fields = ["tournament", "computed_version", "requested_version", "computed_at"]
    actions = ["recompute_now"]

    def has_add_permission(self, request):
        return False

    @admin.action(description=_("Recompute the standings now"), permissions=["change"])
    def recompute_now(self, request, queryset):
        for state in queryset.select_related("tournament"):
            if not is_organiser(request.user, state.tournament):
                continue
            version = recompute(state.tournament_id, force=True)
            self.message_user(request, f"{state.tournament}: v{version}", messages.SUCCESS)
