"""A protocol as judges' apps write and read it: the entry (seats, day record, best move, result,
extra points, penalties) plus the version it was based on and the reason of an amendment.

The serializer checks only the JSON types (and the lengths the database holds); `to_entry` checks
the values as the entry page's form does (protocols/forms.py: the same bounds and messages, with the
scoring core's codes where one names the problem) and gives a `ProtocolEntry` and its problems.
The services then run the rule checks (protocols/checks.py) exactly as for the page."""
from __future__ import annotations

from decimal import Decimal, InvalidOperation

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from protocols.entry import SEAT_NUMBERS, NominationEntry, PenaltyEntry, ProtocolEntry, SeatEntry, VoteEntry
from protocols.forms import MAX_DAYS
from protocols.vocabulary import GameResult, LeftHow, PenaltyClause, Removal, ResultKind, Role
from scoring.core.bounds import FOULS_RANGE
from scoring.core.problems import Problem

TEXT = 2000  # the entry page keeps this much of a reason


@extend_schema_field({"oneOf": [{"type": "string", "pattern": r"^\d+([.,]\d+)?$"}, {"type": "number"}],
                      "description": "Points from 0 to 1.00 in hundredths, as a decimal string (\"0.3\") or a number."})
class PointsField(serializers.Field):
    default_error_messages = {"invalid": "a decimal string or a number is required"}

    def to_internal_value(self, data):
        if isinstance(data, bool) or not isinstance(data, (str, int, float)):
            self.fail("invalid")
        text = str(data).strip()
        if len(text) > 20:
            self.fail("invalid")
        return text

    def to_representation(self, value):
        return format(Decimal(value).quantize(Decimal("0.01")), "f")


class SeatInput(serializers.Serializer):
    number = serializers.IntegerField(help_text="The seat, 1..10.")
    player = serializers.IntegerField(allow_null=True, help_text="The player's id (registered in the tournament).")
    role = serializers.ChoiceField(Role.values, allow_null=True, allow_blank=True, required=False, default="")
    fouls = serializers.IntegerField(required=False, default=0, help_text="0..4.")
    removed = serializers.ChoiceField(Removal.values, allow_null=True, allow_blank=True, required=False, default="")
    left_how = serializers.ChoiceField(LeftHow.values, allow_null=True, allow_blank=True, required=False, default="",
                                       help_text="How the player left the game: voted out, killed at night, removed.")
    left_on = serializers.IntegerField(allow_null=True, required=False, default=None,
                                       help_text="The day (voted out, removed) or night (killed), 0..30.")
    extra = PointsField(required=False, default="0")
    extra_reason = serializers.CharField(max_length=TEXT, allow_blank=True, required=False, default="", trim_whitespace=True)
    extra_approved = serializers.BooleanField(required=False, default=False,
                                              help_text="Kept only from the chief judge (8.4); anyone else keeps the stored approval.")
    gross_violation = serializers.BooleanField(required=False, default=False)


class NominationInput(serializers.Serializer):
    day = serializers.IntegerField()
    by_seat = serializers.IntegerField()
    nominee_seat = serializers.IntegerField()
    withdrawn = serializers.BooleanField(required=False, default=False)


class VoteInput(serializers.Serializer):
    day = serializers.IntegerField()
    ballot = serializers.IntegerField(help_text="1 the vote, 2 the revote, 3 \"do all tied leave?\" (nominee_seat null).")
    nominee_seat = serializers.IntegerField(allow_null=True, required=False, default=None)
    votes = serializers.IntegerField()


class PenaltyInput(serializers.Serializer):
    seat = serializers.IntegerField()
    clause = serializers.ChoiceField(PenaltyClause.values)
    reason = serializers.CharField(max_length=TEXT, allow_blank=True, required=False, default="")


class EntryInput(serializers.Serializer):
    """The protocol's content."""

    seats = SeatInput(many=True, help_text="The ten seats, 1..10, each once.")
    nominations = NominationInput(many=True, required=False, default=list, max_length=MAX_DAYS * 10)
    votes = VoteInput(many=True, required=False, default=list, max_length=MAX_DAYS * 21)
    penalties = PenaltyInput(many=True, required=False, default=list, max_length=40)
    first_killed_seat = serializers.IntegerField(allow_null=True, required=False, default=None)
    best_move = serializers.ListField(child=serializers.IntegerField(), required=False, default=list, max_length=10,
                                      help_text="Up to three seats the first-killed named (лучший ход).")
    result = serializers.ChoiceField(GameResult.values, allow_null=True, allow_blank=True, required=False, default="")
    result_kind = serializers.ChoiceField(ResultKind.values, required=False, default=ResultKind.NORMAL)
    awarded_reason = serializers.CharField(max_length=TEXT, allow_blank=True, required=False, default="")


class VersionInput(serializers.Serializer):
    version = serializers.IntegerField(required=False, help_text="The version the change is based on (or send If-Match).")
    reason = serializers.CharField(max_length=TEXT, allow_blank=True, required=False, default="",
                                   help_text="Why a signed-off protocol is amended (required then, 9.10).")


class ProtocolInput(EntryInput, VersionInput):
    """A protocol to save: the entry, the version it is based on and, after sign-off, the reason."""


class SignOffInput(VersionInput):
    """Sign off the stored protocol, or (with `protocol`) save this one and sign it off in one step."""

    protocol = EntryInput(required=False, help_text="The complete protocol to sign off; without it, the stored one.")


class ApproveInput(VersionInput):
    seat = serializers.IntegerField(min_value=1, max_value=10, help_text="The seat whose extra points above 0.5 are approved.")


def _problem(problems, seat, field, code, message):
    problems.append(Problem(None, seat, field, code, message))


def _in(problems, value, lo, hi, seat, field, code="bad_value", param=None):
    """`value` if within lo..hi; else a problem, whose parameter `param` (the entry page's wording
    of `code` names it) carries the value."""
    if value is None:
        return None
    if not lo <= value <= hi:
        params = {param: _short(value)} if param else None
        problems.append(Problem(None, seat, field, code, f"{_short(value)} is outside {lo}..{hi}", params=params))
        return None
    return value


def _short(value) -> str:
    text = str(value)
    return text if len(text) <= 20 else text[:20] + "…"


def to_entry(data: dict, players: dict[int, str]) -> tuple[ProtocolEntry, list[Problem]]:
    """The validated input as a ProtocolEntry, and the value problems the entry page's form finds.

    `players` are the player ids a seat may take (protocols.grid.players_for)."""
    problems: list[Problem] = []
    given = [s["number"] for s in data["seats"]]
    if sorted(given) != list(SEAT_NUMBERS):
        _problem(problems, None, "seats", "bad_value", "give the ten seats 1..10, each once")
    by_number = {s["number"]: s for s in data["seats"] if type(s["number"]) is int and 1 <= s["number"] <= 10}
    seats = [_seat(by_number.get(n, {"number": n, "player": None}), players, problems) for n in SEAT_NUMBERS]
    entry = ProtocolEntry(seats=seats)
    seen_nominations = set()
    for n in data.get("nominations", []):
        day = _in(problems, n["day"], 1, MAX_DAYS, None, "nominations")
        by_seat = _in(problems, n["by_seat"], 1, 10, None, "nominations")
        nominee = _in(problems, n["nominee_seat"], 1, 10, by_seat, "nominations")
        if None in (day, by_seat, nominee):
            continue
        if (day, by_seat) in seen_nominations:
            _problem(problems, by_seat, "nominations", "bad_value", f"day {day}: nominates twice")
            continue
        seen_nominations.add((day, by_seat))
        entry.nominations.append(NominationEntry(day, by_seat, nominee, bool(n.get("withdrawn"))))
    seen_votes = set()
    for v in data.get("votes", []):
        day = _in(problems, v["day"], 1, MAX_DAYS, None, "votes")
        ballot = _in(problems, v["ballot"], 1, 3, None, "votes")
        nominee = v.get("nominee_seat")
        count = _in(problems, v["votes"], 0, 10, None, "votes")
        if ballot == 3:
            if nominee is not None:
                _problem(problems, None, "votes", "bad_value", "ballot 3 (do all tied leave?) names no nominee")
                continue
        elif ballot is not None:
            nominee = _in(problems, nominee, 1, 10, None, "votes")
            if nominee is None:
                _problem(problems, None, "votes", "bad_value", f"ballot {ballot} needs the nominee's seat")
                continue
        if None in (day, ballot, count):
            continue
        if (day, ballot, nominee) in seen_votes:
            _problem(problems, nominee, "votes", "bad_value", f"day {day}, ballot {ballot}: counted twice")
            continue
        seen_votes.add((day, ballot, nominee))
        entry.votes.append(VoteEntry(day, ballot, nominee, count))
    for p in data.get("penalties", []):
        seat = _in(problems, p["seat"], 1, 10, None, "penalties")
        if seat is not None:
            entry.penalties.append(PenaltyEntry(seat, p["clause"], p.get("reason", "")))
    entry.first_killed_seat = _in(problems, data.get("first_killed_seat"), 1, 10, None, "first_killed")
    named = data.get("best_move") or []
    if len(named) > 3:
        _problem(problems, None, "best_move", "bad_value", "at most three seats are named")
    entry.best_move = [x for x in (_in(problems, n, 1, 10, None, "best_move") for n in named[:3]) if x is not None]
    entry.result = data.get("result") or ""
    entry.result_kind = data.get("result_kind") or ResultKind.NORMAL
    entry.awarded_reason = (data.get("awarded_reason") or "") if entry.result_kind == ResultKind.AWARDED else ""
    return entry, problems


def _seat(s: dict, players: dict[int, str], problems: list[Problem]) -> SeatEntry:
    n = s["number"]
    entry = SeatEntry(n)
    player = s.get("player")
    if player is not None and player not in players:
        _problem(problems, n, "player", "bad_value", "is not registered in this tournament")
        player = None
    entry.player_id = player
    entry.nickname = players.get(player, "")
    entry.role = s.get("role") or ""
    fouls = _in(problems, s.get("fouls", 0), *FOULS_RANGE, n, "fouls", code="fouls_out_of_range", param="fouls")
    entry.fouls = fouls or 0
    removed = s.get("removed") or ""
    if removed == Removal.FOURTH_FOUL and entry.fouls != 4:
        problems.append(Problem(None, n, "removed", "removal_without_fourth_foul", f"removed for a 4th foul with {entry.fouls} fouls",
                                params={"fouls": entry.fouls}, clause="8.2.4"))  # as the entry page words it
        removed = ""
    entry.removed = removed
    entry.left_how = s.get("left_how") or ""
    entry.left_on = _in(problems, s.get("left_on"), 0, 30, n, "left_on") if entry.left_how else None
    raw = str(s.get("extra") or "0").replace(",", ".")
    try:
        extra = Decimal(raw)
        if not extra.is_finite() or extra < 0 or extra > 1 or extra != extra.quantize(Decimal("0.01")):
            raise InvalidOperation
        entry.extra = extra.quantize(Decimal("0.01")) if extra else Decimal("0")
    except InvalidOperation:
        _problem(problems, n, "extra", "bad_value", f"{_short(raw)!r} is not an amount from 0 to 1.00 in hundredths")
    entry.extra_reason = s.get("extra_reason") or ""
    entry.extra_approved = bool(s.get("extra_approved"))
    entry.gross_violation = bool(s.get("gross_violation"))
    return entry


def entry_data(entry: ProtocolEntry) -> dict:
    """A stored entry in the API's shape (the inverse of `to_entry`)."""
    return {
        "seats": [{
            "number": s.number, "player": s.player_id, "nickname": s.nickname, "role": s.role or None, "fouls": s.fouls,
            "removed": s.removed or None, "left_how": s.left_how or None, "left_on": s.left_on,
            "extra": format(s.extra.quantize(Decimal("0.01")), "f"), "extra_reason": s.extra_reason,
            "extra_approved": s.extra_approved, "gross_violation": s.gross_violation,
        } for s in entry.seats],
        "nominations": [{"day": n.day, "by_seat": n.by_seat, "nominee_seat": n.nominee_seat, "withdrawn": n.withdrawn}
                        for n in entry.nominations],
        "votes": [{"day": v.day, "ballot": v.ballot, "nominee_seat": v.nominee_seat, "votes": v.votes} for v in entry.votes],
        "penalties": [{"seat": p.seat, "clause": p.clause, "reason": p.reason} for p in entry.penalties],
        "first_killed_seat": entry.first_killed_seat,
        "best_move": list(entry.best_move),
        "result": entry.result or None,
        "result_kind": entry.result_kind or ResultKind.NORMAL,
        "awarded_reason": entry.awarded_reason,
    }
