from django.contrib import admin
from simple_history.admin import SimpleHistoryAdmin

from tournaments.admin_inlines import PrelabelledInline

from .models import Game, Nomination, Protest, Seat, SeatPenalty, VoteCount


class SeatInline(PrelabelledInline):
    model = Seat
    extra = 0
    max_num = 10
    fields = ["number", "player", "role", "fouls", "removed", "left_how", "left_on", "extra", "extra_reason", "extra_approved", "gross_violation"]
    raw_id_labels = {"player": "nickname"}

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("game", "player")


class ProtestInline(admin.StackedInline):
    model = Protest
    extra = 0
    raw_id_fields = ["player", "decided_by"]

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("player", "decided_by")


@admin.register(Game)
class GameAdmin(SimpleHistoryAdmin):
    list_display = ["number", "tournament", "stage", "round", "table", "judge", "status", "result"]
    list_select_related = ["tournament", "stage__tournament", "round__stage", "table", "judge"]
    list_filter = ["tournament", "stage__kind", "round__number", "status", "result"]
    search_fields = ["seats__player__nickname"]
    raw_id_fields = ["replay_of", "signed_off_by"]
    readonly_fields = ["version", "signed_off_at"]
    inlines = [SeatInline, ProtestInline]

    def get_form(self, request, obj=None, **kwargs):
        form = super().get_form(request, obj, **kwargs)
        # Only this tournament's stages, rounds and tables are offered for a game.
        if obj is not None:
            for name, queryset in (
                ("stage", obj.tournament.stages.all()),
                ("round", obj.stage.rounds.select_related("stage")),
                ("table", obj.tournament.tables.all()),
                ("judge", obj.tournament.judges.all()),
            ):
                if name in form.base_fields:
                    form.base_fields[name].queryset = queryset
        return form


@admin.register(Seat)
class SeatAdmin(SimpleHistoryAdmin):
    list_display = ["game", "number", "player", "role", "fouls", "removed", "extra"]
    list_select_related = ["game", "player"]
    list_filter = ["game__tournament", "role", "removed"]
    search_fields = ["player__nickname"]
    raw_id_fields = ["game", "player"]


@admin.register(SeatPenalty)
class SeatPenaltyAdmin(SimpleHistoryAdmin):
    list_display = ["seat", "clause", "reason"]
    list_select_related = ["seat__game", "seat__player"]
    list_filter = ["clause", "seat__game__tournament"]
    raw_id_fields = ["seat"]


@admin.register(Protest)
class ProtestAdmin(SimpleHistoryAdmin):
    list_display = ["game", "player", "status", "filed_at", "decided_by"]
    list_select_related = ["game", "player", "decided_by"]
    list_filter = ["status", "game__tournament"]
    search_fields = ["player__nickname"]
    raw_id_fields = ["game", "player", "decided_by"]


admin.site.register(Nomination)
admin.site.register(VoteCount)
