"""The day record as the entry page lays it out, from the form's values (name -> string).

The stored format does not change: `d<day>-nom<seat>` holds whom a seat nominated, and
`d<day>-v<ballot>-<seat>` the votes a seat got as a nominee. The page keeps the two apart so that
nobody reads one for the other: the nominations are listed in speaking order as "seat → nominee",
the votes one line per nominee ("№7, nominated by 2: votes, revote").

Speaking order (RULES.md §1): day 1 starts at seat 1, each following day one living seat further.
"""
from __future__ import annotations

from .entry import SEAT_NUMBERS
from .entry.parse import MAX_DAYS, WHOLE_NUMBER

SHOWN_DAYS = 3  # days shown before any is filled; the others wait behind "Add a day"


def _number(values: dict[str, str], name: str) -> int | None:
    raw = (values.get(name) or "").strip()
    return int(raw) if WHOLE_NUMBER.fullmatch(raw) else None


def gone_from_day(values: dict[str, str]) -> dict[int, int]:
    """Seat -> the first day it no longer takes part in (voted out on day d or killed on night
    d: from day d + 1), as far as the values say."""
    gone = {}
    for n in SEAT_NUMBERS:
        left_on = _number(values, f"s{n}-left_on")
        if (values.get(f"s{n}-left_how") or "") and left_on is not None:
            gone[n] = left_on + 1
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


def used_days(values: dict[str, str]) -> int:
    """The last day with any value entered (0 if none)."""
    last = 0
    for day in range(1, MAX_DAYS + 1):
        names = [f"d{day}-v3"] + [f"d{day}-{kind}{n}" for n in SEAT_NUMBERS for kind in ("nom", "v1-", "v2-")]
        if any((values.get(name) or "").strip() for name in names):
            last = day
    return last


def day_rows(values: dict[str, str]) -> list[dict]:
    """Every day the page offers (MAX_DAYS), each with its nominations in speaking order and one
    vote line per seat, the nominees first in the order they were nominated. Days after the first
    empty one past SHOWN_DAYS are `spare`: the page's script shows them one by one."""
    gone = gone_from_day(values)
    shown = max(SHOWN_DAYS, used_days(values) + 1)
    days = []
    for day in range(1, MAX_DAYS + 1):
        order = speaking_order(day, gone)
        nominations = []
        nominated_by: dict[int, list[int]] = {}
        for seat in order:
            value = values.get(f"d{day}-nom{seat}", "")
            nominations.append({"n": seat, "value": value, "gone": seat in gone and day >= gone[seat]})
            nominee = _number(values, f"d{day}-nom{seat}")
            if nominee in SEAT_NUMBERS:
                nominated_by.setdefault(nominee, []).append(seat)
        candidates = [*nominated_by, *(n for n in SEAT_NUMBERS if n not in nominated_by)]
        days.append({
            "day": day, "spare": day > shown, "first_speaker": order[0], "nominations": nominations,
            "candidates": [{"n": n, "by": nominated_by.get(n, []), "v1": values.get(f"d{day}-v1-{n}", ""),
                            "v2": values.get(f"d{day}-v2-{n}", "")} for n in candidates],
            "v3": values.get(f"d{day}-v3", ""),
        })
    return days
