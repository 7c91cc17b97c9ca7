"""How a protocol problem and a change read on the page: "Seat 3, fouls: …" in the page's language.

A problem is a code with parameters and a clause (from the scoring core's checks or this app's);
its sentence comes from the catalogue (problem_texts.py), never from the core's English. A point
value among the parameters ("0.60") reads as the page's language writes numbers (Russian "0,60").
"""
from __future__ import annotations

from decimal import Decimal, InvalidOperation

from django.utils.formats import number_format
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.numbers import decimal_text

from .problem_texts import PROBLEM_TEXTS, UNKNOWN_PROBLEM
from .vocabulary import GameResult, LeftHow, Removal, ResultKind, Role
from .wording import render

VALUE_LABELS = {
    "role": dict(Role.choices), "left_how": dict(LeftHow.choices), "removed": dict(Removal.choices),
    "result": dict(GameResult.choices), "result_kind": dict(ResultKind.choices),
}

FIELD_LABELS = {
    "seats": gettext_lazy("seats"),
    "player": gettext_lazy("player"),
    "role": gettext_lazy("role"),
    "fouls": gettext_lazy("fouls"),
    "removed": gettext_lazy("removal"),
    "left_how": gettext_lazy("left the game"),
    "left_on": gettext_lazy("day/night"),
    "extra": gettext_lazy("extra points"),
    "extra_reason": gettext_lazy("reason for the extra points"),
    "extra_approved": gettext_lazy("chief judge's approval"),
    "gross_violation": gettext_lazy("gross violation"),
    "penalties": gettext_lazy("penalty"),
    "nominations": gettext_lazy("nominations"),
    "votes": gettext_lazy("votes"),
    "first_killed": gettext_lazy("first-killed"),
    "best_move": gettext_lazy("best move"),
    "result": gettext_lazy("result"),
    "awarded_reason": gettext_lazy("reason the loss was awarded"),
    "replay_of": gettext_lazy("replay of"),
    "stage": gettext_lazy("stage"),
    "first_killed_seat": gettext_lazy("first-killed"),
    "result_kind": gettext_lazy("how it ended"),
    "gross": gettext_lazy("gross violation"),
    "reason": gettext_lazy("reason for the change"),
    "point": gettext_lazy("point protested"),
    "seat": gettext_lazy("seat"),
    "text": gettext_lazy("protest"),
    "late_reason": gettext_lazy("why it is accepted late"),
    "status": gettext_lazy("decision"),
    "decision": gettext_lazy("decision text"),
    "violator": gettext_lazy("violator"),
    "protocol": gettext_lazy("protocol"),
}

ACTION_LABELS = {
    "initial": gettext_lazy("before the first save"),
    "save": gettext_lazy("saved"),
    "sign_off": gettext_lazy("signed off"),
    "amend": gettext_lazy("amended after sign-off"),
    "import": gettext_lazy("imported from a file"),
    "approve": gettext_lazy("extra points approved by the chief judge"),
}


# The parameters that hold a point value (the scoring core writes them as decimal strings, "0.60").
POINT_PARAMS = frozenset({"extra", "total"})


def localized_params(params: dict | None) -> dict:
    """`params` with each point value written as the active language writes a number."""
    params = dict(params or {})
    for key in POINT_PARAMS & params.keys():
        value = params[key]
        if isinstance(value, bool) or not isinstance(value, str | int | Decimal):
            continue
        try:
            number = Decimal(str(value).strip())
        except InvalidOperation:
            continue  # as the file or the judge wrote it: shown as is
        if number.is_finite():
            params[key] = number_format(number, use_l10n=True)
    return params


def problem_text(p, *, name_the_day: bool = True) -> str:
    """'Seat 3, fouls: <sentence> (<clause>)' in the active language, from the problem's code and
    parameters (problem_texts.py) and its clause; 'Day 2, seat 3, nominations: …' for a day's field
    (``name_the_day=False`` where the note stands under its day already)."""
    where = []
    template = PROBLEM_TEXTS.get(p.key, UNKNOWN_PROBLEM)
    day = (p.params or {}).get("day")
    if name_the_day and day is not None and "%(day)s" not in str(template):  # a day's field: which day
        where.append(_("Day %(n)s") % {"n": day})
    if p.seat is not None:
        seat = _("Seat %(n)s") % {"n": p.seat}
        where.append(seat[:1].lower() + seat[1:])  # "Day 3, seat 1"; the head is capitalised below
    label = FIELD_LABELS.get(p.field)
    if label is not None:
        where.append(str(label))
    elif p.field:
        where.append(p.field)
    text = problem_sentence(p)
    head = ", ".join(where)
    head = head[:1].upper() + head[1:]
    return f"{head}: {text}" if head else text


def problem_sentence(p) -> str:
    """The problem's sentence alone, with its clause, without the place (where the caller says it)."""
    text = render(PROBLEM_TEXTS.get(p.key, UNKNOWN_PROBLEM), localized_params(p.params))
    return f"{text} ({p.clause})" if p.clause else text


DECIMAL_KEYS = {"extra"}  # points: written with two decimals in the page's language, as the protocol shows them


def _value(key, value) -> str:
    if value in (None, "", []):
        return "—"
    if key in DECIMAL_KEYS and not isinstance(value, bool):
        try:
            return decimal_text(Decimal(str(value)), 2)
        except InvalidOperation:
            return str(value)
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if isinstance(value, list):
        return ", ".join(str(v) for v in value)
    return str(VALUE_LABELS.get(key, {}).get(value, value))


def change_text(change) -> str:
    """'Seat 2, fouls: 0 → 1' in the page's language."""
    label = str(FIELD_LABELS.get(change.key, change.key))
    head = f"{_('Seat %(n)s') % {'n': change.seat}}, {label}" if change.seat is not None else label[:1].upper() + label[1:]
    return f"{head}: {_value(change.key, change.old)} → {_value(change.key, change.new)}"


def person_name(user) -> str:
    """How a page names the user who signed or saved a protocol: the judge's name (the sheets
    print it, 9.11), else the account's full name, else its login; "" for nobody."""
    if user is None:
        return ""
    judge = getattr(user, "judge", None)  # a missing reverse one-to-one raises an AttributeError subclass
    if judge is not None and judge.name:
        return judge.name
    return user.get_full_name() or user.get_username()
