"""The protocol grid as the judge's entry page and the chief judge's desk show it: the seats,
the days, the best move, the result, the extra points and the penalties, filled from the form's
values (name -> string), with each problem beside its field. Pages add their own parts around it."""
from __future__ import annotations

from django.utils.translation import gettext as _

from tournaments.models import Registration, Ruleset
from tournaments.permissions import can_approve_extra

from .entry import SEAT_NUMBERS, ProtocolEntry
from .forms import MAX_DAYS
from .presentation import FIELD_LABELS, problem_text
from .vocabulary import ROLE_LETTERS, GameResult, LeftHow, PenaltyClause, Removal, Role


def players_for(game, stored: ProtocolEntry) -> dict[int, str]:
    """Player pk -> nickname that a seat of `game` may take: the tournament's registrations, and
    whoever sits there already (a seated player without a registration stays selectable)."""
    players = dict(Registration.objects.filter(tournament=game.tournament).values_list("player_id", "player__nickname"))
    for s in stored.seats:
        if s.player_id and s.player_id not in players:
            players[s.player_id] = s.nickname
    return players


def grid_context(user, game, stored: ProtocolEntry, values: dict[str, str], players: dict[int, str], problems) -> dict:
    """What templates/protocols/_grid.html needs, and the problems as one list (`problems`)."""
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
    return {
        "game": game, "tournament": game.tournament, "seats": seats, "days": days, "penalty_rows": penalty_rows,
        "values": values, "players": sorted(players.items(), key=lambda kv: kv[1].lower()),
        "roles": [(value, ROLE_LETTERS[value], label) for value, label in Role.choices],
        "removals": Removal.choices, "left_choices": LeftHow.choices, "clauses": PenaltyClause.choices,
        "outcomes": outcomes(game), "seat_numbers": SEAT_NUMBERS,
        "problems": summary, "errors": errors, "field_labels": FIELD_LABELS,
        "can_approve": can_approve_extra(user, game),
    }


def outcomes(game):
    choices = [
        ("", _("— not yet —")), *((value, label) for value, label in GameResult.choices if value != GameResult.ANNULLED),
        ("awarded_red", _("Loss awarded to team red")), ("awarded_black", _("Loss awarded to team black")),
    ]
    if game.tournament.ruleset == Ruleset.MAFCLUB:
        choices.append((GameResult.ANNULLED, GameResult.ANNULLED.label))
    return choices
