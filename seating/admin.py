"""The stage's admin with its seating: generate (preview, then save), the stored report and grid,
swap two seats, reseat after a withdrawal or with a substitute.

Offered as a mixin (`SeatingStagePagesMixin`); `config/admin.py` builds the stage's admin of it,
of `tournaments.admin.StageAdmin` and of the exports' part."""
from __future__ import annotations

from django.contrib import admin, messages
from django.contrib.admin.utils import unquote
from django.core import signing
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponseRedirect
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from engines.seating.model import Seating
from tournaments.models import Judge, Player, Stage

from .forms import GenerateSeatingForm, ReseatForm, SwapPlayersForm, read_preview, read_reseat, sign_preview, sign_reseat
from .presenters import grid_from_seating, grid_from_stored, report_context
from .selectors import Roster, seating_roster, stage_games, stored_seating
from .services import (
    ReseatPlan,
    SeatingRefused,
    apply_reseat,
    balance_label,
    find_player_seat,
    plan_reseat,
    preview_seating,
    save_seating,
    seating_record,
    stored_report,
    swap_descriptions,
    swap_players,
)

# the swap service names seats; the swap form picks them by player
_SWAP_FIELDS = {"seat_a": "player_a", "seat_b": "player_b"}


def _refusal_to_form(form, refusal: SeatingRefused) -> None:
    """Show a service's refusal at the field it names (or above the form)."""
    field = refusal.field if refusal.field in form.fields else _SWAP_FIELDS.get(refusal.field)
    form.add_error(field if field in form.fields else None, refusal.message)


def _form_errors(form) -> str:
    """The form's errors in one line, each after its field's label."""
    parts = []
    for name, errors in form.errors.items():
        label = form.fields[name].label if name in form.fields else None
        parts.append(f"{label}: {' '.join(errors)}" if label else " ".join(errors))
    return "; ".join(parts)


class SeatingStagePagesMixin:
    """The stage's seating pages for the stage's admin: the action, the generate, swap and reseat
    pages under the stage's URLs, and the stored report and grid on its change page.
    `config/admin.py` mixes it into the stage's admin and adds `seating_actions` to its actions."""

    seating_actions = ["generate_seating"]
    change_form_template = "seating/admin/stage_change_form.html"

    # -- urls -------------------------------------------------------------------------------
    def get_urls(self):
        name = f"{self.opts.app_label}_{self.opts.model_name}_seating"
        view = self.admin_site.admin_view
        return [
            path("<path:object_id>/seating/generate/", view(self.generate_view), name=f"{name}_generate"),
            path("<path:object_id>/seating/swap/", view(require_POST(self.swap_view)), name=f"{name}_swap"),
            path("<path:object_id>/seating/reseat/", view(self.reseat_view), name=f"{name}_reseat"),
        ] + super().get_urls()

    def _url(self, which: str, stage: Stage) -> str:
        return reverse(f"admin:{self.opts.app_label}_{self.opts.model_name}_{which}", args=[stage.pk], current_app=self.admin_site.name)

    def _stage(self, request, object_id) -> Stage:
        stage = self.get_object(request, unquote(object_id))
        if stage is None:
            raise Http404(_("No such stage."))
        if not self.has_change_permission(request, stage):
            raise PermissionDenied
        return stage

    def _context(self, request, stage: Stage, title: str, **extra) -> dict:
        return {
            **self.admin_site.each_context(request),
            "opts": self.opts,
            "original": stage,
            "stage": stage,
            "title": title,
            "has_view_permission": self.has_view_permission(request, stage),
            "change_url": self._url("change", stage),
            **extra,
        }

    # -- the action -------------------------------------------------------------------------
    @admin.action(description=gettext_lazy("Generate seating"), permissions=["change"])
    def generate_seating(self, request, queryset):
        stages = list(queryset[:2])
        if len(stages) != 1:
            self.message_user(request, _("Choose exactly one stage to generate its seating."), messages.ERROR)
            return None
        return HttpResponseRedirect(self._url("seating_generate", stages[0]))

    # -- generate: form -> preview -> save ----------------------------------------------------
    def generate_view(self, request, object_id):
        stage = self._stage(request, object_id)
        if request.method == "POST" and "_save" in request.POST:
            return self._save_preview(request, stage)
        preview = None
        if request.method == "POST":
            data = request.POST.copy()
            seed = data.get("seed", "").strip()
            if "_regenerate" in data and seed.isascii() and seed.isdigit() and len(seed) <= 18:
                data["seed"] = str(int(seed) + 1)  # another draw with the next seed (the form checks its range)
            form = GenerateSeatingForm(data, stage=stage)
            if form.is_valid():
                preview = self._preview(form, stage)
        else:
            form = GenerateSeatingForm(stage=stage)
        existing = stage_games(stage=stage).count()
        context = self._context(
            request, stage, _("Generate seating: %(stage)s") % {"stage": stage},
            form=form, preview=preview, existing_games=existing, standings_note=form.standings_note,
        )
        return TemplateResponse(request, "seating/admin/generate.html", context)

    def _preview(self, form: GenerateSeatingForm, stage: Stage) -> dict | None:
        data = form.cleaned_data
        players = form.chosen_players()
        balance = data.get("balance")  # None for a final: no balance to choose
        judges = form.chosen_judges()
        try:
            seating, report = preview_seating(
                stage=stage, games=data["games"], seed=data["seed"], time_limit=data.get("time_limit"),
                tables=data.get("tables"), players=players, clubs_apart=data.get("clubs_apart", False), judges=judges,
                **({"balance": balance} if balance else {}),
            )
        except SeatingRefused as refusal:
            _refusal_to_form(form, refusal)
            return None
        roster = seating_roster(stage=stage, players=players)
        if judges:
            roster = Roster(players=roster.players, judges=tuple(judges))
        return {
            "token": sign_preview(
                stage=stage, document=seating.to_document(), players=list(roster.players), games=data["games"], seed=data["seed"],
                balance=balance, judges=judges, iterations=seating.stats.get("budget"), time_limit=data.get("time_limit"),
                clubs_apart=data.get("clubs_apart", False),
            ),
            "grid": grid_from_seating(seating, roster),
            "report": report_context(report, roster),
            "seed": data["seed"],
            "balance": balance,
            "balance_label": balance_label(balance) if balance else None,
            "stats": seating.stats,
            "missing_judges": max(0, seating.tables - len(roster.judges)),
        }

    def _save_preview(self, request, stage: Stage):
        try:
            payload = read_preview(request.POST.get("preview", ""), stage=stage)
        except signing.BadSignature:
            self.message_user(request, _("The preview is outdated or damaged: generate the seating again."), messages.ERROR)
            return HttpResponseRedirect(self._url("seating_generate", stage))
        by_id = Player.objects.in_bulk(payload["players"])
        players = [by_id[pk] for pk in payload["players"] if pk in by_id]  # the preview's numbering
        judge_ids = payload.get("judges") or []
        judges_by_id = Judge.objects.in_bulk(judge_ids)
        try:
            if len(judges_by_id) != len(judge_ids):
                raise SeatingRefused(_("A chosen judge is gone since the preview: generate the seating again."))
            created = save_seating(
                stage=stage, seating=Seating.from_document(payload["seating"]), user=request.user, players=players,
                seed=payload["seed"], iterations=payload.get("iterations"), time_limit=payload.get("time_limit"),
                balance=payload.get("balance") or "", clubs_apart=bool(payload.get("clubs_apart")),
                judges=[judges_by_id[pk] for pk in judge_ids] or None,
            )
        except SeatingRefused as refusal:
            self.message_user(request, refusal.message, messages.ERROR)
            return HttpResponseRedirect(self._url("seating_generate", stage))
        message = _("Seating stored: %(games)d games, seed %(seed)d.") % {"games": len(created), "seed": payload["seed"]}
        if payload.get("balance"):
            message += " " + _("Balance: %(balance)s.") % {"balance": balance_label(payload["balance"])}
        self.log_change(request, stage, message)
        self.message_user(request, message, messages.SUCCESS)
        return HttpResponseRedirect(self._url("change", stage))

    # -- the stage's page: stored report, grid, swap and reseat forms ----------------------------
    def change_view(self, request, object_id, form_url="", extra_context=None):
        extra_context = dict(extra_context or {})
        stage = self.get_object(request, unquote(object_id))
        if stage is not None and request.method == "GET":
            extra_context.update(self._seating_context(request, stage))
        return super().change_view(request, object_id, form_url, extra_context)

    def render_change_form(self, request, context, *args, **kwargs):
        reseat_form = context.get("reseat_form")
        if reseat_form is not None:
            context["media"] = context["media"] + reseat_form.media  # the substitute's autocomplete
        return super().render_change_form(request, context, *args, **kwargs)

    def _seating_context(self, request, stage: Stage, swap_form=None, reseat_form=None) -> dict:
        stored = stored_seating(stage=stage)
        can_change = self.has_change_permission(request, stage)
        context = {
            "seating_stored": not stored.is_empty,
            "seating_grid": grid_from_stored(stored),
            "seating_generate_url": self._url("seating_generate", stage),
            "seating_can_change": can_change,
        }
        if not stored.is_empty:
            record = seating_record(stage=stage)
            context["seating_record"] = record
            context["seating_report"] = report_context(stored_report(stored, record), stored.roster)
            if can_change:
                context["swap_form"] = swap_form or SwapPlayersForm(stage=stage)
                context["swap_url"] = self._url("seating_swap", stage)
                context["reseat_form"] = reseat_form or ReseatForm(stage=stage, seated=stored.roster.player_ids())
                context["reseat_url"] = self._url("seating_reseat", stage)
        return context

    def _change_page_with(self, request, stage: Stage, **forms):
        """The change page again, with an invalid swap or reseat form and its errors."""
        extra = self._seating_context(request, stage, **forms)
        request.method = "GET"  # render, do not process the stage's own form
        # The stage's own form still posts to the change page, not to this url.
        response = super().change_view(request, str(stage.pk), self._url("change", stage), extra)
        response.status_code = 200
        return response

    def swap_view(self, request, object_id):
        stage = self._stage(request, object_id)
        form = SwapPlayersForm(request.POST, stage=stage)
        if form.is_valid():
            data = form.cleaned_data
            try:
                seat_a = find_player_seat(stage=stage, round_number=data["round_number"], player=data["player_a"], field="player_a")
                seat_b = find_player_seat(stage=stage, round_number=data["round_number"], player=data["player_b"], field="player_b")
                seat_a, seat_b = swap_players(seat_a=seat_a, seat_b=seat_b, user=request.user)
            except SeatingRefused as refusal:
                _refusal_to_form(form, refusal)
            else:
                message = _(
                    "Round %(round)d: swapped %(a)s (now game %(ga)d, seat %(sa)d) and %(b)s (now game %(gb)d, seat %(sb)d)."
                ) % {
                    "round": data["round_number"], "a": seat_b.player, "ga": seat_b.game.number, "sa": seat_b.number,
                    "b": seat_a.player, "gb": seat_a.game.number, "sb": seat_a.number,
                }
                self.log_change(request, stage, message)
                self.message_user(request, message, messages.SUCCESS)
                return HttpResponseRedirect(self._url("change", stage) + "#seating")
        self.message_user(request, _("The swap was not made: %(errors)s") % {"errors": _form_errors(form)}, messages.ERROR)
        return self._change_page_with(request, stage, swap_form=form)

    def reseat_view(self, request, object_id):
        """The reseat form -> the new seating with its report (nothing written) -> Apply."""
        stage = self._stage(request, object_id)
        if request.method != "POST":
            return HttpResponseRedirect(self._url("change", stage) + "#seating")
        if "_apply" in request.POST:
            return self._apply_reseat(request, stage)
        form = ReseatForm(request.POST, stage=stage)
        if form.is_valid():
            data = form.cleaned_data
            withdrawn = [data["withdrawn"]] if data.get("withdrawn") else []
            substitutes = [data["substitute"]] if data.get("substitute") else []
            try:
                plan = plan_reseat(
                    stage=stage, withdrawn=withdrawn, substitutes=substitutes, seed=data["seed"], time_limit=data.get("time_limit"),
                    balance=data["balance"],
                )
            except SeatingRefused as refusal:
                _refusal_to_form(form, refusal)
            else:
                grid = grid_from_seating(plan.seating, plan.roster)
                for grid_round in grid[: plan.played_rounds]:
                    grid_round.played = True
                context = self._context(
                    request, stage, _("Reseat: %(stage)s") % {"stage": stage},
                    token=sign_reseat(stage=stage, plan=plan), grid=grid, report=report_context(plan.report(), plan.roster),
                    withdrawn=withdrawn, substitutes=substitutes, played_rounds=plan.played_rounds, seed=data["seed"],
                    balance=data["balance"], balance_label=balance_label(data["balance"]),
                    **self._swaps_context(plan),
                )
                return TemplateResponse(request, "seating/admin/reseat.html", context)
        self.message_user(request, _("Nothing was reseated: %(errors)s") % {"errors": _form_errors(form)}, messages.ERROR)
        return self._change_page_with(request, stage, reseat_form=form)

    @staticmethod
    def _swaps_context(plan: ReseatPlan) -> dict:
        """The organiser's swaps a reseating makes again, and those it drops with why."""
        names = swap_descriptions([*plan.swaps_kept, *(pk for pk, _why in plan.swaps_dropped)])
        return {
            "swaps_kept": [names[pk] for pk in plan.swaps_kept if pk in names],
            "swaps_dropped": [{"swap": names[pk], "why": why} for pk, why in plan.swaps_dropped if pk in names],
        }

    def _apply_reseat(self, request, stage: Stage):
        try:
            payload = read_reseat(request.POST.get("reseat", ""), stage=stage)
        except signing.BadSignature:
            self.message_user(request, _("The reseating shown is outdated or damaged: reseat again."), messages.ERROR)
            return HttpResponseRedirect(self._url("change", stage) + "#seating")
        by_id = Player.objects.in_bulk(payload["players"])
        plan = ReseatPlan(
            seating=Seating.from_document(payload["seating"]),
            roster=Roster(
                players=tuple(by_id[pk] for pk in payload["players"] if pk in by_id),
                judges=stored_seating(stage=stage).roster.judges,  # the numbering plan_reseat used
            ),
            played_rounds=payload["played"], withdrawn=tuple(payload["withdrawn"]), substitutes=tuple(payload["substitutes"]),
            based_on=payload.get("based_on", ""),  # a token from before the digest: refused as outdated
            swaps_kept=tuple(payload.get("swaps_kept", ())),
            swaps_dropped=tuple((pk, why) for pk, why in payload.get("swaps_dropped", ())),
            seed=payload.get("seed", 0), balance=payload.get("balance", ""),
        )
        try:
            if len(plan.roster.players) != len(payload["players"]):
                raise SeatingRefused(_("The stage has changed since the reseating was worked out: reseat again."))
            created = apply_reseat(stage=stage, plan=plan, user=request.user)
        except SeatingRefused as refusal:
            self.message_user(request, refusal.message, messages.ERROR)
            return HttpResponseRedirect(self._url("change", stage) + "#seating")
        out, came = (", ".join(str(by_id[pk]) for pk in ids) or "—" for ids in (plan.withdrawn, plan.substitutes))
        message = _("Reseated: %(games)d games not yet played made again (withdrawn: %(out)s; substitute: %(in)s).") % {
            "games": len(created), "out": out, "in": came,
        }
        self.log_change(request, stage, message)
        self.message_user(request, message, messages.SUCCESS)
        return HttpResponseRedirect(self._url("change", stage) + "#seating")
