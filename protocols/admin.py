"""Admin for protocols. The protocol itself (roles, fouls, result, best move, penalties) is
read-only here: it changes only through the services (protocols/services.py) that check who
may change it, validate it and keep its versions; the admin links to the entry page and signs
off through the same service. Scheduling (stage, round, table, judge, who sits where before the
game) stays editable."""
from django.contrib import admin, messages
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy
from simple_history.admin import SimpleHistoryAdmin

from tournaments.admin_inlines import PrelabelledInline
from tournaments.admin_titles import AccusativeTitles

from . import admin_accounts  # noqa: F401  (registers the users' and groups' admin)
from .models import Game, Nomination, Protest, ProtocolVersion, Seat, SeatPenalty, VoteCount
from .permissions import ProtocolPermissionDenied, is_chief_judge
from .presentation import problem_text
from .services import ProtocolInvalid, decide_protest, sign_off

PROTOCOL_FIELDS = ["status", "result", "result_kind", "awarded_reason", "first_killed_seat", "best_move", "signed_off_at",
                   "signed_off_by", "version"]


class SeatInline(PrelabelledInline):
    model = Seat
    extra = 0
    max_num = 10
    fields = [
        "number", "player", "role", "fouls", "removed", "left_how", "left_on", "extra", "extra_reason", "extra_approved",
        "gross_violation",
    ]
    readonly_fields = ["role", "fouls", "removed", "left_how", "left_on", "extra", "extra_reason", "extra_approved", "gross_violation"]
    raw_id_labels = {"player": "nickname"}

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("game", "player")

    def has_change_permission(self, request, obj=None):
        return super().has_change_permission(request, obj) and (obj is None or obj.status == "scheduled")

    def has_add_permission(self, request, obj=None):
        return super().has_add_permission(request, obj) and (obj is None or obj.status == "scheduled")

    def has_delete_permission(self, request, obj=None):
        return super().has_delete_permission(request, obj) and (obj is None or obj.status == "scheduled")


class ProtestInline(admin.StackedInline):
    """Protests are filed here; the chief judge decides them on the protest's own page."""

    model = Protest
    extra = 0
    raw_id_fields = ["player"]
    readonly_fields = ["status", "decision", "decided_by", "decided_at"]

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("player", "decided_by")


@admin.register(Game)
class GameAdmin(AccusativeTitles, SimpleHistoryAdmin):
    verbose_name_accusative = pgettext_lazy("accusative", "game")
    list_display = ["number", "tournament", "stage", "round", "table", "judge", "status", "result"]
    list_select_related = ["tournament", "stage__tournament", "round__stage", "table", "judge"]
    list_filter = ["tournament", "stage__kind", "round__number", "status", "result"]
    search_fields = ["seats__player__nickname"]
    raw_id_fields = ["replay_of", "signed_off_by"]
    readonly_fields = PROTOCOL_FIELDS + ["entry_page"]
    inlines = [SeatInline, ProtestInline]
    actions = ["sign_off_games"]

    @admin.display(description=_("protocol entry page"))
    def entry_page(self, obj):
        if obj is None or obj.pk is None:
            return "—"
        return format_html('<a href="{}">{}</a>', reverse("protocols:game", args=[obj.pk]), _("Open the protocol"))

    @admin.action(description=_("Sign off the selected protocols (through the protocol service)"))
    def sign_off_games(self, request, queryset):
        done = 0
        for game in queryset.select_related("tournament", "stage", "round", "table"):
            if game.is_signed_off:
                continue
            try:
                sign_off(game=game, user=request.user)
                done += 1
            except (ProtocolInvalid, ProtocolPermissionDenied) as exc:
                reason = "; ".join(problem_text(p) for p in exc.problems) if isinstance(exc, ProtocolInvalid) else str(exc)
                self.message_user(request, f"{game}: {reason}", level=messages.ERROR)
        if done:
            self.message_user(request, _("%(n)d protocol(s) signed off.") % {"n": done}, level=messages.SUCCESS)

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


class ReadOnlyProtocolAdmin(AccusativeTitles, SimpleHistoryAdmin):
    """Protocol rows are changed through the services only."""

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(ProtocolVersion)
class ProtocolVersionAdmin(ReadOnlyProtocolAdmin):
    verbose_name_accusative = pgettext_lazy("accusative", "protocol version")
    list_display = ["game", "version", "action", "saved_by", "saved_at", "reason"]
    list_select_related = ["game", "saved_by"]
    list_filter = ["action", "game__tournament"]


@admin.register(Seat)
class SeatAdmin(ReadOnlyProtocolAdmin):
    verbose_name_accusative = pgettext_lazy("accusative", "seat")
    list_display = ["game", "number", "player", "role", "fouls", "removed", "extra"]
    list_select_related = ["game", "player"]
    list_filter = ["game__tournament", "role", "removed"]
    search_fields = ["player__nickname"]
    raw_id_fields = ["game", "player"]


@admin.register(SeatPenalty)
class SeatPenaltyAdmin(ReadOnlyProtocolAdmin):
    verbose_name_accusative = pgettext_lazy("accusative", "penalty")
    list_display = ["seat", "clause", "reason"]
    list_select_related = ["seat__game", "seat__player"]
    list_filter = ["clause", "seat__game__tournament"]
    raw_id_fields = ["seat"]


@admin.register(Protest)
class ProtestAdmin(AccusativeTitles, SimpleHistoryAdmin):
    verbose_name_accusative = pgettext_lazy("accusative", "protest")
    list_display = ["game", "player", "status", "filed_at", "decided_by"]
    list_select_related = ["game", "player", "decided_by"]
    list_filter = ["status", "game__tournament"]
    search_fields = ["player__nickname"]
    raw_id_fields = ["game", "player", "decided_by"]
    readonly_fields = ["decided_by", "decided_at"]

    def has_change_permission(self, request, obj=None):
        # Only the tournament's chief judge decides a protest (8.9; never the game's own judge).
        if obj is not None and not is_chief_judge(request.user, obj.game.tournament):
            return False
        return super().has_change_permission(request, obj)

    def save_model(self, request, obj, form, change):
        if change and {"status", "decision"} & set(form.changed_data):
            decide_protest(protest=obj, user=request.user, status=obj.status, decision=obj.decision)
        else:
            super().save_model(request, obj, form, change)


@admin.register(Nomination)
class NominationAdmin(ReadOnlyProtocolAdmin):
    verbose_name_accusative = pgettext_lazy("accusative", "nomination")


@admin.register(VoteCount)
class VoteCountAdmin(ReadOnlyProtocolAdmin):
    verbose_name_accusative = pgettext_lazy("accusative", "vote count")
