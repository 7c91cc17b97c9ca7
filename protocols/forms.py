"""The entry page's form: POST data <-> ProtocolEntry, never raising on garbage.

Field names: `s<seat>-<field>` for the ten seats; `d<day>-nom<seat>` (whom seat nominated on
that day), `d<day>-v1-<seat>` / `d<day>-v2-<seat>` (votes for a nominee in the vote and the
revote), `d<day>-v3` (votes for "all tied leave"); `pen<i>-seat|clause|reason`; `first_killed`,
`named1..3`, `outcome`, `awarded_reason`, `version`, `reason`. A value that cannot be taken is a
problem with a code and parameters, like the checks' (problem_texts.py words them).
"""
from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation

from scoring.core.problems import Problem

from .entry import SEAT_NUMBERS, NominationEntry, PenaltyEntry, ProtocolEntry, SeatEntry, VoteEntry
from .vocabulary import LeftHow, PenaltyClause, Removal, Role

MAX_DAYS = 10  # a game rarely lasts more than 8 days; the page always offers this many
# A whole number as a judge types it: ASCII digits only. int() alone also takes "²" (and crashes
# later on str.isdigit() callers) or Arabic-Indic digits, which no judge means.
WHOLE_NUMBER = re.compile(r"[+-]?[0-9]{1,30}")
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


def outcome_of(entry: ProtocolEntry) -> str:
    if entry.result_kind == "awarded" and entry.result in ("red", "black"):
        return "awarded_black" if entry.result == "red" else "awarded_red"
    return entry.result if entry.result in OUTCOMES else ""


class ProtocolForm:
    """`data` parsed against `base`, the stored entry. The approval of an extra above 0.5 is read
    from the form only when `may_approve` (the chief judge: the page renders the box disabled for
    anyone else, and a browser sends no disabled box); otherwise the stored approval stands while
    the extra it approved is unchanged, and a changed extra is unapproved (8.4.3)."""

    def __init__(self, data, *, base: ProtocolEntry, players: dict[int, str], may_approve: bool = False):
        self.data = data
        self.base = base
        self.players = players  # registered player id -> nickname
        self.may_approve = may_approve
        self.problems: list[Problem] = []
        self.entry = self._parse()

    # -- helpers -------------------------------------------------------------------------
    def _get(self, name: str) -> str:
        value = self.data.get(name, "")
        return value.strip() if isinstance(value, str) else ""

    def _problem(self, seat, field, code, params=None, clause=None):
        self.problems.append(Problem(None, seat, field, code, params=params, clause=clause))

    def _int(self, name, seat, field, lo, hi, *, required=False, day=None):
        raw = self._get(name)
        where = {} if day is None else {"day": day}  # a day's problem shows under that day
        if raw == "":
            if required:
                self._problem(seat, field, "required", where or None)
            return None
        if not WHOLE_NUMBER.fullmatch(raw):
            self._problem(seat, field, "not_a_whole_number", {"value": raw[:20], **where})
            return None
        value = int(raw)
        if not lo <= value <= hi:
            self._problem(seat, field, "out_of_range", {"value": value, "low": lo, "high": hi, **where})
            return None
        return value

    # -- parsing -------------------------------------------------------------------------
    def _parse(self) -> ProtocolEntry:
        entry = ProtocolEntry(seats=[self._seat(n) for n in SEAT_NUMBERS])
        for day in range(1, MAX_DAYS + 1):
            self._day(entry, day)
        self._penalties(entry)
        entry.first_killed_seat = self._int("first_killed", None, "first_killed", 1, 10)
        named = []
        for i in (1, 2, 3):
            value = self._int(f"named{i}", None, "best_move", 1, 10)
            if value is not None:
                named.append(value)
        entry.best_move = named
        outcome = self._get("outcome")
        if outcome not in OUTCOMES:
            self._problem(None, "result", "not_a_result", {"value": outcome[:20]})
            outcome = ""
        entry.result, entry.result_kind = OUTCOMES[outcome]
        entry.awarded_reason = self._get("awarded_reason") if entry.result_kind == "awarded" else ""
        return entry

    def _seat(self, n: int) -> SeatEntry:
        p = f"s{n}-"
        base = self.base.seat(n) or SeatEntry(n)
        s = SeatEntry(n, extra_approved=base.extra_approved)
        player = self._int(p + "player", n, "player", 1, 2**31 - 1)
        if player is not None and player not in self.players:
            self._problem(n, "player", "player_not_registered")
            player = None
        s.player_id = player
        s.nickname = self.players.get(player, "")
        role = self._get(p + "role")
        if role and role not in Role.values:
            self._problem(n, "role", "not_a_role", {"value": role[:20]})
            role = ""
        s.role = role
        s.fouls = self._int(p + "fouls", n, "fouls", 0, 4) or 0
        removed = self._get(p + "removed")
        if removed and removed not in Removal.values:
            self._problem(n, "removed", "not_a_removal", {"value": removed[:20]})
            removed = ""
        if removed == Removal.FOURTH_FOUL and s.fouls != 4:
            self._problem(n, "removed", "removal_without_fourth_foul", {"fouls": s.fouls}, "8.2.4")
            removed = ""
        s.removed = removed
        left_how = self._get(p + "left_how")
        if left_how and left_how not in LeftHow.values:
            self._problem(n, "left_how", "not_a_way_to_leave", {"value": left_how[:20]})
            left_how = ""
        s.left_how = left_how
        s.left_on = self._int(p + "left_on", n, "left_on", 0, 30) if left_how else None
        raw = self._get(p + "extra").replace(",", ".")
        if raw:
            try:
                extra = Decimal(raw)
                if not extra.is_finite() or extra < 0 or extra > 1 or extra != extra.quantize(Decimal("0.01")):
                    raise InvalidOperation
                s.extra = extra.quantize(Decimal("0.01"))
            except InvalidOperation:
                self._problem(n, "extra", "not_an_amount", {"value": raw[:20]})
        s.extra_reason = self._get(p + "extra_reason")
        if self.may_approve:
            s.extra_approved = self._get(p + "extra_approved") == "on"
        else:  # never read: the box was disabled
            s.extra_approved = base.extra_approved and base.extra == s.extra
        s.gross_violation = self._get(p + "gross") == "on"
        return s

    def _day(self, entry: ProtocolEntry, day: int) -> None:
        for n in SEAT_NUMBERS:
            nominee = self._int(f"d{day}-nom{n}", n, "nominations", 1, 10, day=day)
            if nominee is not None:
                entry.nominations.append(NominationEntry(day, n, nominee))
        for ballot in (1, 2):
            for n in SEAT_NUMBERS:
                votes = self._int(f"d{day}-v{ballot}-{n}", n, "votes", 0, 10, day=day)
                if votes is not None:
                    entry.votes.append(VoteEntry(day, ballot, n, votes))
        leave = self._int(f"d{day}-v3", None, "votes", 0, 10, day=day)
        if leave is not None:
            entry.votes.append(VoteEntry(day, 3, None, leave))

    def _penalties(self, entry: ProtocolEntry) -> None:
        for i in range(len(self.base.penalties) + 3):
            seat = self._int(f"pen{i}-seat", None, "penalties", 1, 10)
            clause = self._get(f"pen{i}-clause")
            reason = self._get(f"pen{i}-reason")
            if seat is None and not clause and not reason:
                continue
            if seat is None:
                self._problem(None, "penalties", "penalty_without_seat")
                continue
            if clause not in PenaltyClause.values:
                self._problem(seat, "penalties", "penalty_without_clause", clause="8.5")
                continue
            entry.penalties.append(PenaltyEntry(seat, clause, reason))


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
