"""The admin under the permission model (permissions.py): every list, page, form, inline, filter
and action shows and changes only what the user's role in each tournament allows.

A staff user sees the rows of the tournaments in which they have a role and changes those of the
tournaments they organise; a superuser has everything. Admins of rows that belong to a
tournament subclass `TournamentScopedAdmin` and name the lookup from their model to it."""
from __future__ import annotations

from django.contrib import admin
from django.db import models
from django.utils.translation import gettext_lazy as _

from .models import Judge, Player, Registration, Round, Stage, Table, Tournament
from .permissions import is_organiser, is_superuser, managed_tournaments, visible_tournaments


def _walk(obj, lookup: str):
    for name in lookup.split("__") if lookup else ():
        obj = getattr(obj, name)
    return obj


class VisibleTournamentFilter(admin.SimpleListFilter):
    """The tournament filter of a list: only the tournaments the user may see are offered."""

    title = _("tournament")
    parameter_name = "tournament"

    def lookups(self, request, model_admin):
        tournaments = visible_tournaments(request.user, Tournament.objects.only("pk", "name"))
        return [(str(t.pk), t.name) for t in tournaments]

    def queryset(self, request, queryset):
        value = self.value()
        if not value or not value.isascii() or not value.isdigit():
            return queryset
        return queryset.filter(**{model_admin_lookup(queryset.model): int(value)})


def model_admin_lookup(model) -> str:
    """The query path from `model` to its tournament's pk."""
    path = TOURNAMENT_LOOKUPS.get(model._meta.label_lower, "tournament")
    return f"{path}__pk" if path else "pk"


# model label -> the lookup from it to its tournament ("" for the tournament itself); apps above
# register theirs with `scope_model`.
TOURNAMENT_LOOKUPS: dict[str, str] = {}


def scope_model(model, lookup: str) -> None:
    TOURNAMENT_LOOKUPS[model._meta.label_lower] = lookup


class TournamentScopedAdmin(admin.ModelAdmin):
    """A ModelAdmin whose rows belong to a tournament (`tournament_lookup` from the model)."""

    tournament_lookup = "tournament"

    def __init__(self, model, admin_site):
        super().__init__(model, admin_site)
        scope_model(model, self.tournament_lookup)

    def tournament_of(self, obj):
        return _walk(obj, self.tournament_lookup)

    def get_queryset(self, request):
        queryset = super().get_queryset(request)
        if is_superuser(request.user):
            return queryset
        visible = visible_tournaments(request.user, Tournament.objects.all()).values("pk")
        return queryset.filter(**{f"{model_admin_lookup(self.model)}__in": visible})

    def has_view_permission(self, request, obj=None):
        return super().has_view_permission(request, obj) and (
            obj is None or is_superuser(request.user)
            or visible_tournaments(request.user, Tournament.objects.filter(pk=self.tournament_of(obj).pk)).exists())

    def has_change_permission(self, request, obj=None):
        return super().has_change_permission(request, obj) and (obj is None or is_organiser(request.user, self.tournament_of(obj)))

    def has_delete_permission(self, request, obj=None):
        return super().has_delete_permission(request, obj) and (obj is None or is_organiser(request.user, self.tournament_of(obj)))

    def has_add_permission(self, request, *args):
        return super().has_add_permission(request, *args) and (
            is_superuser(request.user) or managed_tournaments(request.user, Tournament.objects.all()).exists())

    def get_list_filter(self, request):
        return [VisibleTournamentFilter if f in ("tournament", "game__tournament", "stage__tournament", "seat__game__tournament")
                else f for f in super().get_list_filter(request)]

    def formfield_for_foreignkey(self, db_field, request, **kwargs):
        limited = limit_choices(db_field.related_model, request.user)
        if limited is not None:
            kwargs["queryset"] = limited
        return super().formfield_for_foreignkey(db_field, request, **kwargs)


class ReadOnlyAdminMixin:
    """Rows nobody adds, changes or deletes in the admin (a log, or rows a service writes): their
    pages are for reading."""

    def has_add_permission(self, request, *args):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


class ScopedInlineMixin:
    """Inlines offer, in their foreign keys, only what the user's tournaments hold."""

    def formfield_for_foreignkey(self, db_field, request, **kwargs):
        limited = limit_choices(db_field.related_model, request.user)
        if limited is not None:
            kwargs["queryset"] = limited
        return super().formfield_for_foreignkey(db_field, request, **kwargs)


def limit_choices(model, user) -> models.QuerySet | None:
    """The rows of `model` a user may pick in a form: those of the tournaments they organise."""
    if is_superuser(user):
        return None
    managed = managed_tournaments(user, Tournament.objects.all())
    if model is Tournament:
        return managed
    if model in (Stage, Table):
        return model.objects.filter(tournament__in=managed)
    if model is Round:
        return Round.objects.filter(stage__tournament__in=managed).select_related("stage")
    if model is Registration:
        return Registration.objects.filter(tournament__in=managed)
    if model in (Player, Judge):
        return None  # people are not of one tournament: registering any player or judge is allowed
    return None
