"""The ratings' admin: which tournaments count (organisers), the player records with their
likely duplicates flagged and the merge of two rows (superusers), the stored snapshots (read only)."""
from __future__ import annotations

from django.contrib import admin, messages
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from tournaments.admin_access import ReadOnlyAdminMixin, TournamentScopedAdmin

from .duplicates import likely_duplicates
from .merge import MergeRefused, merge_players
from .models import PlayerRecord
from .services import request_recompute


class RatingSettingsAdmin(TournamentScopedAdmin):
    list_display = ["tournament", "rated", "stars"]
    list_filter = ["rated", "stars"]
    search_fields = ["tournament__name"]
    autocomplete_fields = ["tournament"]

    def save_model(self, request, obj, form, change):
        super().save_model(request, obj, form, change)
        if not change or "rated" in form.changed_data:
            request_recompute(full=True)

    def delete_model(self, request, obj):
        super().delete_model(request, obj)
        request_recompute(full=True)

    def delete_queryset(self, request, queryset):
        super().delete_queryset(request, queryset)
        request_recompute(full=True)


class LikelyDuplicateFilter(admin.SimpleListFilter):
    title = _("likely duplicate")
    parameter_name = "duplicate"

    def lookups(self, request, model_admin):
        return [("yes", _("yes"))]

    def queryset(self, request, queryset):
        if self.value() == "yes":
            return queryset.filter(pk__in=list(likely_duplicates()))
        return queryset


class PlayerRecordAdmin(admin.ModelAdmin):
    list_display = ["nickname", "real_name", "club", "city", "same_person_as"]
    list_select_related = ["club"]
    search_fields = ["nickname", "real_name", "city"]
    list_filter = [LikelyDuplicateFilter, "club"]
    actions = ["merge_two"]

    def get_queryset(self, request):
        self._duplicates = likely_duplicates()
        return super().get_queryset(request)

    @admin.display(description=_("likely the same person as"))
    def same_person_as(self, obj):
        others = getattr(self, "_duplicates", {}).get(obj.pk, ())
        return ", ".join(PlayerRecord.objects.filter(pk__in=others).values_list("nickname", flat=True)) if others else ""

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False

    def has_view_permission(self, request, obj=None):
        return request.user.is_active and request.user.is_superuser

    def has_module_permission(self, request):
        return request.user.is_active and request.user.is_superuser

    def has_merge_permission(self, request):
        return request.user.is_active and request.user.is_superuser

    @admin.action(permissions=["merge"], description=_("Merge the two selected players (the one with more registrations is kept)"))
    def merge_two(self, request, queryset):
        players = sorted(queryset, key=lambda p: (-p.registrations.count(), p.pk))
        if len(players) != 2:
            self.message_user(request, _("Select exactly two players to merge."), messages.ERROR)
            return
        keep, absorb = players
        try:
            moved = merge_players(keep=keep, absorb=absorb, user=request.user)
        except MergeRefused as exc:
            self.message_user(request, str(exc), messages.ERROR)
            return
        rows = sum(moved.values())
        self.message_user(request, ngettext(
            "%(absorbed)s merged into %(kept)s: %(rows)d row moved.", "%(absorbed)s merged into %(kept)s: %(rows)d rows moved.", rows,
        ) % {"absorbed": absorb.nickname, "kept": keep.nickname, "rows": rows}, messages.SUCCESS)


class RatingSnapshotAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    list_display = ["version", "computed_at", "games", "players"]
