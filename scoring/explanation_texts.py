"""A player's points explained in the page's language: the explanation lines (scoring.selectors'
Line records) worded from the translation catalogue. Other apps reach it through scoring.selectors
(`Line.note`, `worded`, `points_text`).

Each line has a code that names the note's wording and params that are its details as data, e.g.
`"best_move", {"named": [4, 6, 8], "blacks": 3}`. `NOTE_TEXTS` has one translatable template per
code (the core's `messages.NOTES` has the same codes in English, for the command line;
tests/scoring/test_explanations.py holds the two sets of codes equal).
"""
from __future__ import annotations

from decimal import Decimal
from typing import TYPE_CHECKING

from django.utils.translation import gettext_lazy as _

from protocols.wording import render

from .vocabulary import COMPONENTS, NO_POINTS

if TYPE_CHECKING:
    from .selectors import GamePoints

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
    """One line's note in the active language ("" for a code this catalogue does not know, or none)."""
    template = NOTE_TEXTS.get(code)
    return render(template, params) if template is not None else ""


def points(cents: int) -> str:
    return f"{Decimal(cents).scaleb(-2):.2f}"


def lines(game: GamePoints) -> list[dict]:
    """One game's lines as the page shows them: component, key, clause, points, note."""
    return [{"component": str(COMPONENTS.get(line.component, NO_POINTS if line.component == "none" else line.component)),
             "key": line.component, "clause": line.clause, "points": points(line.cents), "note": note(line.code, line.params)}
            for line in game.lines]
