"""A player's points explained in the page's language: the stored explanation lines worded from
the translation catalogue.

The scoring core stores each line as `[component, clause, cents, code, params]`
(scoring/core/explain.py): the code names the note's wording and the params are its details as
data, e.g. `"best_move", {"named": [4, 6, 8], "blacks": 3}`. `NOTE_TEXTS` has one translatable
template per code (the core's `messages.NOTES` has the same codes in English, for the command line;
tests/scoring/test_explanations.py holds the two sets of codes equal). A line stored by an older
version, `[component, clause, cents, note]` with an English note, is shown without its note until
the next recompute rewrites it.
"""
from __future__ import annotations

from decimal import Decimal

from django.utils.translation import gettext_lazy as _

from protocols.messages import render

from .vocabulary import COMPONENTS, NO_POINTS

NOTE_TEXTS = {
    "red_win": _("red win"),
    "black_win": _("black win"),
    "red_win_hard": _("red win in a hard game, K = %(k)s"),
    "black_win_hard": _("black win in a hard game, K = %(k)s"),
    "compensation": _("first-killed (%(role)s), red lost: Ci = %(ci)s (B = %(b)s, N = %(n)s)"),
    "escalating_compensation": _("first-killed (%(role)s) and red lost, time %(time)s: +%(points)s"),
    "removal": _("removed from the table (%(removal)s)"),
    "best_move": _("best move: named %(named)s, %(blacks)s of them black"),
    "judge_extra": _("judge's extra points +%(points)s"),
    "judge_extra_approved": _("judge's extra points +%(points)s (approved by the chief judge)"),
    "penalty": _("penalty: %(reason)s"),
    "penalty_without_reason": _("penalty"),
    "replay_penalty": _("gross violation, replay: -3.00 (removal + yellow card)"),
    "replay_penalty_again": _("gross violation, replay: -3.00 (removal + yellow card) and -2.00 "
                              "(red card, replay number %(replay)s caused)"),
    "no_points": _("no points (%(result)s)"),
}


def note(code: str, params: dict | None) -> str:
    """One line's note in the active language ("" for a code this catalogue does not know)."""
    template = NOTE_TEXTS.get(code)
    return render(template, params) if template is not None else ""


def points(cents: int) -> str:
    return f"{Decimal(cents).scaleb(-2):.2f}"


def lines(stored: list) -> list[dict]:
    """Stored lines of one game as the page shows them: component, key, clause, points, note."""
    out = []
    for line in stored:
        component, clause, cents = line[:3]
        text = note(line[3], line[4]) if len(line) >= 5 else ""  # 4 items: an older line's English note
        label = COMPONENTS.get(component, NO_POINTS if component == "none" else component)
        out.append({"component": str(label), "key": component, "clause": clause, "points": points(cents), "note": text})
    return out
