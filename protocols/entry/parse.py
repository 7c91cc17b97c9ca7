"""The first step of the entry pipeline: a plain mapping -> a `ProtocolEntry` and the values it
could not take, never raising on garbage.

The mapping has the API's shape (the entry page's forms build the same one from their fields):

    {"seats": [{"number": 3, "player": 17, "role": "red", "fouls": 1, "removed": "", "left_how": "voted",
                "left_on": 2, "extra": "0.30", "extra_reason": "…", "extra_approved": False,
                "gross_violation": False}, …],
     "nominations": [{"day": 1, "by_seat": 2, "nominee_seat": 5, "withdrawn": False}, …],
     "votes": [{"day": 1, "ballot": 1, "nominee_seat": 5, "votes": 4}, …],   # ballot 3: nominee None
     "penalties": [{"seat": 4, "clause": "8.5.1", "reason": "…"}, …],
     "first_killed_seat": 6, "best_move": [2, 5, 9], "result": "red", "result_kind": "normal",
     "awarded_reason": ""}

A value may be JSON (an int, null) or as a judge typed it (" 3 ", "0,60", ""); missing keys are
empty. Every bound is engines/scoring/bounds.py's. A value that cannot be taken is left empty and
becomes a problem with a code and parameters, the ones problem_texts.py words for the page.
"""
from __future__ import annotations

import re
from collections.abc import Mapping
from decimal import Decimal, InvalidOperation

from engines.scoring.bounds import (
    BALLOT_RANGE,
    DAY_RANGE,
    EXTRA_RANGE,
    FOULS_RANGE,
    LEFT_ON_RANGE,
    POINTS_STEP,
    SEAT_RANGE,
    VOTES_RANGE,
    shown,
)
from engines.scoring.problems import Problem

from ..vocabulary import GameResult, LeftHow, PenaltyClause, Removal, ResultKind, Role
from .model import SEAT_NUMBERS, NominationEntry, PenaltyEntry, ProtocolEntry, SeatEntry, VoteEntry
from .storable import PLAYER_ID_RANGE

# The days an entry records: the page offers this many (a game rarely lasts more than 8 days).
MAX_DAYS = 10
ENTRY_DAY_RANGE = (DAY_RANGE[0], MAX_DAYS)
BEST_MOVE_SEATS = 3  # the first-killed names up to three seats (лучший ход)
ALL_TIED_BALLOT = BALLOT_RANGE[1]  # ballot 3: "do all tied leave?", for no one nominee
# A whole number as a judge types it: ASCII digits only. int() alone also takes "²" (and crashes
# later on str.isdigit() callers) or Arabic-Indic digits, which no judge means.
WHOLE_NUMBER = re.compile(r"[+-]?[0-9]{1,30}")


def parse_entry(data: Mapping, *, base: ProtocolEntry, players: Mapping[int, str],
                may_approve: bool = False) -> tuple[ProtocolEntry, list[Problem]]:
    """`data` read against `base`, the stored entry: the entry and its value problems.

    `players` (player pk -> nickname) are those a seat may take (players.players_for). The approval
    of an extra above 0.5 is read from `data` only when `may_approve` (the chief judge); for anyone
    else the stored approval stands while the extra it approved is unchanged, and a changed extra
    is unapproved (8.4.3)."""
    return _Parser(data if isinstance(data, Mapping) else {}, base, players, may_approve).parse()


class _Parser:
    def __init__(self, data, base, players, may_approve):
        self.data, self.base, self.players, self.may_approve = data, base, players, may_approve
        self.problems: list[Problem] = []

    # -- values -----------------------------------------------------------------------------
    def add(self, seat, field, code, params=None, clause=None):
        self.problems.append(Problem(None, seat, field, code, params=params, clause=clause))

    def number(self, value, bounds, seat, field, *, day=None, code="out_of_range"):
        """A whole number within `bounds`, or None (a problem unless empty). A day's problem names
        its day, so the page shows it under that day."""
        where = {} if day is None else {"day": day}
        if value is None or (isinstance(value, str) and not value.strip()):
            return None
        if isinstance(value, int) and not isinstance(value, bool):
            number = value
        elif isinstance(value, str) and WHOLE_NUMBER.fullmatch(value.strip()):
            number = int(value.strip())
        else:
            self.add(seat, field, "not_a_whole_number", {"value": shown(value), **where})
            return None
        low, high = bounds
        if not low <= number <= high:
            if code == "fouls_out_of_range":  # the rule's own wording (scoring core)
                self.add(seat, field, code, {"fouls": shown(number)})
            else:
                self.add(seat, field, code, {"value": shown(number), "low": low, "high": high, **where})
            return None
        return number

    @staticmethod
    def text(value) -> str:
        return value.strip() if isinstance(value, str) else ""

    @staticmethod
    def flag(value) -> bool:
        """A checkbox as the page posts it ("on") or a JSON boolean."""
        return value is True or value == "on"

    def choice(self, value, choices, seat, field, code) -> str:
        text = self.text(value)
        if text and text not in choices:
            self.add(seat, field, code, {"value": shown(text)})
            return ""
        return text

    def amount(self, value, seat, field) -> Decimal:
        """Points in hundredths within EXTRA_RANGE ("0,60" as typed, "0.6", 0.6); else 0 and a problem."""
        if value is None or isinstance(value, bool) or not isinstance(value, str | int | float | Decimal):
            if value not in (None, False):
                self.add(seat, field, "not_an_amount", {"value": shown(value)})
            return Decimal("0")
        raw = str(value).strip().replace(",", ".")
        if not raw:
            return Decimal("0")
        low, high = EXTRA_RANGE
        try:
            amount = Decimal(raw)
            if not amount.is_finite() or not low <= amount <= high or amount != amount.quantize(POINTS_STEP):
                raise InvalidOperation
        except InvalidOperation:
            self.add(seat, field, "not_an_amount", {"value": shown(raw)})
            return Decimal("0")
        return amount.quantize(POINTS_STEP) if amount else Decimal("0")

    def items(self, key) -> list[Mapping]:
        value = self.data.get(key)
        return [x for x in value if isinstance(x, Mapping)] if isinstance(value, list | tuple) else []

    # -- the entry --------------------------------------------------------------------------
    def parse(self) -> tuple[ProtocolEntry, list[Problem]]:
        entry = ProtocolEntry(seats=[self.seat(n, s) for n, s in self.seats_by_number().items()])
        self.nominations(entry)
        self.votes(entry)
        self.penalties(entry)
        entry.first_killed_seat = self.number(self.data.get("first_killed_seat"), SEAT_RANGE, None, "first_killed")
        named = self.data.get("best_move")
        named = list(named) if isinstance(named, list | tuple) else []
        if len(named) > BEST_MOVE_SEATS:
            self.add(None, "best_move", "best_move_too_many", {"count": len(named)})
        entry.best_move = [x for x in (self.number(n, SEAT_RANGE, None, "best_move") for n in named[:BEST_MOVE_SEATS])
                           if x is not None]
        entry.result = self.choice(self.data.get("result"), GameResult.values, None, "result", "not_a_result")
        entry.result_kind = self.choice(self.data.get("result_kind"), ResultKind.values, None, "result",
                                        "not_a_result") or ResultKind.NORMAL
        entry.awarded_reason = self.text(self.data.get("awarded_reason")) if entry.result_kind == ResultKind.AWARDED else ""
        return entry, self.problems

    def seats_by_number(self) -> dict[int, Mapping]:
        """The given seats by number, 1..10 each once (a seat not given is empty)."""
        given = self.items("seats")
        by_number: dict[int, Mapping] = {}
        for s in given:
            number = s.get("number")
            if not (isinstance(number, int) and not isinstance(number, bool) and number in SEAT_NUMBERS):
                self.add(None, "seats", "seat_out_of_range", {"seat": shown(number)})
            elif number in by_number:
                self.add(None, "seats", "seat_repeated", {"seat": number})
            else:
                by_number[number] = s
        if len(given) != len(SEAT_NUMBERS) and "seats" in self.data:
            self.add(None, "seats", "seat_count", {"seats": len(given)})
        return {n: by_number.get(n, {}) for n in SEAT_NUMBERS}

    def seat(self, n: int, given: Mapping) -> SeatEntry:
        base = self.base.seat(n) or SeatEntry(n)
        s = SeatEntry(n)
        player = self.number(given.get("player"), PLAYER_ID_RANGE, n, "player")
        if player is not None and player not in self.players:
            self.add(n, "player", "player_not_registered")
            player = None
        s.player_id = player
        s.nickname = self.players.get(player, "") if player is not None else ""
        s.role = self.choice(given.get("role"), Role.values, n, "role", "not_a_role")
        s.fouls = self.number(given.get("fouls"), FOULS_RANGE, n, "fouls", code="fouls_out_of_range") or 0
        removed = self.choice(given.get("removed"), Removal.values, n, "removed", "not_a_removal")
        if removed == Removal.FOURTH_FOUL and s.fouls != FOULS_RANGE[1]:
            self.add(n, "removed", "removal_without_fourth_foul", {"fouls": s.fouls}, "8.2.4")
            removed = ""
        s.removed = removed
        s.left_how = self.choice(given.get("left_how"), LeftHow.values, n, "left_how", "not_a_way_to_leave")
        s.left_on = self.number(given.get("left_on"), LEFT_ON_RANGE, n, "left_on") if s.left_how else None
        s.extra = self.amount(given.get("extra"), n, "extra")
        s.extra_reason = self.text(given.get("extra_reason"))
        if self.may_approve:
            s.extra_approved = self.flag(given.get("extra_approved"))
        else:  # never read: only the chief judge approves (the page renders the box disabled)
            s.extra_approved = base.extra_approved and base.extra == s.extra
        s.gross_violation = self.flag(given.get("gross_violation"))
        return s

    def nominations(self, entry: ProtocolEntry) -> None:
        seen = set()
        for x in self.items("nominations"):
            day = self.number(x.get("day"), ENTRY_DAY_RANGE, None, "nominations")
            by_seat = self.number(x.get("by_seat"), SEAT_RANGE, None, "nominations", day=day)
            nominee = self.number(x.get("nominee_seat"), SEAT_RANGE, by_seat, "nominations", day=day)
            if None in (day, by_seat, nominee):
                continue
            if (day, by_seat) in seen:
                self.add(by_seat, "nominations", "nominated_twice", {"day": day})
                continue
            seen.add((day, by_seat))
            entry.nominations.append(NominationEntry(day, by_seat, nominee, self.flag(x.get("withdrawn"))))

    def votes(self, entry: ProtocolEntry) -> None:
        seen = set()
        for x in self.items("votes"):
            day = self.number(x.get("day"), ENTRY_DAY_RANGE, None, "votes")
            ballot = self.number(x.get("ballot"), BALLOT_RANGE, None, "votes", day=day)
            nominee = x.get("nominee_seat")
            if ballot == ALL_TIED_BALLOT:
                if nominee not in (None, ""):
                    self.add(None, "votes", "all_tied_with_nominee", {"day": day})
                    continue
                nominee = None
            elif ballot is not None:
                nominee = self.number(nominee, SEAT_RANGE, None, "votes", day=day)
                if nominee is None:
                    if x.get("nominee_seat") in (None, ""):
                        self.add(None, "votes", "vote_without_nominee", {"day": day, "ballot": ballot})
                    continue
            count = self.number(x.get("votes"), VOTES_RANGE, nominee, "votes", day=day)
            if None in (day, ballot, count):
                continue
            if (day, ballot, nominee) in seen:
                self.add(nominee, "votes", "votes_counted_twice", {"day": day, "ballot": ballot})
                continue
            seen.add((day, ballot, nominee))
            entry.votes.append(VoteEntry(day, ballot, nominee, count))

    def penalties(self, entry: ProtocolEntry) -> None:
        for x in self.items("penalties"):
            raw_seat, clause, reason = x.get("seat"), self.text(x.get("clause")), self.text(x.get("reason"))
            seat = self.number(raw_seat, SEAT_RANGE, None, "penalties")
            if seat is None:
                if raw_seat in (None, "") and (clause or reason):
                    self.add(None, "penalties", "penalty_without_seat")
                continue
            if clause not in PenaltyClause.values:
                self.add(seat, "penalties", "penalty_without_clause", clause="8.5")
                continue
            entry.penalties.append(PenaltyEntry(seat, clause, reason))
