"""The chief judge's desk (/desk/<slug>/): open protests, extras waiting for approval, games not yet
signed off, recent decisions and amendments; a protest's page decides it, with a preview of what
the decision does to the standings before anything is written.

Views stay thin: the services (protocols/services.py, protocols/protests.py) decide and check who
may; every refusal lands on the form with everything typed kept."""
from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponseRedirect
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from console import control
from engines.scoring.model import RULESET_MAFCLUB
from protocols.entry import check_entry, entry_from_game, players_for
from protocols.forms import ProtocolForm, outcome_of
from protocols.grid import grid_context
from protocols.models import Game, GameResult, Protest, ProtestStatus, ProtocolVersion, Seat
from protocols.presentation import problem_text
from protocols.protest_forms import DecisionForm
from protocols.protests import decide_protest
from protocols.selectors import version_history
from protocols.services import ProtocolConflict, ProtocolInvalid, approve_extra
from tournaments.action_log import action_log_csv
from tournaments.models import Tournament
from tournaments.permissions import (
    PermissionRefused,
    can_approve_extra,
    can_decide_protest,
    can_use_desk,
    is_chief_judge,
    is_late,
    readable_tournaments,
)

from . import selectors
from .preview import standings_effect

DECISION_FIELDS = {"status", "decision", "reason", "violator"}


def _tournament(request, slug) -> Tournament:
    """The desk's tournament, or 404 for a draft the user has no role in, as for an unknown slug
    (a 403 told a stranger the draft exists); PermissionRefused for a known one they may not use."""
    tournament = get_object_or_404(readable_tournaments(request.user, Tournament.objects.select_related("chief_judge")), slug=slug)
    if not can_use_desk(request.user, tournament):
        raise PermissionRefused(_("The desk is the chief judge's, the appeals commission's and the organisers'."))
    return tournament


def _denied(request, exc):
    return render(request, "protocols/denied.html", {"message": str(exc)}, status=403)


@login_required(login_url="protocols:login")
def home(request, slug):
    try:
        tournament = _tournament(request, slug)
    except PermissionRefused as exc:
        return _denied(request, exc)
    protests = selectors.open_protests(tournament)
    return render(request, "desk/home.html", {
        "tournament": tournament,
        "protests": [{"protest": p, "late": p.late_reason != ""} for p in protests],
        "decided": selectors.decided_protests(tournament),
        "approvals": selectors.awaiting_approval(tournament),
        "can_approve": is_chief_judge(request.user, tournament),
        "rounds": selectors.live_tables(tournament),
        "may_take_over": is_chief_judge(request.user, tournament),
        "actions": selectors.recent_actions(tournament),
    })


@login_required(login_url="protocols:login")
def tables(request, slug):
    """The "tables" section alone (what desk.js swaps in every few seconds): each game not yet
    signed off with its console's phase and what needs the chief judge."""
    try:
        tournament = _tournament(request, slug)
    except PermissionRefused as exc:
        return _denied(request, exc)
    response = render(request, "desk/_tables.html", {"tournament": tournament, "rounds": selectors.live_tables(tournament),
                                                      "may_take_over": is_chief_judge(request.user, tournament)})
    response["Cache-Control"] = "no-store"
    return response


@login_required(login_url="protocols:login")
def protest(request, slug, pk: int):
    try:
        tournament = _tournament(request, slug)
    except PermissionRefused as exc:
        return _denied(request, exc)
    item = get_object_or_404(Protest.objects.select_related("player", "filed_by", "decided_by"), pk=pk, game__tournament=tournament)
    game = get_object_or_404(
        Game.objects.select_related("tournament__chief_judge", "stage", "round", "table", "judge", "replay_of__stage",
                                    "replay_of__round", "replay_of__table", "signed_off_by"), pk=item.game_id)
    item.game = game
    user = request.user
    may_decide = can_decide_protest(user, item)
    stored = entry_from_game(game)
    players = players_for(game, stored)
    replay_allowed = tournament.ruleset == RULESET_MAFCLUB
    form = DecisionForm(request.POST or None, protest=item, replay_allowed=replay_allowed)
    grid_problems, effect, status_code = [], None, 200
    protocol = ProtocolForm(request.POST if request.method == "POST" else None, base=stored, players=players,
                            may_approve=can_approve_extra(user, game), ruleset=tournament.ruleset)
    if request.method == "POST":
        if not may_decide:
            return _denied(request, PermissionRefused(_("Only the chief judge or the appeals commission, never the game's own "
                                                        "judge, decides a protest.")))
        outcome = _decide(request, item, game, stored, protocol, form)
        if outcome.done:
            messages.success(request, _("The protest is decided; the decision is on the protocol."))
            return HttpResponseRedirect(reverse("desk:home", args=[tournament.slug]))
        grid_problems, effect = outcome.grid_problems, outcome.effect
        status_code = 200 if effect is not None and not form.errors and not grid_problems else 422
    return render(request, "desk/protest.html", {
        **grid_context(user, game, protocol, grid_problems),
        "protest": item, "form": form, "may_decide": may_decide, "effect": effect,
        "late": is_late(game), "history": version_history(game), "editable": may_decide,
        "amending": protocol.is_bound and protocol.game_form.shown("outcome") != outcome_of(stored),
    }, status=status_code)


class _Outcome:
    def __init__(self, *, done=False, grid_problems=(), effect=None):
        self.done, self.grid_problems, self.effect = done, list(grid_problems), effect


def _decide(request, item, game, stored, parsed: ProtocolForm, form) -> _Outcome:
    """Preview or apply the decision posted on the protest's page."""
    form_ok = form.is_valid()
    status = form.cleaned_data.get("status") if form_ok else request.POST.get("status", "")
    entry, grid_problems = None, []
    if status == ProtestStatus.AMENDED:
        grid_problems = parsed.problems
        if not grid_problems:
            entry = parsed.entry
            imported = ProtocolVersion.objects.filter(game=game, action="import").exists()
            grid_problems = check_entry(entry, game, complete=True, stored=stored, imported=imported)
    elif status == ProtestStatus.REPLAY and form_ok and form.cleaned_data.get("violator"):
        entry = entry_from_game(game)
        entry.seat(form.cleaned_data["violator"]).gross_violation = True
        entry.result, entry.result_kind = GameResult.ANNULLED, "normal"
    if not form_ok or grid_problems:
        return _Outcome(grid_problems=grid_problems)
    if request.POST.get("action") != "apply":
        return _Outcome(effect=standings_effect(game, entry) if entry is not None else [])
    data = form.cleaned_data
    try:
        expected = int(request.POST.get("version", ""))
    except ValueError:
        expected = 0
    try:
        decide_protest(protest=item, user=request.user, status=data["status"], decision=data.get("decision", ""),
                       reason=data.get("reason", ""), entry=entry if data["status"] == ProtestStatus.AMENDED else None,
                       expected_version=expected, violator_seat=data.get("violator"))
    except ProtocolInvalid as exc:
        form.add_problems([p for p in exc.problems if p.field in DECISION_FIELDS])
        return _Outcome(grid_problems=[p for p in exc.problems if p.field not in DECISION_FIELDS])
    except PermissionRefused as exc:
        form.add_error(None, str(exc))
        return _Outcome()
    except ProtocolConflict:
        form.add_error(None, _("Someone changed this protocol after you opened the page: nothing was written. "
                               "Reload the page to see their change."))
        return _Outcome()
    return _Outcome(done=True)


@require_POST
@login_required(login_url="protocols:login")
def approve(request, slug, seat_id: int):
    """The chief judge approves the extra points above 0.5 of one seat (8.4)."""
    try:
        tournament = _tournament(request, slug)
    except PermissionRefused as exc:
        return _denied(request, exc)
    seat = get_object_or_404(Seat.objects.select_related("game__tournament__chief_judge", "game__stage", "game__round",
                                                         "game__table", "game__judge"), pk=seat_id, game__tournament=tournament)
    if not can_approve_extra(request.user, seat.game):
        return _denied(request, PermissionRefused(_("Only the chief judge approves extra points above 0.5.")))
    try:
        approve_extra(game=seat.game, user=request.user, seat=seat.number)
    except ProtocolInvalid as exc:
        messages.error(request, "; ".join(problem_text(p) for p in exc.problems))
    except ProtocolConflict:
        messages.error(request, _("The protocol changed meanwhile: try again."))
    else:
        messages.success(request, _("Approved: game %(game)s, seat %(seat)s.") % {"game": seat.game.number, "seat": seat.number})
    return HttpResponseRedirect(reverse("desk:home", args=[tournament.slug]) + "#approvals")


@require_POST
@login_required(login_url="protocols:login")
def console_control(request, slug, pk: int):
    """The chief judge takes a table's console over (with the reason typed on the desk) or hands
    it back (console.control decides and writes it in the action log); back to the tables."""
    try:
        tournament = _tournament(request, slug)
    except PermissionRefused as exc:
        return _denied(request, exc)
    game = get_object_or_404(Game.objects.select_related("tournament__chief_judge", "table", "judge"), pk=pk,
                             tournament=tournament)
    taking = request.POST.get("action") != "handback"
    reason = request.POST.get("reason", "")
    try:
        if taking:
            control.take_over(game=game, user=request.user, reason=reason)
        else:
            control.hand_back(game=game, user=request.user, reason=reason)
    except PermissionRefused as exc:
        return _denied(request, exc)
    except control.ControlInvalid as exc:
        # to the top of the page, where the messages are: a refusal must be read, not scrolled past
        messages.error(request, _("Table %(table)s: %(problem)s") % {"table": game.table.number, "problem": exc.message})
        return HttpResponseRedirect(reverse("desk:home", args=[tournament.slug]))
    words = _("Table %(table)s: you hold its console now.") if taking else _("Table %(table)s: the console is back with its judge.")
    messages.success(request, words % {"table": game.table.number})
    return HttpResponseRedirect(reverse("desk:home", args=[tournament.slug]) + "#unsigned")


@login_required(login_url="protocols:login")
def log(request, slug):
    """The whole action log of the tournament; `?format=csv` downloads it."""
    try:
        tournament = _tournament(request, slug)
    except PermissionRefused as exc:
        return _denied(request, exc)
    entries = selectors.recent_actions(tournament, limit=None)
    if request.GET.get("format") == "csv":
        return action_log_csv(entries, filename=f"{tournament.slug}-action-log.csv")
    return render(request, "desk/log.html", {"tournament": tournament, "actions": entries[:1000]})
