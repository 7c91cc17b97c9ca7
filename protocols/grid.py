"""The protocol grid as the judge's entry page and the chief judge's desk show it: the seats,
the days, the best move, the result, the extra points and the penalties, as the page's forms
(forms.py) render them, with each problem beside its field (problem_places.py). Pages add their
own parts around it. Form names are never parsed here: the forms read only the names they
declare, so a stray field such as "d²-nom1" is ignored, never a crash."""
from __future__ import annotations

from tournaments.permissions import can_approve_extra

from .day_record import day_rows
from .forms import ProtocolForm
from .presentation import problem_text
from .problem_places import place
from .vocabulary import ROLE_LETTERS, ROLE_NAMES, Role


def grid_context(user, game, form: ProtocolForm, problems, warnings=()) -> dict:
    """What templates/protocols/_grid.html needs: the parts of `form` (the stored entry, or what
    was posted), each with its notes (`problems` as errors, `warnings` as warnings, placed by
    problem_places) and the boxes an error is about marked, and all notes as two lists for the
    summary above the form (`problems`, `warnings`)."""
    places = place(problems, warnings)
    reason_invalid = form.mark_invalid(problems)
    seats = [{"n": f.number, "form": f, "notes": places.get(f"seat-{f.number}", []),
              "extra_notes": places.get(f"extra-{f.number}", [])} for f in form.seat_forms]
    days = day_rows(form.seat_forms, form.day_forms)
    for d in days:
        d["notes"] = places.get(f"day-{d['day']}", [])
        d["spare"] = d["spare"] and not d["notes"]
    return {
        "game": game, "tournament": game.tournament, "form": form, "seats": seats, "days": days,
        "penalty_rows": form.penalty_forms, "game_form": form.game_form,
        "role_keys": [(ROLE_LETTERS[value], ROLE_NAMES[value]) for value in Role.values],
        # one line for one sentence (a seat named twice in the best move is one mistake, found twice)
        "problems": list(dict.fromkeys(problem_text(p) for p in problems)),
        "warnings": list(dict.fromkeys(problem_text(p) for p in warnings)),
        "places": places, "reason_invalid": reason_invalid,
        "can_approve": can_approve_extra(user, game),
    }
