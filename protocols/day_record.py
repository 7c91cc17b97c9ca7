"""The day record as the entry page lays it out, from the page's forms (protocols/forms.py).

The stored format does not change: a day's form holds whom each seat nominated and the votes
each seat got as a nominee. The page keeps the two apart so that nobody reads one for the other:
the nominations are listed in speaking order as "seat → nominee", the votes one line per nominee
("№7, nominated by 2: votes, revote").

Speaking order (RULES.md §1): day 1 starts at seat 1, each following day one living seat further.
"""
from __future__ import annotations

from .entry import SEAT_NUMBERS
from .entry.parse import WHOLE_NUMBER

SHOWN_DAYS = 3  # days shown before any is filled; the others wait behind "Add a day"


def _number(raw: str) -> int | None:
    return int(raw) if WHOLE_NUMBER.fullmatch(raw) else None


def gone_from_day(seat_forms) -> dict[int, int]:
    """Seat -> the first day it no longer takes part in (voted out on day d or killed on night
    d: from day d + 1), as far as the seats' forms say."""
    gone = {}
    for form in seat_forms:
        left_on = _number(form.shown("left_on"))
        if form.shown("left_how") and left_on is not None:
            gone[form.number] = left_on + 1
    return gone


def speaking_order(day: int, gone: dict[int, int]) -> list[int]:
    """The ten seats in the order they speak on `day`, starting with the day's first speaker;
    seats already out of the game keep their place in the circle."""
    def alive(seat: int, d: int) -> bool:
        return seat not in gone or d < gone[seat]

    start = 1
    for d in range(2, day + 1):
        for step in SEAT_NUMBERS:
            candidate = (start - 1 + step) % len(SEAT_NUMBERS) + 1
            if alive(candidate, d):
                start = candidate
                break
    return [(start - 1 + i) % 10 + 1 for i in range(10)]


def used_days(day_forms) -> int:
    """The last day with any value entered (0 if none)."""
    return max((form.day for form in day_forms if form.is_filled()), default=0)


def day_rows(seat_forms, day_forms) -> list[dict]:
    """Every day the page offers, each with its nominations in speaking order and one vote line
    per seat, the nominees first in the order they were nominated; each names the form's box
    (`field`, `v1`, `v2`, `v3`). Days after the first empty one past SHOWN_DAYS are `spare`: the
    page's script shows them one by one."""
    gone = gone_from_day(seat_forms)
    shown = max(SHOWN_DAYS, used_days(day_forms) + 1)
    days = []
    for form in day_forms:
        day = form.day
        order = speaking_order(day, gone)
        nominations = []
        nominated_by: dict[int, list[int]] = {}
        for seat in order:
            name = form.nominee(seat)
            nominations.append({"n": seat, "field": form[name], "gone": seat in gone and day >= gone[seat]})
            nominee = _number(form.shown(name))
            if nominee in SEAT_NUMBERS:
                nominated_by.setdefault(nominee, []).append(seat)
        candidates = [*nominated_by, *(n for n in SEAT_NUMBERS if n not in nominated_by)]
        days.append({
            "day": day, "spare": day > shown, "first_speaker": order[0], "nominations": nominations,
            "candidates": [{"n": n, "by": nominated_by.get(n, []), "v1": form[form.ballot(1, n)],
                            "v2": form[form.ballot(2, n)]} for n in candidates],
            "v3": form["v3"],
        })
    return days
