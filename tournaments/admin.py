from django.contrib import admin
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from .action_log import action_log_csv
from .admin_access import ScopedInlineMixin, TournamentScopedAdmin
from .admin_inlines import PrelabelledInline
from .admin_titles import AccusativeTitles
from .models import ActionLog, Club, Judge, Player, Registration, Round, Stage, Table, Tournament, TournamentJudge


@admin.register(Club)
class ClubAdmin(AccusativeTitles, admin.ModelAdmin):
    verbose_name_accusative = pgettext_lazy("accusative", "club")
    list_display = ["name", "city"]
    search_fields = ["name", "city"]


@admin.register(Player)
class PlayerAdmin(AccusativeTitles, admin.ModelAdmin):
    verbose_name_accusative = pgettext_lazy("accusative", "player")
    list_display = ["nickname", "real_name", "club", "city"]
    list_select_related = ["club"]
    search_fields = ["nickname", "real_name"]
    list_filter = ["club"]
    autocomplete_fields = ["club"]
    raw_id_fields = ["user"]


@admin.register(Judge)
class JudgeAdmin(AccusativeTitles, admin.ModelAdmin):
    verbose_name_accusative = pgettext_lazy("accusative", "judge")
    list_display = ["name", "user"]
    list_select_related = ["user"]
    search_fields = ["name", "user__username"]
    raw_id_fields = ["user"]


class StageInline(ScopedInlineMixin, admin.TabularInline):
    model = Stage
    extra = 0

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("tournament")


class TournamentJudgeInline(PrelabelledInline):
    model = TournamentJudge
    extra = 0
    raw_id_labels = {"judge": "name"}

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("judge")


class RegistrationInline(PrelabelledInline):
    model = Registration
    extra = 0
    raw_id_labels = {"player": "nickname"}

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("player", "tournament")


class TableInline(ScopedInlineMixin, admin.TabularInline):
    model = Table
    extra = 0


@admin.register(Tournament)
class TournamentAdmin(AccusativeTitles, TournamentScopedAdmin):
    verbose_name_accusative = pgettext_lazy("accusative", "tournament")
    tournament_lookup = ""
    list_display = ["name", "slug", "city", "start_date", "ruleset", "chief_judge", "standings_public"]
    list_select_related = ["chief_judge"]
    list_filter = ["ruleset", "standings_public"]
    search_fields = ["name", "slug", "city"]
    prepopulated_fields = {"slug": ["name"]}
    autocomplete_fields = ["chief_judge", "appeals"]
    filter_horizontal = ["organisers"]
    inlines = [StageInline, TournamentJudgeInline, TableInline, RegistrationInline]
    fieldsets = [
        (None, {"fields": [
            "name", "slug", "city", ("start_date", "end_date"), "ruleset", "chief_judge", "standings_public", "language",
        ]}),
        (_("Who runs it"), {"fields": ["organisers", "appeals"]}),
        (_("Scoring settings"), {"fields": [
            "games_before_final", "lot_seed", "participants_override", ("k_applies", "k_max_participants"),
            ("best_move_three", "best_move_two"), "fourth_foul_removal_counts",
        ]}),
    ]

    def has_add_permission(self, request, *args):
        # Anyone with the model permission (the Organiser group) may start a tournament of their own.
        return admin.ModelAdmin.has_add_permission(self, request)

    def save_related(self, request, form, formsets, change):
        super().save_related(request, form, formsets, change)
        if not change and not request.user.is_superuser:
            form.instance.organisers.add(request.user)  # whoever creates a tournament runs it


class RoundInline(ScopedInlineMixin, admin.TabularInline):
    model = Round
    extra = 0


@admin.register(Stage)
class StageAdmin(AccusativeTitles, TournamentScopedAdmin):
    verbose_name_accusative = pgettext_lazy("accusative", "stage")
    list_display = ["tournament", "kind", "order"]
    list_select_related = ["tournament"]
    list_filter = ["tournament", "kind"]
    inlines = [RoundInline]


@admin.register(Round)
class RoundAdmin(AccusativeTitles, TournamentScopedAdmin):
    verbose_name_accusative = pgettext_lazy("accusative", "round")
    tournament_lookup = "stage__tournament"
    list_display = ["__str__", "stage", "number", "starts_at"]
    list_select_related = ["stage__tournament"]
    list_filter = ["stage__tournament", "stage__kind"]


@admin.register(Table)
class TableAdmin(AccusativeTitles, TournamentScopedAdmin):
    verbose_name_accusative = pgettext_lazy("accusative", "table")
    list_display = ["number", "name", "tournament"]
    list_select_related = ["tournament"]
    list_filter = ["tournament"]


@admin.register(Registration)
class RegistrationAdmin(AccusativeTitles, TournamentScopedAdmin):
    verbose_name_accusative = pgettext_lazy("accusative", "registration")
    list_display = ["player", "tournament", "number", "withdrawn", "excluded"]
    list_select_related = ["player", "tournament"]
    list_filter = ["tournament", "withdrawn", "excluded"]
    search_fields = ["player__nickname"]
    autocomplete_fields = ["player"]


@admin.register(ActionLog)
class ActionLogAdmin(AccusativeTitles, TournamentScopedAdmin):
    """The action log: read-only, and exported as CSV (the action, or the desk's export)."""

    verbose_name_accusative = pgettext_lazy("accusative", "action log entry")
    list_display = ["at", "tournament", "user", "action", "object_label", "reason"]
    list_select_related = ["tournament", "user"]
    list_filter = ["tournament", "action"]
    search_fields = ["object_label", "reason", "user__username"]
    actions = ["export_csv"]

    def has_add_permission(self, request, *args):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False

    @admin.action(description=_("Export the selected entries as CSV"), permissions=["view"])
    def export_csv(self, request, queryset):
        return action_log_csv(queryset.select_related("tournament", "user"), filename="action-log.csv")
