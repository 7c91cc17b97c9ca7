"""The judge's pages: their games (/judge/) and the protocol entry page (/judge/games/<pk>/).

Views stay thin: the form parses, the services decide (permissions, validation, version lock).
"""
from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.db.models import Q
from django.http import HttpResponseRedirect
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.translation import gettext as _

from tournaments.models import Registration, Ruleset

from .entry import SEAT_NUMBERS, ProtocolEntry, diff_data, entry_from_game
from .forms import MAX_DAYS, ProtocolForm, initial_values
from .models import Game
from .permissions import ProtocolPermissionDenied, can_approve_extra, can_edit, can_view, is_chief_judge
from .presentation import ACTION_LABELS, FIELD_LABELS, change_text, problem_text
from .services import ProtocolConflict, ProtocolInvalid, save_protocol, sign_off
from .vocabulary import ROLE_LETTERS, GameResult, LeftHow, PenaltyClause, Removal, Role


class LoginView(auth_views.LoginView):
    template_name = "protocols/login.html"

    def get_default_redirect_url(self):
        return reverse("protocols:my_games")


@login_required(login_url="protocols:login")
def my_games(request):
    """The games this user judges, and every game of the tournaments where they are chief judge."""
    user = request.user
    games = Game.objects.select_related("tournament", "stage", "round", "table", "judge").order_by(
        "-tournament__start_date", "tournament_id", "stage__order", "round__number", "table__number", "number")
    if not user.is_superuser:
        games = games.filter(Q(judge__user=user) | Q(tournament__chief_judge__user=user))
    return render(request, "protocols/my_games.html", {"games": games[:500]})


def _game(pk):
    return get_object_or_404(
        Game.objects.select_related("tournament__chief_judge", "stage", "round", "table", "judge", "signed_off_by"), pk=pk,
    )


@login_required(login_url="protocols:login")
def game_entry(request, pk: int):
    game = _game(pk)
    if not can_view(request.user, game):
        return render(request, "protocols/denied.html", {
            "game": game, "message": _("Only the judge of this game's table or the chief judge may open this protocol."),
        }, status=403)
    stored = entry_from_game(game)
    players = dict(Registration.objects.filter(tournament=game.tournament).values_list("player_id", "player__nickname"))
    for s in stored.seats:  # a seated player without a registration stays selectable
        if s.player_id and s.player_id not in players:
            players[s.player_id] = s.nickname
    problems, conflict, values, reason = [], None, initial_values(stored), ""
    if request.method == "POST":
        form = ProtocolForm(request.POST, base=stored, players=players)
        values = {k: v for k, v in request.POST.items() if isinstance(v, str)}
        reason = (request.POST.get("reason") or "").strip()[:2000]
        try:
            expected = int(request.POST.get("version", ""))
        except ValueError:
            expected = 0
        if not 0 < expected < 2**31:
            expected = 0  # no version was ever 0: a conflict, never a database error
        problems = form.problems
        if not problems:
            service = sign_off if request.POST.get("action") == "sign_off" else save_protocol
            try:
                service(game=game, user=request.user, entry=form.entry, expected_version=expected, reason=reason)
            except ProtocolPermissionDenied as exc:
                return render(request, "protocols/denied.html", {"game": game, "message": str(exc)}, status=403)
            except ProtocolConflict as exc:
                conflict = exc
                game = _game(pk)
            except ProtocolInvalid as exc:
                problems = exc.problems
            else:
                game.refresh_from_db()
                messages.success(request, _("Protocol signed off.") if game.is_signed_off and service is sign_off
                                 else _("Protocol saved (version %(v)s).") % {"v": game.version})
                return HttpResponseRedirect(reverse("protocols:game", args=[game.pk]))
    context = _context(request, game, stored, values, players, problems, conflict, reason)
    return render(request, "protocols/game_entry.html", context, status=200 if not (problems or conflict) else 422)


def _context(request, game, stored: ProtocolEntry, values, players, problems, conflict, reason):
    user = request.user
    editable = can_edit(user, game)
    errors: dict[str, list[str]] = {}
    summary = []
    for p in problems:
        text = problem_text(p)
        summary.append(text)
        key = f"s{p.seat}-{p.field}" if p.seat is not None else p.field
        errors.setdefault(key, []).append(text)
    seats = []
    for n in SEAT_NUMBERS:
        pre = f"s{n}-"
        seats.append({
            "n": n, "prefix": pre,
            "player": values.get(pre + "player", ""), "role": values.get(pre + "role", ""),
            "fouls": values.get(pre + "fouls", "0"), "removed": values.get(pre + "removed", ""),
            "left_how": values.get(pre + "left_how", ""), "left_on": values.get(pre + "left_on", ""),
            "extra": values.get(pre + "extra", ""), "extra_reason": values.get(pre + "extra_reason", ""),
            "extra_approved": values.get(pre + "extra_approved", "") == "on",
            "gross": values.get(pre + "gross", "") == "on",
            "errors": [e for key, texts in errors.items() if key.startswith(pre) for e in texts],
            "error_fields": {key[len(pre):] for key in errors if key.startswith(pre)},
        })
    used_days = max(stored.days + [0])
    for key in values:
        if key.startswith("d") and "-" in key and key[1:key.index("-")].isdigit():
            used_days = max(used_days, int(key[1:key.index("-")]) if values[key] else 0)
    days = []
    for d in range(1, min(MAX_DAYS, max(used_days + 1, 3)) + 1):
        days.append({
            "day": d,
            "cells": [{"n": n, "nom": values.get(f"d{d}-nom{n}", ""), "v1": values.get(f"d{d}-v1-{n}", ""),
                       "v2": values.get(f"d{d}-v2-{n}", "")} for n in SEAT_NUMBERS],
            "v3": values.get(f"d{d}-v3", ""),
        })
    penalty_rows = []
    for i in range(len(stored.penalties) + 3):
        penalty_rows.append({"i": i, "seat": values.get(f"pen{i}-seat", ""), "clause": values.get(f"pen{i}-clause", ""),
                             "reason": values.get(f"pen{i}-reason", "")})
    versions = list(game.versions.select_related("saved_by").order_by("version"))
    history, previous = [], None
    for v in versions:
        history.append({"v": v, "action": ACTION_LABELS.get(v.action, v.action),
                        "changes": [change_text(c) for c in diff_data(previous, v.data)] if previous is not None else []})
        previous = v.data
    history.reverse()
    return {
        "game": game, "tournament": game.tournament, "seats": seats, "days": days, "penalty_rows": penalty_rows,
        "values": values, "players": sorted(players.items(), key=lambda kv: kv[1].lower()),
        "roles": [(value, ROLE_LETTERS[value], label) for value, label in Role.choices],
        "removals": Removal.choices, "left_choices": LeftHow.choices, "clauses": PenaltyClause.choices,
        "outcomes": _outcomes(game), "seat_numbers": SEAT_NUMBERS,
        "problems": summary, "errors": errors, "conflict": conflict, "reason": reason,
        "conflict_changes": [change_text(c) for c in conflict.changes] if conflict else [],
        "editable": editable, "can_approve": can_approve_extra(user, game),
        "is_chief": is_chief_judge(user, game.tournament), "needs_reason": game.is_signed_off,
        "history": history, "field_labels": FIELD_LABELS,
        "protests": list(game.protests.select_related("player", "decided_by")),
    }


def _outcomes(game):
    choices = [
        ("", _("— not yet —")), *((value, label) for value, label in GameResult.choices if value != GameResult.ANNULLED),
        ("awarded_red", _("Loss awarded to team red")), ("awarded_black", _("Loss awarded to team black")),
    ]
    if game.tournament.ruleset == Ruleset.MAFCLUB:
        choices.append((GameResult.ANNULLED, GameResult.ANNULLED.label))
    return choices
