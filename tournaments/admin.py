from django.contrib import admin
from django.utils.translation import gettext_lazy as _

from .admin_inlines import PrelabelledInline
from .models import Club, Judge, Player, Registration, Round, Stage, Table, Tournament, TournamentJudge


@admin.register(Club)
class ClubAdmin(admin.ModelAdmin):
    list_display = ["name", "city"]
    search_fields = ["name", "city"]


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ["nickname", "real_name", "club", "city"]
    list_select_related = ["club"]
    search_fields = ["nickname", "real_name"]
    list_filter = ["club"]
    autocomplete_fields = ["club"]


@admin.register(Judge)
class JudgeAdmin(admin.ModelAdmin):
    list_display = ["name", "user"]
    list_select_related = ["user"]
    search_fields = ["name", "user__username"]
    raw_id_fields = ["user"]


class StageInline(admin.TabularInline):
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


class TableInline(admin.TabularInline):
    model = Table
    extra = 0


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    list_display = ["name", "slug", "city", "start_date", "ruleset", "chief_judge", "standings_public"]
    list_select_related = ["chief_judge"]
    list_filter = ["ruleset", "standings_public"]
    search_fields = ["name", "slug", "city"]
    prepopulated_fields = {"slug": ["name"]}
    autocomplete_fields = ["chief_judge"]
    inlines = [StageInline, TournamentJudgeInline, TableInline, RegistrationInline]
    fieldsets = [
        (None, {"fields": ["name", "slug", "city", ("start_date", "end_date"), "ruleset", "chief_judge", "standings_public", "language"]}),
        (_("Scoring settings"), {"fields": [
            "games_before_final", "lot_seed", "participants_override", ("k_applies", "k_max_participants"),
            ("best_move_three", "best_move_two"), "fourth_foul_removal_counts",
        ]}),
    ]


class RoundInline(admin.TabularInline):
    model = Round
    extra = 0


@admin.register(Stage)
class StageAdmin(admin.ModelAdmin):
    list_display = ["tournament", "kind", "order"]
    list_select_related = ["tournament"]
    list_filter = ["tournament", "kind"]
    inlines = [RoundInline]


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = ["__str__", "stage", "number", "starts_at"]
    list_select_related = ["stage__tournament"]
    list_filter = ["stage__tournament", "stage__kind"]


@admin.register(Table)
class TableAdmin(admin.ModelAdmin):
    list_display = ["number", "name", "tournament"]
    list_select_related = ["tournament"]
    list_filter = ["tournament"]


@admin.register(Registration)
class RegistrationAdmin(admin.ModelAdmin):
    list_display = ["player", "tournament", "number", "withdrawn"]
    list_select_related = ["player", "tournament"]
    list_filter = ["tournament", "withdrawn"]
    search_fields = ["player__nickname"]
    autocomplete_fields = ["player"]
