"""The protocol grid as the judge's entry page and the chief judge's desk show it: the seats,
the days, the best move, the result, the extra points and the penalties, filled from the form's
values (name -> string), with each problem beside its field (problem_places.py). Pages add their
own parts around it. Form names are never parsed here: the day record reads only the names it
builds (day_record.py), so a stray field such as "d²-nom1" is ignored, never a crash."""
from __future__ import annotations

from django.utils.translation import gettext as _

from scoring.core.bounds import FOULS_RANGE, LEFT_ON_RANGE, SEAT_RANGE, VOTES_RANGE
from tournaments.models import Registration, Ruleset
from tournaments.permissions import can_approve_extra

from .day_record import day_rows
from .entry import SEAT_NUMBERS, ProtocolEntry
from .presentation import FIELD_LABELS, problem_text
from .problem_places import invalid_fields, place
from .vocabulary import ROLE_LETTERS, ROLE_NAMES, GameResult, LeftHow, PenaltyClause, Removal, Role


def players_for(game, stored: ProtocolEntry) -> dict[int, str]:
    """Player pk -> nickname that a seat of `game` may take: the tournament's registrations, and
    whoever sits there already (a seated player without a registration stays selectable)."""
    players = dict(Registration.objects.filter(tournament=game.tournament).values_list("player_id", "player__nickname"))
    for s in stored.seats:
        if s.player_id and s.player_id not in players:
            players[s.player_id] = s.nickname
    return players


def grid_context(user, game, stored: ProtocolEntry, values: dict[str, str], players: dict[int, str], problems,
                 warnings=()) -> dict:
    """What templates/protocols/_grid.html needs: the parts of the protocol filled from `values`,
    each with its notes (`problems` as errors, `warnings` as warnings, placed by problem_places),
    and all of them as two lists for the summary above the form (`problems`, `warnings`)."""
    places = place(problems, warnings)
    invalid = invalid_fields(problems)
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
            "notes": places.get(f"seat-{n}", []), "extra_notes": places.get(f"extra-{n}", []),
            "error_fields": {name[len(pre):] for name in invalid if name.startswith(pre)},
        })
    days = day_rows(values)
    for d in days:
        d["notes"] = places.get(f"day-{d['day']}", [])
        d["spare"] = d["spare"] and not d["notes"]
    penalty_rows = []
    for i in range(len(stored.penalties) + 3):
        penalty_rows.append({"i": i, "seat": values.get(f"pen{i}-seat", ""), "clause": values.get(f"pen{i}-clause", ""),
                             "reason": values.get(f"pen{i}-reason", "")})
    return {
        "game": game, "tournament": game.tournament, "seats": seats, "days": days, "penalty_rows": penalty_rows,
        "values": values, "players": sorted(players.items(), key=lambda kv: kv[1].lower()),
        "roles": [(value, ROLE_LETTERS[value], label) for value, label in Role.choices],
        "role_keys": [(ROLE_LETTERS[value], ROLE_NAMES[value]) for value in Role.values],
        "removals": Removal.choices, "left_choices": LeftHow.choices, "clauses": PenaltyClause.choices,
        "outcomes": outcomes(game), "seat_numbers": SEAT_NUMBERS,
        # one line for one sentence (a seat named twice in the best move is one mistake, found twice)
        "problems": list(dict.fromkeys(problem_text(p) for p in problems)),
        "warnings": list(dict.fromkeys(problem_text(p) for p in warnings)),
        "places": places, "invalid": invalid, "field_labels": FIELD_LABELS,
        "can_approve": can_approve_extra(user, game),
        # the inputs' min and max: the bounds the pipeline checks (scoring/core/bounds.py)
        "bounds": {"seat": SEAT_RANGE, "fouls": FOULS_RANGE, "left_on": LEFT_ON_RANGE, "votes": VOTES_RANGE},
    }


def outcomes(game):
    choices = [
        ("", _("— not yet —")), *((value, label) for value, label in GameResult.choices if value != GameResult.ANNULLED),
        ("awarded_red", _("Loss awarded to team red")), ("awarded_black", _("Loss awarded to team black")),
    ]
    if game.tournament.ruleset == Ruleset.MAFCLUB:
        choices.append((GameResult.ANNULLED, GameResult.ANNULLED.label))
    return choices
