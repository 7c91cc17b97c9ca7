"""The entry page's forms: its POST -> the entry pipeline's plain mapping (protocols/entry/parse.py).

One Django form per seat (`prefix="s3"`: `s3-player`, `s3-fouls`, …), per day (`prefix="d2"`:
`d2-nom<seat>` whom a seat nominated, `d2-v1-<seat>` / `d2-v2-<seat>` the votes for a nominee in the
vote and the revote, `d2-v3` the votes for "all tied leave"), per penalty row (`prefix="pen0"`:
`pen0-seat|clause|reason`) and one for the rest (`first_killed`, `named1..3`, `outcome`,
`awarded_reason`). The forms refuse nothing: each field is taken as typed, and the pipeline words
every value it cannot take (problem_texts.py), exactly as for the API. The chief judge's approval
box is a disabled field for anyone else, so Django never reads it from the POST (a browser sends
no disabled box): the stored approval stands.
"""
from __future__ import annotations

from django import forms
from django.core.validators import ProhibitNullCharactersValidator

from .entry import SEAT_NUMBERS, ProtocolEntry, parse_entry
from .entry.parse import MAX_DAYS, WHOLE_NUMBER

__all__ = ["MAX_DAYS", "WHOLE_NUMBER", "OUTCOMES", "ProtocolForm", "initial_values", "outcome_of"]

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


def outcome_of(entry: ProtocolEntry) -> str:
    if entry.result_kind == "awarded" and entry.result in ("red", "black"):
        return "awarded_black" if entry.result == "red" else "awarded_red"
    return entry.result if entry.result in OUTCOMES else ""


class Typed(forms.CharField):
    """A value as typed, stripped, never refused: the pipeline decides (a NUL included, which it
    words as a character no field stores)."""

    def __init__(self, **kwargs):
        super().__init__(required=False, **kwargs)
        self.validators = [v for v in self.validators if not isinstance(v, ProhibitNullCharactersValidator)]


class _Fields(forms.Form):
    def values(self) -> dict[str, str]:
        self.is_valid()  # every field takes anything: this only fills cleaned_data
        return self.cleaned_data


class SeatForm(_Fields):
    """One seat's row and its extra points (`prefix="s<seat>"`)."""

    player = Typed()
    role = Typed()
    fouls = Typed()
    removed = Typed()
    left_how = Typed()
    left_on = Typed()
    extra = Typed()
    extra_reason = Typed()
    extra_approved = Typed()
    gross = Typed()

    def __init__(self, data, *, number: int, stored_approval: bool, may_approve: bool):
        super().__init__(data, prefix=f"s{number}", initial={"extra_approved": "on" if stored_approval else ""})
        self.number = number
        self.fields["extra_approved"].disabled = not may_approve

    def mapping(self) -> dict:
        v = self.values()
        return {
            "number": self.number, "player": v["player"], "role": v["role"], "fouls": v["fouls"], "removed": v["removed"],
            "left_how": v["left_how"], "left_on": v["left_on"], "extra": v["extra"], "extra_reason": v["extra_reason"],
            "extra_approved": v["extra_approved"] == "on", "gross_violation": v["gross"] == "on",
        }


class DayForm(_Fields):
    """One day's nominations and votes (`prefix="d<day>"`)."""

    def __init__(self, data, *, day: int):
        super().__init__(data, prefix=f"d{day}")
        self.day = day
        for n in SEAT_NUMBERS:
            self.fields[f"nom{n}"] = Typed()
        for ballot in (1, 2):
            for n in SEAT_NUMBERS:
                self.fields[f"v{ballot}-{n}"] = Typed()
        self.fields["v3"] = Typed()

    def nominations(self) -> list[dict]:
        v = self.values()
        return [{"day": self.day, "by_seat": n, "nominee_seat": v[f"nom{n}"]} for n in SEAT_NUMBERS if v[f"nom{n}"]]

    def votes(self) -> list[dict]:
        v = self.values()
        out = [{"day": self.day, "ballot": ballot, "nominee_seat": n, "votes": v[f"v{ballot}-{n}"]}
               for ballot in (1, 2) for n in SEAT_NUMBERS if v[f"v{ballot}-{n}"]]
        if v["v3"]:
            out.append({"day": self.day, "ballot": 3, "nominee_seat": None, "votes": v["v3"]})
        return out


class PenaltyForm(_Fields):
    """One penalty row (`prefix="pen<i>"`)."""

    seat = Typed()
    clause = Typed()
    reason = Typed()

    def mapping(self) -> dict | None:
        v = self.values()
        return dict(v) if any(v.values()) else None


class GameForm(_Fields):
    """The rest of the protocol: the best move, the result."""

    first_killed = Typed()
    named1 = Typed()
    named2 = Typed()
    named3 = Typed()
    outcome = Typed()
    awarded_reason = Typed()


class ProtocolForm:
    """The page's POST (`data`) as the pipeline's mapping, parsed against `base`, the stored entry:
    `entry` and `problems` (the values it could not take). The approval of an extra above 0.5 is
    read only when `may_approve` (the chief judge)."""

    def __init__(self, data, *, base: ProtocolEntry, players: dict[int, str], may_approve: bool = False):
        self.seat_forms = [SeatForm(data, number=n, may_approve=may_approve,
                                    stored_approval=bool(base.seat(n) and base.seat(n).extra_approved))
                           for n in SEAT_NUMBERS]
        self.day_forms = [DayForm(data, day=day) for day in range(1, MAX_DAYS + 1)]
        self.penalty_forms = [PenaltyForm(data, prefix=f"pen{i}") for i in range(len(base.penalties) + PENALTY_ROWS_SPARE)]
        self.game_form = GameForm(data)
        self.mapping = self._mapping()
        self.entry, self.problems = parse_entry(self.mapping, base=base, players=players, may_approve=may_approve)

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


def initial_values(entry: ProtocolEntry) -> dict[str, str]:
    """The entry as form values (name -> string), for rendering the page."""
    v: dict[str, str] = {}
    for s in entry.seats:
        p = f"s{s.number}-"
        v[p + "player"] = str(s.player_id or "")
        v[p + "role"] = s.role
        v[p + "fouls"] = str(s.fouls)
        v[p + "removed"] = s.removed
        v[p + "left_how"] = s.left_how
        v[p + "left_on"] = "" if s.left_on is None else str(s.left_on)
        v[p + "extra"] = "" if not s.extra else format(s.extra.normalize(), "f")
        v[p + "extra_reason"] = s.extra_reason
        v[p + "extra_approved"] = "on" if s.extra_approved else ""
        v[p + "gross"] = "on" if s.gross_violation else ""
    for n in entry.nominations:
        v[f"d{n.day}-nom{n.by_seat}"] = str(n.nominee_seat)
    for x in entry.votes:
        key = f"d{x.day}-v3" if x.ballot == 3 else f"d{x.day}-v{x.ballot}-{x.nominee_seat}"
        v[key] = str(x.votes)
    for i, p in enumerate(entry.penalties):
        v[f"pen{i}-seat"] = str(p.seat)
        v[f"pen{i}-clause"] = p.clause
        v[f"pen{i}-reason"] = p.reason
    v["first_killed"] = "" if entry.first_killed_seat is None else str(entry.first_killed_seat)
    for i, seat in enumerate(entry.best_move[:3], start=1):
        v[f"named{i}"] = str(seat)
    v["outcome"] = outcome_of(entry)
    v["awarded_reason"] = entry.awarded_reason
    return v
