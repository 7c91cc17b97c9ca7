"""Where on the entry page each problem shows: beside the row or part it concerns.

A problem names a seat (or None) and a field of the entry; its place is the part of the page that
holds that field for that seat: the seat's row in "Seats" (player, role, fouls, removal, how it
left), its row in "Extra points", the day a nomination or a vote belongs to, the best move, the
result, the penalties, the amendment's reason. What fits none of them shows above the form.
"""
from __future__ import annotations

from dataclasses import dataclass

from .presentation import problem_text

SEAT_FIELDS = frozenset({"player", "role", "fouls", "removed", "left_how", "left_on"})
EXTRA_FIELDS = frozenset({"extra", "extra_reason", "extra_approved", "gross_violation", "gross"})
DAY_FIELDS = frozenset({"nominations", "votes"})
PARTS = {"first_killed": "best_move", "best_move": "best_move", "result": "result", "awarded_reason": "result",
         "penalties": "penalties", "reason": "reason"}
GENERAL = "general"


@dataclass(frozen=True)
class Note:
    """A problem as the page shows it: its sentence and whether it stops the action."""

    text: str
    level: str  # "error" or "warning"

    @property
    def is_error(self) -> bool:
        return self.level == "error"


def place_of(problem) -> str:
    """The key of the page part a problem shows in: "seat-3", "extra-3", "day-2", "days",
    "best_move", "result", "penalties", "reason" or "general"."""
    seat, name = problem.seat, problem.field
    if name in SEAT_FIELDS and seat is not None:
        return f"seat-{seat}"
    if name in EXTRA_FIELDS and seat is not None:
        return f"extra-{seat}"
    if name in DAY_FIELDS:
        day = (problem.params or {}).get("day")
        return f"day-{day}" if isinstance(day, int) else "days"
    return PARTS.get(name, GENERAL)


def place(errors, warnings=()) -> dict[str, list[Note]]:
    """Every problem as a note under its place, errors before warnings."""
    places: dict[str, list[Note]] = {}
    for level, problems in (("error", errors), ("warning", warnings)):
        for p in problems:
            where = place_of(p)
            note = Note(problem_text(p, name_the_day=not where.startswith("day-")), level)
            notes = places.setdefault(where, [])
            if note not in notes:  # the same sentence once at its place
                notes.append(note)
    return places

