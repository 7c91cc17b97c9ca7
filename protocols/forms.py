"""The entry page's forms: they render the protocol grid and read its POST into the entry
pipeline's plain mapping (protocols/entry/parse.py).

One Django form per seat (`prefix="s3"`: `s3-player`, `s3-fouls`, …), per day (`prefix="d2"`:
`d2-nom<seat>` whom a seat nominated, `d2-v1-<seat>` / `d2-v2-<seat>` the votes for a nominee in the
vote and the revote, `d2-v3` the votes for "all tied leave"), per penalty row (`prefix="pen0"`:
`pen0-seat|clause|reason`) and one for the rest (`first_killed`, `named1..3`, `outcome`,
`awarded_reason`). These forms are the only place those names are written: unbound, they show the
stored entry; bound, the values as posted.

The forms refuse nothing: each field is taken as typed, and the pipeline words every value it
cannot take (problem_texts.py), exactly as for the API. The chief judge's approval box is a
disabled field for anyone else, so Django never reads it from the POST (a browser sends no
disabled box): the stored approval stands.
"""
from __future__ import annotations

from django import forms
from django.core.validators import ProhibitNullCharactersValidator
from django.utils.translation import gettext as _

from engines.scoring.bounds import FOULS_RANGE, LEFT_ON_RANGE, SEAT_RANGE, VOTES_RANGE
from tournaments.models import Ruleset
from tournaments.numbers import decimal_text

from .entry import SEAT_NUMBERS, ProtocolEntry, parse_entry
from .entry.parse import MAX_DAYS, WHOLE_NUMBER
from .problem_places import EXTRA_FIELDS, SEAT_FIELDS
from .vocabulary import ROLE_LETTERS, GameResult, LeftHow, PenaltyClause, Removal, Role

__all__ = ["MAX_DAYS", "WHOLE_NUMBER", "OUTCOMES", "ProtocolForm", "outcome_choices", "outcome_of"]

# The result and how it came, as one choice: a loss awarded to a team is a win of the other.
OUTCOMES = {
    "": ("", "normal"),
    "red": ("red", "normal"),
    "black": ("black", "normal"),
    "draw": ("draw", "normal"),
    "awarded_red": ("black", "awarded"),    # loss awarded to team red
    "awarded_black": ("red", "awarded"),    # loss awarded to team black
    "annulled": ("annulled", "normal"),
}
PENALTY_ROWS_SPARE = 3  # empty penalty rows the page offers below the stored ones
NONE = ("", "—")


def outcome_of(entry: ProtocolEntry) -> str:
    if entry.result_kind == "awarded" and entry.result in ("red", "black"):
        return "awarded_black" if entry.result == "red" else "awarded_red"
    return entry.result if entry.result in OUTCOMES else ""


def outcome_choices(ruleset: str) -> list[tuple[str, str]]:
    """The result's choices: a game is annulled only under the club ruleset."""
    choices = [
        ("", _("— not yet —")), *((value, label) for value, label in GameResult.choices if value != GameResult.ANNULLED),
        ("awarded_red", _("Loss awarded to team red")), ("awarded_black", _("Loss awarded to team black")),
    ]
    if ruleset == Ruleset.MAFCLUB:
        choices.append((GameResult.ANNULLED, GameResult.ANNULLED.label))
    return choices


def number_input(bounds: tuple[int, int], css: str = "small", **attrs) -> forms.NumberInput:
    """A whole number's box, its min and max the bounds the pipeline checks (engines/scoring/bounds.py)."""
    return forms.NumberInput(attrs={"class": css, "min": bounds[0], "max": bounds[1], "inputmode": "numeric", **attrs})


class RoleRadios(forms.RadioSelect):
    """The roles as letter buttons: each radio carries its letter, which the page's script types
    the role by (static/protocols/entry.js) and the template shows (`radio.data.letter`)."""

    def create_option(self, name, value, label, selected, index, subindex=None, attrs=None):
        option = super().create_option(name, value, label, selected, index, subindex=subindex, attrs=attrs)
        letter = str(ROLE_LETTERS[value])
        option["attrs"].update({"data-letter": letter, "aria-label": label})
        option["letter"] = letter
        return option


class Typed(forms.CharField):
    """A value as typed, stripped, never refused: the pipeline decides (a NUL included, which it
    words as a character no field stores)."""

    def __init__(self, **kwargs):
        super().__init__(required=False, **kwargs)
        self.validators = [v for v in self.validators if not isinstance(v, ProhibitNullCharactersValidator)]


class Flag(forms.BooleanField):
    """A check box, never refused."""

    def __init__(self, **kwargs):
        super().__init__(required=False, **kwargs)


class _Fields(forms.Form):
    """The pieces of the page: no ids (each box sits in its label), and a mark on the boxes a
    problem is about."""

    def __init__(self, data=None, **kwargs):
        kwargs.setdefault("auto_id", False)
        super().__init__(data, **kwargs)
        self.invalid: set[str] = set()  # the boxes marked (mark_invalid)

    def values(self) -> dict:
        self.is_valid()  # every field takes anything: this only fills cleaned_data
        return self.cleaned_data

    def shown(self, name: str) -> str:
        """What the box `name` shows: the posted value, or the stored one on an unbound form."""
        value = self[name].value()
        return "" if value is None else str(value).strip()

    def mark_invalid(self, name: str) -> None:
        self.fields[name].widget.attrs["aria-invalid"] = "true"
        self.invalid.add(name)


class SeatForm(_Fields):
    """One seat's row and its extra points (`prefix="s<seat>"`)."""

    player = Typed(widget=forms.Select)
    role = Typed(widget=RoleRadios(choices=Role.choices))
    fouls = Typed(widget=number_input(FOULS_RANGE, css="fouls"))
    removed = Typed(widget=forms.Select)
    left_how = Typed(widget=forms.Select)
    left_on = Typed(widget=number_input(LEFT_ON_RANGE, css="small when"))
    extra = Typed(widget=forms.TextInput(attrs={"class": "small", "inputmode": "decimal", "placeholder": "0"}))
    extra_reason = Typed(widget=forms.TextInput(attrs={"class": "wide"}))
    extra_approved = Flag()
    gross = Flag()

    def __init__(self, data=None, *, number: int, stored=None, may_approve: bool, players=()):
        super().__init__(data, prefix=f"s{number}", initial=self.initial_from(stored))
        self.number = number
        self.fields["extra_approved"].disabled = not may_approve
        self.fields["player"].widget.choices = [NONE, *players]
        self.fields["removed"].widget.choices = [NONE, *Removal.choices]
        self.fields["left_how"].widget.choices = [("", _("in the game")), *LeftHow.choices]
        labels = {
            "player": _("Seat %(n)s: player"), "fouls": _("Seat %(n)s: fouls"), "removed": _("Seat %(n)s: removal"),
            "left_how": _("Seat %(n)s: left the game"), "left_on": _("Seat %(n)s: day or night it left"),
            "extra": _("Seat %(n)s: extra points"), "extra_reason": _("Seat %(n)s: reason for the extra points"),
            "extra_approved": _("Seat %(n)s: approved by the chief judge"),
        }
        for name, text in labels.items():
            self.fields[name].widget.attrs["aria-label"] = text % {"n": number}
        self.fields["left_on"].widget.attrs["placeholder"] = _("day/night")
        self.role_label = _("Seat %(n)s: role") % {"n": number}

    @staticmethod
    def initial_from(seat) -> dict:
        if seat is None:
            return {"fouls": 0}  # an empty seat has no fouls yet
        return {
            "player": seat.player_id or "", "role": seat.role, "fouls": seat.fouls, "removed": seat.removed,
            "left_how": seat.left_how, "left_on": seat.left_on,
            # in the page's writing, as the protocol and the desk show it ("0,60"); the entry reads either
            "extra": decimal_text(seat.extra, 2) if seat.extra else "", "extra_reason": seat.extra_reason,
            "extra_approved": bool(seat.extra_approved), "gross": bool(seat.gross_violation),
        }

    def mapping(self) -> dict:
        v = self.values()
        return {
            "number": self.number, "player": v["player"], "role": v["role"], "fouls": v["fouls"], "removed": v["removed"],
            "left_how": v["left_how"], "left_on": v["left_on"], "extra": v["extra"], "extra_reason": v["extra_reason"],
            "extra_approved": v["extra_approved"], "gross_violation": v["gross"],
        }


class DayForm(_Fields):
    """One day's nominations and votes (`prefix="d<day>"`)."""

    def __init__(self, data=None, *, day: int, stored: ProtocolEntry | None = None):
        super().__init__(data, prefix=f"d{day}", initial=self.initial_from(stored, day))
        self.day = day
        for n in SEAT_NUMBERS:
            where = {"day": day, "n": n}
            self.fields[self.nominee(n)] = Typed(widget=number_input(
                SEAT_RANGE, css="cell", **{"data-by": n, "aria-label": _("Day %(day)s: seat %(n)s nominates") % where}))
            self.fields[self.ballot(1, n)] = Typed(widget=number_input(
                VOTES_RANGE, css="cell", **{"aria-label": _("Day %(day)s: votes for seat %(n)s") % where}))
            self.fields[self.ballot(2, n)] = Typed(widget=number_input(
                VOTES_RANGE, css="cell", **{"aria-label": _("Day %(day)s: revote for seat %(n)s") % where}))
        self.fields["v3"] = Typed(widget=number_input(VOTES_RANGE))

    @staticmethod
    def nominee(seat: int) -> str:
        """The field of whom `seat` nominated."""
        return f"nom{seat}"

    @staticmethod
    def ballot(ballot: int, seat: int) -> str:
        """The field of the votes `seat` got as a nominee in the vote (1) or the revote (2)."""
        return f"v{ballot}-{seat}"

    @classmethod
    def initial_from(cls, entry: ProtocolEntry | None, day: int) -> dict:
        if entry is None:
            return {}
        initial = {cls.nominee(n.by_seat): n.nominee_seat for n in entry.nominations if n.day == day}
        for x in entry.votes:
            if x.day == day:
                initial["v3" if x.ballot == 3 else cls.ballot(x.ballot, x.nominee_seat)] = x.votes
        return initial

    def nominations(self) -> list[dict]:
        v = self.values()
        return [{"day": self.day, "by_seat": n, "nominee_seat": v[self.nominee(n)]} for n in SEAT_NUMBERS if v[self.nominee(n)]]

    def votes(self) -> list[dict]:
        v = self.values()
        out = [{"day": self.day, "ballot": ballot, "nominee_seat": n, "votes": v[self.ballot(ballot, n)]}
               for ballot in (1, 2) for n in SEAT_NUMBERS if v[self.ballot(ballot, n)]]
        if v["v3"]:
            out.append({"day": self.day, "ballot": 3, "nominee_seat": None, "votes": v["v3"]})
        return out

    def is_filled(self) -> bool:
        return any(self.shown(name) for name in self.fields)


class PenaltyForm(_Fields):
    """One penalty row (`prefix="pen<i>"`)."""

    seat = Typed(widget=number_input(SEAT_RANGE))
    clause = Typed(widget=forms.Select)
    reason = Typed(widget=forms.TextInput(attrs={"class": "wide"}))

    def __init__(self, data=None, *, index: int, stored=None):
        initial = {} if stored is None else {"seat": stored.seat, "clause": stored.clause, "reason": stored.reason}
        super().__init__(data, prefix=f"pen{index}", initial=initial)
        self.fields["clause"].widget.choices = [NONE, *PenaltyClause.choices]
        for name, text in (("seat", _("Penalty %(i)s: seat")), ("clause", _("Penalty %(i)s: clause")),
                           ("reason", _("Penalty %(i)s: reason"))):
            self.fields[name].widget.attrs["aria-label"] = text % {"i": index + 1}

    def mapping(self) -> dict | None:
        v = self.values()
        return dict(v) if any(v.values()) else None


class GameForm(_Fields):
    """The rest of the protocol: the best move, the result."""

    first_killed = Typed(widget=number_input(SEAT_RANGE, id="first_killed"))
    named1 = Typed(widget=number_input(SEAT_RANGE))
    named2 = Typed(widget=number_input(SEAT_RANGE))
    named3 = Typed(widget=number_input(SEAT_RANGE))
    outcome = Typed(widget=forms.Select(attrs={"id": "outcome"}))
    awarded_reason = Typed()

    def __init__(self, data=None, *, stored: ProtocolEntry | None = None, ruleset: str = ""):
        super().__init__(data, initial=self.initial_from(stored))
        self.fields["outcome"].widget.choices = outcome_choices(ruleset)
        for i in (1, 2, 3):
            self.fields[f"named{i}"].widget.attrs["aria-label"] = _("Named seat %(i)s") % {"i": i}

    @staticmethod
    def initial_from(entry: ProtocolEntry | None) -> dict:
        if entry is None:
            return {}
        return {"first_killed": entry.first_killed_seat, **{f"named{i}": seat for i, seat in enumerate(entry.best_move[:3], 1)},
                "outcome": outcome_of(entry), "awarded_reason": entry.awarded_reason}


# A problem's field -> the box of the game form it is about.
GAME_BOXES = {"first_killed": "first_killed", "first_killed_seat": "first_killed", "best_move": "named1",
              "result": "outcome", "result_kind": "outcome", "awarded_reason": "awarded_reason"}


class ProtocolForm:
    """The protocol grid. Unbound (`data` None), it shows `base`, the stored entry. Bound to the
    page's POST, it is the pipeline's mapping parsed against `base`: `entry` and `problems` (the
    values it could not take). The approval of an extra above 0.5 is read only when `may_approve`
    (the chief judge). `players` (pk -> nickname) are the seats' choices, `ruleset` decides the
    result's."""

    def __init__(self, data=None, *, base: ProtocolEntry, players: dict[int, str], may_approve: bool = False,
                 ruleset: str = ""):
        self.is_bound = data is not None
        # The stored entry is every form's initial: an unbound form shows it, and a bound one
        # keeps from it only what it never reads from the POST (a disabled approval box).
        choices = sorted(players.items(), key=lambda kv: kv[1].lower())
        self.seat_forms = [SeatForm(data, number=n, stored=base.seat(n), may_approve=may_approve, players=choices)
                           for n in SEAT_NUMBERS]
        self.day_forms = [DayForm(data, day=day, stored=base) for day in range(1, MAX_DAYS + 1)]
        self.penalty_forms = [PenaltyForm(data, index=i, stored=base.penalties[i] if i < len(base.penalties) else None)
                              for i in range(len(base.penalties) + PENALTY_ROWS_SPARE)]
        self.game_form = GameForm(data, stored=base, ruleset=ruleset)
        if self.is_bound:
            self.mapping = self._mapping()
            self.entry, self.problems = parse_entry(self.mapping, base=base, players=players, may_approve=may_approve)
        else:
            self.entry, self.problems = base, []

    def seat_form(self, number: int) -> SeatForm:
        return self.seat_forms[number - 1]

    def mark_invalid(self, problems) -> bool:
        """Mark the boxes `problems` are about; True if the amendment's reason is one of them."""
        reason = False
        for p in problems:
            if p.seat is not None and p.seat in SEAT_NUMBERS and (p.field in SEAT_FIELDS or p.field in EXTRA_FIELDS):
                name = "gross" if p.field == "gross_violation" else p.field
                self.seat_form(p.seat).mark_invalid(name)
            elif p.seat is None and p.field in GAME_BOXES:
                self.game_form.mark_invalid(GAME_BOXES[p.field])
            reason = reason or (p.seat is None and p.field == "reason")
        return reason

    def page_values(self) -> dict[str, str]:
        """Every box as the page would post it (name -> string; a ticked box "on")."""
        values = {}
        for form in (*self.seat_forms, *self.day_forms, *self.penalty_forms, self.game_form):
            for bf in form:
                if isinstance(bf.field, Flag):
                    values[bf.html_name] = "on" if bf.value() else ""
                else:
                    values[bf.html_name] = form.shown(bf.name)
        return values

    def _mapping(self) -> dict:
        game = self.game_form.values()
        outcome = game["outcome"]
        # an unknown choice goes on as a result, and the pipeline says it is not one
        result, kind = OUTCOMES.get(outcome, (outcome, "normal"))
        return {
            "seats": [f.mapping() for f in self.seat_forms],
            "nominations": [x for f in self.day_forms for x in f.nominations()],
            "votes": [x for f in self.day_forms for x in f.votes()],
            "penalties": [x for x in (f.mapping() for f in self.penalty_forms) if x is not None],
            "first_killed_seat": game["first_killed"],
            "best_move": [game[f"named{i}"] for i in (1, 2, 3) if game[f"named{i}"]],
            "result": result, "result_kind": kind, "awarded_reason": game["awarded_reason"],
        }
