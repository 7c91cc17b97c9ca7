"""The admin under the permission model (permissions.py): every list, page, form, inline, filter
and action shows and changes only what the user's role in each tournament allows.

A staff user sees the rows of the tournaments in which they have a role and changes those of the
tournaments they organise; a superuser has everything. Admins of rows that belong to a
tournament subclass `TournamentScopedAdmin` and name the lookup from their model to it."""
from __future__ import annotations

from django.contrib import admin
from django.contrib.admin.helpers import ACTION_CHECKBOX_NAME
from django.core.exceptions import BadRequest, ValidationError
from django.db import models
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from .admin_choices import SafeAutocompleteSelect, SafeAutocompleteSelectMultiple, StorableModelMultipleChoiceField
from .admin_inlines import CheckedInlineFormSet
from .models import Judge, Player, Registration, Round, Stage, Table, Tournament
from .permissions import is_organiser, is_superuser, managed_tournaments, visible_tournaments

MAX_ID = 2**63 - 1  # the largest value of a 64-bit integer column


def _has_nul(text: str) -> bool:
    return "\x00" in text


def _too_big(value: str) -> bool:
    """A whole number (or a comma-separated list of them, as `__in` takes) beyond any integer column."""
    for part in value.split(","):
        digits = part.strip().lstrip("+-")
        if digits.isascii() and digits.isdigit() and (len(digits) > 19 or int(digits) > MAX_ID):
            return True
    return False


SEARCH_PARAMETERS = ("q", "term")  # text searched for, where a long number is only text


def refuse_bad_query(request) -> None:
    """A NUL in a list's filter, search or page parameter, or a filter's number beyond any
    integer column, is refused with 400 naming the parameter (PostgreSQL cannot compare a text
    with a NUL; SQLite raised OverflowError: both were a 500)."""
    for name, values in request.GET.lists():
        if _has_nul(name) or any(_has_nul(value) for value in values):
            raise BadRequest(gettext("The parameter %(name)s holds a NUL character.") % {"name": name.replace("\x00", "")})
        if name not in SEARCH_PARAMETERS and any(_too_big(value) for value in values):
            raise BadRequest(gettext("The parameter %(name)s holds a number too large.") % {"name": name})


def refuse_bad_selection(request, model) -> None:
    """A list action's selected rows (`_selected_action`) that cannot be keys of `model` (text
    for a number, a NUL, a number beyond any integer column) are refused with 400 naming the
    field: Django's action filters the list with them, and that was a 500."""
    pk = model._meta.pk
    for value in request.POST.getlist(ACTION_CHECKBOX_NAME):
        try:
            key = pk.to_python(value)
        except ValidationError:
            key = None
        if key is None or _has_nul(str(key)) or (isinstance(key, int) and not -MAX_ID <= key <= MAX_ID):
            raise BadRequest(gettext("The field %(name)s holds a value that is no row of this list.")
                             % {"name": ACTION_CHECKBOX_NAME})


def is_autocomplete(request) -> bool:
    match = getattr(request, "resolver_match", None)
    return match is not None and match.url_name == "autocomplete"


def autocomplete_allowed(request, admin_site) -> bool:
    """Django's autocomplete asks only whether the user may view the rows it offers; here it also
    asks whether the user may fill the field it serves (add or change its model), so a table
    judge or a chief judge gets no list of people through a field they may not set."""
    from django.apps import apps

    try:
        source = apps.get_model(request.GET.get("app_label", ""), request.GET.get("model_name", ""))
    except (LookupError, ValueError):
        return False
    source_admin = admin_site._registry.get(source)
    if source_admin is not None:
        return source_admin.has_change_permission(request) or source_admin.has_add_permission(request)
    opts = source._meta  # a row edited only inline (a tournament's judges): the model's own permissions
    return any(request.user.has_perm(f"{opts.app_label}.{action}_{opts.model_name}") for action in ("add", "change"))


class AdminDoorsMixin:
    """What every ModelAdmin of ours refuses before Django's own code sees it: a NUL in a list's
    query (400), an autocomplete through a field the user may not fill (nothing offered), and
    an autocomplete's choices beyond the rows the user may pick (`limit_choices`), an id out of
    any integer's range (no such row), and a posted autocomplete value that cannot be a row's key
    (the field's error, not a crash: admin_choices.py)."""

    def changelist_view(self, request, extra_context=None):
        refuse_bad_query(request)  # config.admin_guard does it for every admin page; here for a list served elsewhere
        return super().changelist_view(request, extra_context)

    def get_object(self, request, object_id, from_field=None):
        # An id beyond any integer column is no row (SQLite raised OverflowError, PostgreSQL a DataError).
        text = str(object_id).strip().lstrip("+-")
        if text.isascii() and text.isdigit() and (len(text) > 19 or int(text) > MAX_ID):
            return None
        return super().get_object(request, object_id, from_field)

    def formfield_for_foreignkey(self, db_field, request, **kwargs):
        if "widget" not in kwargs and db_field.name in self.get_autocomplete_fields(request):
            kwargs["widget"] = SafeAutocompleteSelect(db_field, self.admin_site, using=kwargs.get("using"))
        return super().formfield_for_foreignkey(db_field, request, **kwargs)

    def formfield_for_manytomany(self, db_field, request, **kwargs):
        if "widget" not in kwargs and db_field.name in self.get_autocomplete_fields(request):
            kwargs["widget"] = SafeAutocompleteSelectMultiple(db_field, self.admin_site, using=kwargs.get("using"))
        kwargs.setdefault("form_class", StorableModelMultipleChoiceField)
        return super().formfield_for_manytomany(db_field, request, **kwargs)

    def get_search_results(self, request, queryset, search_term):
        if _has_nul(search_term):
            raise BadRequest(gettext("The search holds a NUL character."))
        if is_autocomplete(request):
            if not autocomplete_allowed(request, self.admin_site):
                return queryset.none(), False
            limited = limit_choices(queryset.model, request.user)
            if limited is not None:
                queryset = queryset.filter(pk__in=limited.values("pk"))
        return super().get_search_results(request, queryset, search_term)


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


class TournamentScopedAdmin(AdminDoorsMixin, admin.ModelAdmin):
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
        # Without a row: may the user change any (an organiser of some tournament)? The
        # autocomplete of a field and the list's title ask this.
        if obj is None:
            return super().has_change_permission(request) and self._runs_any(request)
        return super().has_change_permission(request, obj) and is_organiser(request.user, self.tournament_of(obj))

    def _runs_any(self, request) -> bool:
        return is_superuser(request.user) or managed_tournaments(request.user, Tournament.objects.all()).exists()

    def has_delete_permission(self, request, obj=None):
        return super().has_delete_permission(request, obj) and (obj is None or is_organiser(request.user, self.tournament_of(obj)))

    def has_add_permission(self, request, *args):
        return super().has_add_permission(request, *args) and self._runs_any(request)

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
    """Inlines offer, in their foreign keys, only what the user's tournaments hold, and check their
    rows against the stored ones before saving (CheckedInlineFormSet)."""

    formset = CheckedInlineFormSet

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
