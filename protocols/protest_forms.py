"""The forms of a protest: filing one, and deciding it. They parse and show; the rules are the
services' (protests.py), whose problems land on the field they name, with everything typed kept."""
from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from .entry import SEAT_NUMBERS
from .models import Protest, ProtestPoint, ProtestStatus
from .presentation import problem_text
from .protests import TEXT_LIMIT


class ProblemsOnFields:
    """Puts a service's problems on the form's fields (the rest on the form itself)."""

    def add_problems(self, problems) -> None:
        for p in problems:
            field = p.field if p.field in self.fields else None
            self.add_error(field, problem_text(p))


class ProtestForm(ProblemsOnFields, forms.Form):
    player = forms.TypedChoiceField(label=_("Player"), coerce=int)
    point = forms.ChoiceField(label=_("Point protested"), choices=ProtestPoint.choices)
    seat = forms.TypedChoiceField(
        label=_("Seat concerned"), coerce=int, required=False, empty_value=None,
        choices=[("", "—")] + [(n, n) for n in SEAT_NUMBERS],
    )
    text = forms.CharField(label=_("Protest"), widget=forms.Textarea(attrs={"rows": 4}), max_length=TEXT_LIMIT)
    late_reason = forms.CharField(
        label=_("Why it is accepted after the ten minutes (chief judge)"), required=False,
        widget=forms.Textarea(attrs={"rows": 2}), max_length=TEXT_LIMIT,
    )

    def __init__(self, *args, seats: list[tuple[int, int, str]], late: bool, **kwargs):
        """`seats`: (seat number, player pk, nickname) of the game. Without an initial player (a
        judge files for one of the game's players) the list starts empty: the judge picks the player,
        nobody is protested for by default."""
        super().__init__(*args, **kwargs)
        choices = [(pk, f"{number}. {nickname}") for number, pk, nickname in seats]
        if not self.initial.get("player"):
            choices.insert(0, ("", pgettext_lazy("protest form", "— choose the player —")))
        self.fields["player"].choices = choices
        if not late:
            del self.fields["late_reason"]


class DecisionForm(ProblemsOnFields, forms.Form):
    status = forms.ChoiceField(
        label=_("Decision"), widget=forms.RadioSelect,
        choices=[(ProtestStatus.REJECTED, pgettext_lazy("protest decision", "Reject")),
                 (ProtestStatus.AMENDED, pgettext_lazy("protest decision", "Uphold: amend the protocol")),
                 (ProtestStatus.REPLAY, pgettext_lazy("protest decision", "Uphold: order a replay (MafClub)"))],
    )
    decision = forms.CharField(label=_("Decision text (goes on the protocol, 9.10)"), widget=forms.Textarea(attrs={"rows": 3}),
                               required=False, max_length=TEXT_LIMIT)
    reason = forms.CharField(label=_("Why the earlier decision changes"), required=False,
                             widget=forms.Textarea(attrs={"rows": 2}), max_length=TEXT_LIMIT)
    violator = forms.TypedChoiceField(
        label=_("Seat of the player who caused the replay"), coerce=int, required=False, empty_value=None,
        choices=[("", "—")] + [(n, n) for n in SEAT_NUMBERS],
    )

    def __init__(self, *args, protest: Protest, replay_allowed: bool, **kwargs):
        super().__init__(*args, **kwargs)
        if not replay_allowed:
            self.fields["status"].choices = self.fields["status"].choices[:2]
            del self.fields["violator"]
        if protest.status == ProtestStatus.PENDING:
            del self.fields["reason"]
