"""A protocol as judges' apps write and read it: the entry (seats, day record, best move, result,
extra points, penalties) plus the version it was based on and the reason of an amendment.

The serializer checks only the JSON types and describes the schema; the values are the entry
pipeline's to check (protocols.entry: parse, storable checks, rule checks), the very one behind the
judge's page, so a problem has the page's code, parameters and text in the request's language."""
from __future__ import annotations

from decimal import Decimal

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from engines.scoring.bounds import BALLOT_RANGE, FOULS_RANGE, LEFT_ON_RANGE, REASON_MAX, SEAT_RANGE, VOTES_RANGE
from protocols.entry import SEAT_NUMBERS, ProtocolEntry
from protocols.entry.parse import MAX_DAYS
from protocols.vocabulary import GameResult, LeftHow, PenaltyClause, Removal, ResultKind, Role

TEXT = REASON_MAX  # the entry page keeps this much of a reason


def choice(values, **kwargs) -> serializers.CharField:
    """A string of `values` (or empty, or null) in the schema; any string is taken, and the pipeline
    says which is not one (not_a_role, not_a_removal, …) in the page's words."""
    typed = extend_schema_field({"type": "string", "enum": [*values, ""]})(type("Choice", (serializers.CharField,), {}))
    return typed(allow_null=True, allow_blank=True, required=False, default="", **kwargs)


def _range(bounds) -> str:
    return f"{bounds[0]}..{bounds[1]}"


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
    number = serializers.IntegerField(help_text=f"The seat, {_range(SEAT_RANGE)}.")
    player = serializers.IntegerField(allow_null=True, help_text="The player's id (registered in the tournament).")
    role = choice(Role.values)
    fouls = serializers.IntegerField(required=False, default=0, help_text=f"{_range(FOULS_RANGE)}.")
    removed = choice(Removal.values)
    left_how = choice(LeftHow.values, help_text="How the player left the game: voted out, killed at night, removed.")
    left_on = serializers.IntegerField(allow_null=True, required=False, default=None,
                                       help_text=f"The day (voted out, removed) or night (killed), {_range(LEFT_ON_RANGE)}.")
    extra = PointsField(required=False, default="0")
    extra_reason = serializers.CharField(allow_blank=True, required=False, default="", trim_whitespace=True,
                                         help_text=f"At most {REASON_MAX} characters.")
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
    ballot = serializers.IntegerField(help_text=f"{_range(BALLOT_RANGE)}: 1 the vote, 2 the revote, 3 \"do all tied leave?\" "
                                                "(nominee_seat null).")
    nominee_seat = serializers.IntegerField(allow_null=True, required=False, default=None)
    votes = serializers.IntegerField(help_text=f"{_range(VOTES_RANGE)}.")


class PenaltyInput(serializers.Serializer):
    seat = serializers.IntegerField()
    clause = choice(PenaltyClause.values)
    reason = serializers.CharField(allow_blank=True, required=False, default="")


class EntryInput(serializers.Serializer):
    """The protocol's content."""

    seats = SeatInput(many=True, help_text=f"The ten seats, {_range(SEAT_RANGE)}, each once.")
    nominations = NominationInput(many=True, required=False, default=list, max_length=MAX_DAYS * len(SEAT_NUMBERS))
    votes = VoteInput(many=True, required=False, default=list, max_length=MAX_DAYS * (2 * len(SEAT_NUMBERS) + 1))
    penalties = PenaltyInput(many=True, required=False, default=list, max_length=40)
    first_killed_seat = serializers.IntegerField(allow_null=True, required=False, default=None)
    best_move = serializers.ListField(child=serializers.IntegerField(), required=False, default=list, max_length=len(SEAT_NUMBERS),
                                      help_text="Up to three seats the first-killed named (лучший ход).")
    result = choice(GameResult.values)
    result_kind = choice(ResultKind.values)
    awarded_reason = serializers.CharField(allow_blank=True, required=False, default="")


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
    seat = serializers.IntegerField(min_value=SEAT_RANGE[0], max_value=SEAT_RANGE[1],
                                    help_text="The seat whose extra points above 0.5 are approved.")


def entry_data(entry: ProtocolEntry) -> dict:
    """A stored entry in the API's shape (what protocols.entry.parse_entry reads back)."""
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
