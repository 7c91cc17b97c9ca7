import secrets

from django.contrib import admin, messages
from django.contrib.admin.utils import unquote
from django.http import HttpResponseRedirect
from django.urls import reverse
from django.utils.translation import gettext, ngettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from .action_log import action_log_csv
from .action_types import registered
from .admin_access import AdminDoorsMixin, ReadOnlyAdminMixin, ScopedInlineMixin, TournamentScopedAdmin
from .admin_game_rules import RULE_FIELDS, TIMER_FIELDS, TournamentForm
from .admin_inlines import PrelabelledInline
from .admin_registration_import import RegistrationImportAdmin
from .admin_titles import AccusativeTitles
from .domain_events import PlayerChanged, RegistrationsChanged, RoundsChanged, StagesChanged, publish
from .models import HandAward, Publication, Registration, Round, SignUpStatus, Stage, Table, Team, TournamentJudge
from .participants import k_verdict
from .permissions import can_change_person, can_link_login, is_organiser, is_superuser, linkable_logins
from .signups import SignUpRefused, approve, decline, promote
from .stage_plan import planned_games_before_final
from .tournament_changes import save_tournament, tournaments_deleted


class PersonAdmin(AdminDoorsMixin, admin.ModelAdmin):
    """Players, judges and clubs are shared by every tournament: everyone with the model's
    permission sees them, and they change only as `can_change_person` says (a superuser, or an
    organiser of every tournament the person takes part in); the login a person signs in with
    is set as `can_link_login` says, and once set it is read-only to all but a superuser."""

    def has_change_permission(self, request, obj=None):
        return super().has_change_permission(request, obj) and (obj is None or can_change_person(request.user, obj))

    def has_delete_permission(self, request, obj=None):
        return super().has_delete_permission(request, obj) and (obj is None or can_change_person(request.user, obj))

    def get_readonly_fields(self, request, obj=None):
        fields = list(super().get_readonly_fields(request, obj))
        has_login = any(field.name == "user" for field in self.model._meta.get_fields())
        if has_login and obj is not None and not can_link_login(request.user, obj):
            fields.append("user")
        return fields

    def formfield_for_foreignkey(self, db_field, request, **kwargs):
        if db_field.name == "user":
            kwargs["queryset"] = linkable_logins(request.user, db_field.related_model._default_manager.all())
        return super().formfield_for_foreignkey(db_field, request, **kwargs)

    def get_actions(self, request):
        actions = super().get_actions(request)
        if not is_superuser(request.user):
            actions.pop("delete_selected", None)  # one by one, each asked of can_change_person
        return actions


class RegistrationsFollowMixin:
    """Registrations saved or deleted here announce it (`RegistrationsChanged`): who plays, withdrew
    or was excluded is what the standings read."""

    def save_model(self, request, obj, form, change):
        super().save_model(request, obj, form, change)
        publish(RegistrationsChanged(obj.tournament_id))

    def delete_model(self, request, obj):
        tournament_id = obj.tournament_id
        super().delete_model(request, obj)
        publish(RegistrationsChanged(tournament_id))

    def delete_queryset(self, request, queryset):
        tournaments = set(queryset.values_list("tournament_id", flat=True))
        super().delete_queryset(request, queryset)
        for tournament_id in sorted(tournaments):
            publish(RegistrationsChanged(tournament_id))


class RoundsFollowMixin:
    """A round added, moved or deleted here announces it (`RoundsChanged`: Ci's N may follow the
    stage plan, 8.6)."""

    def save_model(self, request, obj, form, change):
        super().save_model(request, obj, form, change)
        if not change or "stage" in form.changed_data:
            publish(RoundsChanged(obj.stage_id))

    def delete_model(self, request, obj):
        stage_id = obj.stage_id
        super().delete_model(request, obj)
        publish(RoundsChanged(stage_id))

    def delete_queryset(self, request, queryset):
        stages = set(queryset.values_list("stage_id", flat=True))
        super().delete_queryset(request, queryset)
        for stage_id in sorted(stages):
            publish(RoundsChanged(stage_id))


class ClubAdmin(AccusativeTitles, PersonAdmin):
    verbose_name_accusative = pgettext_lazy("accusative", "club")
    list_display = ["name", "city"]
    search_fields = ["name", "city"]


class PlayerAdmin(AccusativeTitles, PersonAdmin):
    verbose_name_accusative = pgettext_lazy("accusative", "player")
    list_display = ["nickname", "real_name", "club", "city"]
    list_select_related = ["club"]
    search_fields = ["nickname", "real_name", "city"]
    list_filter = ["club"]
    autocomplete_fields = ["club", "user"]

    def save_model(self, request, obj, form, change):
        super().save_model(request, obj, form, change)
        if change and form.has_changed():
            publish(PlayerChanged(obj.pk))  # the stored standings show the nickname and the club


class JudgeAdmin(AccusativeTitles, PersonAdmin):
    verbose_name_accusative = pgettext_lazy("accusative", "judge")
    list_display = ["name", "user"]
    list_select_related = ["user"]
    search_fields = ["name", "user__username"]
    autocomplete_fields = ["user"]


class StageInline(ScopedInlineMixin, admin.TabularInline):
    model = Stage
    extra = 0

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("tournament")


class TournamentJudgeInline(PrelabelledInline):
    model = TournamentJudge
    extra = 0
    autocomplete_labels = {"judge": "name"}

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("judge")


class RegistrationInline(PrelabelledInline):
    model = Registration
    extra = 0
    autocomplete_labels = {"player": "nickname"}

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("player", "tournament")

    def get_fields(self, request, obj=None):
        # check-in and its time are the door's (the desk's check-in list, the registrations' list);
        # the team only in a team tournament: the row stays within a laptop's width
        fields = ["player", "number", "code", "withdrawn", "substitute", "excluded", "paid"]
        if obj is not None and obj.team_size is not None:
            fields.insert(3, "team")
        return fields

    def formfield_for_foreignkey(self, db_field, request, **kwargs):
        field = super().formfield_for_foreignkey(db_field, request, **kwargs)
        if db_field.name == "team" and field is not None:
            # the tournament's own teams, read once for every row (a select per row read them per row)
            choices = getattr(request, "_team_choices", None)
            if choices is None:
                pk = (request.resolver_match.kwargs.get("object_id") or "") if request.resolver_match else ""
                field.queryset = field.queryset.filter(tournament_id=int(pk) if pk.isdigit() else None)
                choices = request._team_choices = (field.queryset, list(field.choices))
            field.queryset, field.choices = choices
        return field


class TeamInline(ScopedInlineMixin, admin.TabularInline):
    model = Team
    extra = 0
    fields = ["name"]


class HandAwardInline(PrelabelledInline):
    model = HandAward
    extra = 0
    autocomplete_labels = {"player": "nickname"}
    fields = ["order", "title", "player"]

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("player")


class TableInline(ScopedInlineMixin, admin.TabularInline):
    model = Table
    extra = 0


class TournamentAdmin(AccusativeTitles, RegistrationImportAdmin, TournamentScopedAdmin):
    verbose_name_accusative = pgettext_lazy("accusative", "tournament")
    tournament_lookup = ""
    list_display = ["name", "slug", "city", "start_date", "ruleset", "chief_judge", "publication", "standings_public"]
    list_select_related = ["chief_judge"]
    list_filter = ["publication", "ruleset", "standings_public"]
    search_fields = ["name", "slug", "city"]
    prepopulated_fields = {"slug": ["name"]}
    autocomplete_fields = ["chief_judge", "appeals", "organisers"]
    inlines = [StageInline, TournamentJudgeInline, TableInline, TeamInline, RegistrationInline, HandAwardInline]
    form = TournamentForm
    fieldsets = [
        (None, {"fields": [
            "name", "slug", "city", ("start_date", "end_date"), "publication", "ruleset", "chief_judge", "standings_public",
            "language",
        ]}),
        (_("Who runs it"), {"fields": ["organisers", "appeals"]}),
        (_("Scoring settings"), {"fields": [
            ("games_before_final", "planned_games"), "lot_seed", "participants_override", ("k_applies", "k_max_participants"),
            "k_rule", ("best_move_three", "best_move_two"), "fourth_foul_removal_counts",
        ]}),
        (_("Rules of play (RULES.md §7.1.3): the ruleset's preset, changed here setting by setting"), {
            "classes": ["collapse"],
            "description": _("Each game's console log keeps the rules it started with; they are fixed once a game has started."),
            "fields": RULE_FIELDS}),
        (_("Turn lengths in seconds (RULES.md §7.15)"), {"classes": ["collapse"], "fields": TIMER_FIELDS}),
        (_("Teams"), {"classes": ["collapse"], "fields": [("team_size", "team_best")],
                      "description": _("A team tournament: name the teams below, then each registration's team. The team "
                                       "standings sum the counted members' totals (docs/teams.md).")}),
        (_("Sign-up and check-in"), {"classes": ["collapse"], "fields": [
            ("signup_opens_at", "signup_closes_at"), "capacity", "signup_approval", "fee",
            ("checkin_opens_at", "checkin_closes_at")],
            "description": _("Players sign up on the tournament's page while sign-up is open; beyond the places, a "
                             "waitlist moves up as places free. With check-in set, the seating takes only the "
                             "players checked in (the desk's Check-in page, or each player's phone).")}),
        (_("Stream overlay"), {"classes": ["collapse"], "fields": [("overlay_reveal", "overlay_delay_minutes")]}),
        (_("Awards"), {"classes": ["collapse"], "fields": ["award_min_share"],
                       "description": _("The best in each role and the best first-killed are computed from the protocols; "
                                        "the organisers' own awards are named below.")}),
    ]
    readonly_fields = ["planned_games", "k_rule"]

    @admin.display(description=_("by the stage plan"))
    def planned_games(self, obj):
        planned = planned_games_before_final(obj) if obj is not None and obj.pk else None
        if planned is None:
            return gettext("no qualifying or semifinal rounds yet")
        if obj.games_before_final is not None and obj.games_before_final != planned:
            return ngettext(
                "%(n)s game — differs from the value set; empty the field to follow the plan",
                "%(n)s games — differs from the value set; empty the field to follow the plan", planned,
            ) % {"n": planned}
        return ngettext("%(n)s game", "%(n)s games", planned) % {"n": planned}

    @admin.display(description=_("difficulty coefficient K"))
    def k_rule(self, obj):
        if obj is None or not obj.pk:
            return "—"
        return k_verdict(obj).reason

    def get_changeform_initial_data(self, request):
        # A tournament made here starts as a draft: nobody sees it until its organisers publish it.
        # Its lot seed is drawn now, so the lot (8.8.5) is fixed before any game is played.
        return {"publication": Publication.DRAFT, "lot_seed": secrets.token_hex(8), **super().get_changeform_initial_data(request)}

    def save_model(self, request, obj, form, change):
        save_tournament(obj)  # announces the fields that changed (the standings follow a scoring setting)
        planned = planned_games_before_final(obj)
        if obj.games_before_final is not None and planned is not None and obj.games_before_final != planned:
            messages.warning(request, gettext(
                "Games before the final is set to %(set)s, but the stage plan gives %(planned)s: Ci's N follows the "
                "value set (8.6). Empty the field to follow the plan.") % {"set": obj.games_before_final, "planned": planned})

    def delete_model(self, request, obj):
        tournament_id = obj.pk
        super().delete_model(request, obj)
        tournaments_deleted([tournament_id])

    def delete_queryset(self, request, queryset):
        tournament_ids = list(queryset.values_list("pk", flat=True))
        super().delete_queryset(request, queryset)
        tournaments_deleted(tournament_ids)

    def has_delete_permission(self, request, obj=None):
        # Only a draft (a test or an abandoned tournament) goes; a public one is part of the record.
        allowed = super().has_delete_permission(request, obj)
        return allowed and (obj is None or obj.publication == Publication.DRAFT or is_superuser(request.user))

    def get_deleted_objects(self, objs, request):
        # Whoever may delete the tournament deletes all of it: its signed-off games and its action
        # log have admins that never delete a row alone, which must not veto the whole.
        deleted, counts, _perms_needed, protected = super().get_deleted_objects(objs, request)
        return deleted, counts, set(), protected

    def get_actions(self, request):
        actions = super().get_actions(request)
        if not is_superuser(request.user):
            actions.pop("delete_selected", None)  # it would not ask tournament by tournament
        return actions

    def delete_view(self, request, object_id, extra_context=None):
        obj = self.get_object(request, unquote(object_id))
        if (obj is not None and obj.publication != Publication.DRAFT and not is_superuser(request.user)
                and super().has_delete_permission(request, obj)):
            messages.error(request, gettext(
                "A published or finished tournament is part of the record and cannot be deleted; set its status to "
                "draft first if it was only a test."))
            return HttpResponseRedirect(reverse(
                f"admin:{self.opts.app_label}_{self.opts.model_name}_change", args=[obj.pk], current_app=self.admin_site.name))
        return super().delete_view(request, object_id, extra_context)

    def has_add_permission(self, request, *args):
        # Anyone with the model permission (the Organiser group) may start a tournament of their own.
        return admin.ModelAdmin.has_add_permission(self, request)

    def save_formset(self, request, form, formset, change):
        super().save_formset(request, form, formset, change)
        # stages and registrations are what the standings read; judges and tables are not
        if formset.new_objects or formset.changed_objects or formset.deleted_objects:
            if formset.model is Stage:
                publish(StagesChanged(form.instance.pk))
            elif formset.model is Registration:
                publish(RegistrationsChanged(form.instance.pk))

    def save_related(self, request, form, formsets, change):
        super().save_related(request, form, formsets, change)
        if not change and not request.user.is_superuser:
            form.instance.organisers.add(request.user)  # whoever creates a tournament runs it


class RoundInline(ScopedInlineMixin, admin.TabularInline):
    model = Round
    extra = 0

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("stage")  # a round's label names its stage


class StageAdmin(AccusativeTitles, TournamentScopedAdmin):
    verbose_name_accusative = pgettext_lazy("accusative", "stage")
    list_display = ["tournament", "kind", "order", "standings_hidden"]
    list_select_related = ["tournament"]
    list_filter = ["tournament", "kind"]
    inlines = [RoundInline]
    actions = ["reveal_standings"]

    def save_model(self, request, obj, form, change):
        super().save_model(request, obj, form, change)
        if form.has_changed():  # hiding or revealing a stage changes what every standings page shows
            publish(StagesChanged(obj.tournament_id))

    @admin.action(description=_("Reveal the standings of the selected stages"), permissions=["change"])
    def reveal_standings(self, request, queryset):
        hidden = list(queryset.filter(standings_hidden=True).select_related("tournament"))
        for stage in hidden:
            stage.standings_hidden = False
            stage.save(update_fields=["standings_hidden"])
            self.log_change(request, stage, [{"changed": {"fields": ["standings_hidden"]}}])
        for tournament_id in sorted({stage.tournament_id for stage in hidden}):
            publish(StagesChanged(tournament_id))
        messages.success(request, ngettext("The standings of %(n)s stage are revealed.",
                                           "The standings of %(n)s stages are revealed.", len(hidden)) % {"n": len(hidden)})

    def save_formset(self, request, form, formset, change):
        super().save_formset(request, form, formset, change)
        if formset.model is Round and (formset.new_objects or formset.deleted_objects):
            publish(RoundsChanged(form.instance.pk))


class RoundAdmin(RoundsFollowMixin, AccusativeTitles, TournamentScopedAdmin):
    verbose_name_accusative = pgettext_lazy("accusative", "round")
    tournament_lookup = "stage__tournament"
    list_display = ["__str__", "stage", "number", "starts_at"]
    list_select_related = ["stage__tournament"]
    list_filter = ["stage__tournament", "stage__kind"]


class TableAdmin(AccusativeTitles, TournamentScopedAdmin):
    verbose_name_accusative = pgettext_lazy("accusative", "table")
    list_display = ["number", "name", "tournament"]
    list_select_related = ["tournament"]
    list_filter = ["tournament"]


class RegistrationAdmin(RegistrationsFollowMixin, AccusativeTitles, TournamentScopedAdmin):
    verbose_name_accusative = pgettext_lazy("accusative", "registration")
    list_display = ["player", "tournament", "number", "team", "withdrawn", "substitute", "excluded", "paid", "checked_in_at"]
    list_select_related = ["player", "tournament"]
    list_filter = ["tournament", "withdrawn", "substitute", "excluded", "paid", ("checked_in_at", admin.EmptyFieldListFilter)]
    search_fields = ["player__nickname"]
    autocomplete_fields = ["player"]


class ActionTypeFilter(admin.SimpleListFilter):
    """The log's actions by their labels, as their apps registered them."""

    title = _("action")
    parameter_name = "action"

    def lookups(self, request, model_admin):
        return [(action.code, action.label) for action in registered()]

    def queryset(self, request, queryset):
        return queryset.filter(action=self.value()) if self.value() else queryset


class ActionLogAdmin(ReadOnlyAdminMixin, AccusativeTitles, TournamentScopedAdmin):
    """The action log: read-only, and exported as CSV (the action, or the desk's export)."""

    verbose_name_accusative = pgettext_lazy("accusative", "action log entry")
    list_display = ["at", "tournament", "user", "action_label", "object_label", "reason", "change_lines"]
    list_select_related = ["tournament", "user"]
    list_filter = ["tournament", ActionTypeFilter]
    search_fields = ["object_label", "reason", "user__username"]
    actions = ["export_csv"]

    @admin.display(description=_("action"), ordering="action")
    def action_label(self, obj):
        return obj.action_label

    @admin.display(description=_("what"))
    def change_lines(self, obj):
        return "; ".join(obj.change_lines)

    @admin.action(description=_("Export the selected entries as CSV"), permissions=["view"])
    def export_csv(self, request, queryset):
        return action_log_csv(queryset.select_related("tournament", "user"), filename="action-log.csv")


class SignUpAdmin(ReadOnlyAdminMixin, AccusativeTitles, TournamentScopedAdmin):
    """The sign-ups from the site: read here, decided by the actions (tournaments/signups.py: the
    waitlist and the e-mails follow). Only the organisers see them: they hold e-mail addresses."""

    verbose_name_accusative = pgettext_lazy("accusative", "sign-up")
    list_display = ["nickname", "tournament", "status", "created_at", "look_alike", "player", "email"]
    list_select_related = ["tournament", "look_alike", "player", "user"]
    list_filter = ["tournament", "status"]
    search_fields = ["nickname", "real_name", "user__email"]
    actions = ["approve_selected", "decline_selected", "promote_waitlist"]

    def has_view_permission(self, request, obj=None):
        if not super().has_view_permission(request, obj):
            return False
        return obj is None or is_superuser(request.user) or is_organiser(request.user, obj.tournament)

    def get_queryset(self, request):
        queryset = super().get_queryset(request)
        if is_superuser(request.user):
            return queryset
        return queryset.filter(tournament__organisers=request.user)

    def has_decide_permission(self, request):
        return self._runs_any(request)  # each action still checks the sign-up's tournament

    @admin.display(description=_("e-mail"), ordering="user__email")
    def email(self, obj):
        return obj.user.email

    def _each(self, request, queryset, work, done_message):
        done = 0
        for signup in queryset.select_related("tournament"):
            if not is_organiser(request.user, signup.tournament):
                continue
            try:
                work(signup)
            except SignUpRefused as refusal:
                self.message_user(request, f"{signup.nickname}: {refusal}", messages.ERROR)
            else:
                done += 1
        if done:
            self.message_user(request, done_message % {"n": done}, messages.SUCCESS)

    @admin.action(description=_("Approve the selected sign-ups"), permissions=["decide"])
    def approve_selected(self, request, queryset):
        self._each(request, queryset.filter(status=SignUpStatus.PENDING), lambda s: approve(s, by=request.user),
                   gettext("Sign-ups approved: %(n)s."))

    @admin.action(description=_("Decline the selected sign-ups"), permissions=["decide"])
    def decline_selected(self, request, queryset):
        self._each(request, queryset, lambda s: decline(s, by=request.user), gettext("Sign-ups declined: %(n)s."))

    @admin.action(description=_("Move the waitlist into free places"), permissions=["decide"])
    def promote_waitlist(self, request, queryset):
        moved = 0
        for tournament in {s.tournament for s in queryset.select_related("tournament")}:
            if is_organiser(request.user, tournament):
                moved += len(promote(tournament))
        self.message_user(request, gettext("Moved from the waitlist: %(n)s.") % {"n": moved}, messages.SUCCESS)


class TeamAdmin(AccusativeTitles, TournamentScopedAdmin):
    verbose_name_accusative = pgettext_lazy("accusative", "team")
    list_display = ["name", "tournament", "members_list"]
    list_select_related = ["tournament"]
    list_filter = ["tournament"]
    search_fields = ["name"]

    @admin.display(description=_("members"))
    def members_list(self, obj):
        return ", ".join(r.player.nickname for r in obj.members.select_related("player").order_by("number"))
