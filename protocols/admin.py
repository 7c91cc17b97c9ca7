"""Admin for protocols, under the permission model (tournaments/permissions.py).

The protocol itself (roles, fouls, result, best move, penalties) is read-only here: it changes
only through the services (services.py, protests.py), which check who may change it, validate it
and keep its versions; the admin links to the entry page and signs off through the same service.
Scheduling (stage, round, table, judge, who sits where before the game) is changed by the
tournament's organisers. A table judge sees only their own table's games, so no role of another
table's unsigned game; the chief judge and the appeals commission decide protests through the
same service as the desk."""
from django import forms
from django.contrib import admin, messages
from django.contrib.admin.utils import unquote
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext, pgettext_lazy
from simple_history.admin import SimpleHistoryAdmin

from tournaments.admin_access import ReadOnlyAdminMixin, ScopedInlineMixin, TournamentScopedAdmin
from tournaments.admin_inlines import PrelabelledInline
from tournaments.admin_titles import AccusativeTitles
from tournaments.permissions import (
    PermissionRefused,
    can_decide_protest,
    can_see_roles,
    is_organiser,
    is_superuser,
    visible_games,
)

from .admin_game_import import GameImportAdmin
from .models import Game, Protest, ProtestStatus, Seat
from .presentation import problem_text
from .protests import check_decision, decide_protest
from .services import ProtocolInvalid, sign_off

PROTOCOL_FIELDS = ["status", "result", "result_kind", "awarded_reason", "first_killed_seat", "best_move", "signed_off_at",
                   "signed_off_by", "version"]
HIDDEN = "—"


def role_column(request, game=None):
    """The role of a seat as this request may see it: "—" for an unsigned game of another table.
    Made per request (a ModelAdmin instance serves every request, so it keeps no user)."""
    fixed = None if game is None else can_see_roles(request.user, game)

    def role(seat):
        visible = fixed if fixed is not None else can_see_roles(request.user, seat.game)
        return seat.get_role_display() if visible and seat.role else HIDDEN

    role.short_description = _("role")
    return role


class ScopedHistoryAdmin(SimpleHistoryAdmin):
    """django-simple-history's pages under the permission model.

    Its history list and its page of one past version found the object among *all* rows (a
    deleted one among the history rows), not among those the user may see, and saved whatever
    the version page posted. Here both show only an object of the admin's own queryset (scoped
    by permissions.py) that the user may view; a bad id is a 404. Reverting is off for everyone,
    the superuser included: it would write an old protocol back past the services (no version,
    reason, log entry or recompute; the game's version itself went back), so a change to a
    protocol is an amendment on the entry page or the desk, never a revert."""

    def revert_disabled(self, request, obj=None):
        return True

    def _visible_object(self, request, object_id):
        object_id = unquote(str(object_id))
        try:
            self.model._meta.pk.to_python(object_id)
        except ValidationError:
            raise Http404 from None
        if not self.has_view_or_change_permission(request):
            raise PermissionDenied  # no view of this model at all, as Django's own pages answer
        obj = self.get_object(request, object_id)
        if obj is None or not self.has_view_permission(request, obj):
            raise Http404
        return obj

    def _has_versions(self) -> bool:
        return hasattr(self.model._meta, "simple_history_manager_attribute")

    def history_view(self, request, object_id, extra_context=None):
        self._visible_object(request, object_id)
        if not self._has_versions():  # a row without past versions (a protocol version itself): Django's log
            return admin.ModelAdmin.history_view(self, request, object_id, extra_context)
        return super().history_view(request, object_id, extra_context)

    def history_form_view(self, request, object_id, version_id, extra_context=None):
        self._visible_object(request, object_id)
        if not self._has_versions():
            raise Http404
        if not str(version_id).isascii() or not str(version_id).isdigit():
            raise Http404
        if request.method not in ("GET", "HEAD"):
            raise PermissionDenied  # no revert: see the class's docstring
        return super().history_form_view(request, object_id, version_id, extra_context)


class GameScopedAdmin(TournamentScopedAdmin, ScopedHistoryAdmin):
    """Rows of games: only the games whose protocol the user may open (a table judge: their own)."""

    game_lookup = "game"
    tournament_lookup = "game__tournament"

    def get_queryset(self, request):
        queryset = super().get_queryset(request)
        if is_superuser(request.user):
            return queryset
        games = visible_games(request.user, Game.objects.all()).values("pk")
        return queryset.filter(**{f"{self.game_lookup}__in": games}) if self.game_lookup else queryset.filter(pk__in=games)


class SeatInline(ScopedInlineMixin, PrelabelledInline):
    model = Seat
    extra = 0
    max_num = 10
    entered = ["fouls", "removed", "left_how", "left_on", "extra", "extra_reason", "extra_approved", "gross_violation"]
    autocomplete_labels = {"player": "nickname"}

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("game", "player")

    def _role(self, request, obj):
        cache = request.__dict__.setdefault("_role_columns", {})
        key = (type(self), getattr(obj, "pk", None))
        if key not in cache:
            cache[key] = role_column(request, obj)
        return cache[key]

    def get_fields(self, request, obj=None):
        return ["number", "player", self._role(request, obj), *self.entered]

    def get_readonly_fields(self, request, obj=None):
        return [self._role(request, obj), *self.entered]

    def _scheduling(self, request, obj) -> bool:
        return obj is None or (obj.status == "scheduled" and is_organiser(request.user, obj.tournament))

    def has_change_permission(self, request, obj=None):
        return super().has_change_permission(request, obj) and self._scheduling(request, obj)

    def has_add_permission(self, request, obj=None):
        return super().has_add_permission(request, obj) and self._scheduling(request, obj)

    def has_delete_permission(self, request, obj=None):
        return super().has_delete_permission(request, obj) and self._scheduling(request, obj)


class ProtestInline(admin.StackedInline):
    """Protests as they stand: filed on the entry page and decided on the desk or the protest's page."""

    model = Protest
    extra = 0
    fields = ["player", "point", "seat", "text", "filed_at", "filed_by", "late_reason", "status", "decision", "decided_by",
              "decided_at"]
    readonly_fields = fields

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("player", "decided_by", "filed_by")

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


class GameAdmin(GameImportAdmin, AccusativeTitles, GameScopedAdmin):
    verbose_name_accusative = pgettext_lazy("accusative", "game")
    game_lookup = ""
    tournament_lookup = "tournament"
    list_display = ["number", "tournament", "stage", "round", "table", "judge", "status", "result"]
    list_select_related = ["tournament", "stage__tournament", "round__stage", "table", "judge"]
    list_filter = ["tournament", "stage__kind", "round__number", "status", "result"]
    search_fields = ["seats__player__nickname"]
    raw_id_fields = ["replay_of", "signed_off_by"]
    autocomplete_fields = ["judge"]
    readonly_fields = PROTOCOL_FIELDS + ["entry_page"]
    inlines = [SeatInline, ProtestInline]
    actions = ["sign_off_games"]

    def get_readonly_fields(self, request, obj=None):
        fields = list(super().get_readonly_fields(request, obj))
        if obj is not None:
            fields.append("tournament")  # a game never moves into another tournament
        if obj is not None and not obj.status == "scheduled":
            fields += ["stage", "round", "table", "judge", "number", "code", "replay_of", "played_on"]
        return fields

    @admin.display(description=_("protocol entry page"))
    def entry_page(self, obj):
        if obj is None or obj.pk is None:
            return "—"
        return format_html('<a href="{}">{}</a>', reverse("protocols:game", args=[obj.pk]), _("Open the protocol"))

    @admin.action(description=_("Sign off the selected protocols (checked as on the judge's page)"), permissions=["view"])
    def sign_off_games(self, request, queryset):
        done = 0
        for game in queryset.select_related("tournament", "stage", "round", "table", "judge"):
            if game.is_signed_off:
                continue
            try:
                sign_off(game=game, user=request.user)
                done += 1
            except (ProtocolInvalid, PermissionRefused) as exc:
                reason = "; ".join(problem_text(p) for p in exc.problems) if isinstance(exc, ProtocolInvalid) else str(exc)
                self.message_user(request, f"{game}: {reason}", level=messages.ERROR)
        if done:
            self.message_user(request, ngettext("%(n)d protocol signed off.", "%(n)d protocols signed off.", done) % {"n": done},
                              level=messages.SUCCESS)

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


class ReadOnlyProtocolAdmin(ReadOnlyAdminMixin, AccusativeTitles, GameScopedAdmin):
    """Protocol rows are changed through the services only."""


class ProtocolVersionAdmin(ReadOnlyProtocolAdmin):
    verbose_name_accusative = pgettext_lazy("accusative", "protocol version")
    list_display = ["game", "version", "action", "saved_by", "saved_at", "reason"]
    list_select_related = ["game", "saved_by"]
    list_filter = ["action", "game__tournament"]


class SeatAdmin(ReadOnlyProtocolAdmin):
    verbose_name_accusative = pgettext_lazy("accusative", "seat")
    list_select_related = ["game__tournament", "player"]
    list_filter = ["game__tournament", "removed"]
    search_fields = ["player__nickname"]
    entered = ["fouls", "removed", "left_how", "left_on", "extra", "extra_reason", "extra_approved", "gross_violation"]

    def get_list_display(self, request):
        return ["game", "number", "player", role_column(request), "fouls", "removed", "extra"]

    def get_fields(self, request, obj=None):
        return ["game", "number", "player", *self.get_readonly_fields(request, obj)[:1], *self.entered]

    def get_readonly_fields(self, request, obj=None):
        cache = request.__dict__.setdefault("_seat_role_column", {})
        if obj not in cache:
            cache[obj] = role_column(request, obj.game if obj is not None else None)
        return [cache[obj], "game", "number", "player", *self.entered]


class SeatPenaltyAdmin(ReadOnlyProtocolAdmin):
    verbose_name_accusative = pgettext_lazy("accusative", "penalty")
    game_lookup = "seat__game"
    tournament_lookup = "seat__game__tournament"
    list_display = ["seat", "clause", "reason"]
    list_select_related = ["seat__game", "seat__player"]
    list_filter = ["clause", "seat__game__tournament"]
    raw_id_fields = ["seat"]


class ProtestDecisionForm(forms.ModelForm):
    """The decision of a protest through the same rules as the desk; errors on the form, never a 500."""

    reason = forms.CharField(label=_("Why the earlier decision changes"), required=False, widget=forms.Textarea(attrs={"rows": 2}))

    class Meta:
        model = Protest
        fields = ["status", "decision"]

    def clean(self):
        data = super().clean()
        status = data.get("status")
        if status == ProtestStatus.AMENDED or status == ProtestStatus.REPLAY:
            self.add_error("status", _("A protest is upheld on the chief judge's desk, where the protocol is amended in the same step."))
            return data
        stored = Protest.objects.select_related("game__tournament").get(pk=self.instance.pk)
        for p in check_decision(protest=stored, status=status, decision=data.get("decision", ""), reason=data.get("reason", "")):
            self.add_error(p.field if p.field in self.fields else None, problem_text(p))
        return data


class ProtestAdmin(AccusativeTitles, GameScopedAdmin):
    verbose_name_accusative = pgettext_lazy("accusative", "protest")
    list_display = ["game", "player", "point", "status", "filed_at", "decided_by"]
    list_select_related = ["game", "player", "decided_by"]
    list_filter = ["status", "point", "game__tournament"]
    search_fields = ["player__nickname"]
    form = ProtestDecisionForm
    readonly_fields = ["game", "player", "point", "seat", "text", "filed_at", "filed_by", "late_reason", "decided_by", "decided_at",
                       "desk_link"]
    fields = ["game", "player", "point", "seat", "text", "filed_at", "filed_by", "late_reason", "status", "decision", "reason",
              "decided_by", "decided_at", "desk_link"]

    @admin.display(description=_("the chief judge's desk"))
    def desk_link(self, obj):
        if obj is None or obj.pk is None:
            return "—"
        url = reverse("desk:protest", args=[obj.game.tournament.slug, obj.pk])
        return format_html('<a href="{}">{}</a>', url, _("Decide on the desk (preview of the standings, amendment)"))

    def has_add_permission(self, request, *args):
        return False  # filed on the entry page or on the desk, where the ten minutes are checked

    def has_delete_permission(self, request, obj=None):
        return is_superuser(request.user)

    def has_change_permission(self, request, obj=None):
        # Only the chief judge or the appeals commission decides a protest (8.9; never the game's own judge).
        if obj is None:
            return admin.ModelAdmin.has_view_permission(self, request)
        return can_decide_protest(request.user, obj)

    def save_model(self, request, obj, form, change):
        data = form.cleaned_data
        try:
            decide_protest(protest=Protest.objects.get(pk=obj.pk), user=request.user, status=data["status"],
                           decision=data.get("decision", ""), reason=data.get("reason", ""))
        except (ProtocolInvalid, PermissionRefused) as exc:  # raced with another decision: say so
            self.message_user(request, str(exc), level=messages.ERROR)


class NominationAdmin(ReadOnlyProtocolAdmin):
    verbose_name_accusative = pgettext_lazy("accusative", "nomination")
    list_display = ["game", "day", "by_seat", "nominee_seat", "withdrawn"]
    list_select_related = ["game"]
    list_filter = ["game__tournament"]


class VoteCountAdmin(ReadOnlyProtocolAdmin):
    verbose_name_accusative = pgettext_lazy("accusative", "vote count")
    list_display = ["game", "day", "ballot", "nominee_seat", "votes"]
    list_select_related = ["game"]
    list_filter = ["game__tournament"]
