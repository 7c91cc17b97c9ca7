"""What the judges' side of the API returns and takes besides the protocol's content: the protocol
with its game and version, protests and their decisions, tokens, the tournament file's import."""
from __future__ import annotations

from rest_framework import serializers

from protocols.vocabulary import GameResult, GameStatus, LeftHow, PenaltyClause, ProtestPoint, ProtestStatus, Removal, ResultKind, Role

from .errors import ErrorItemSerializer
from .protocol import TEXT, EntryInput, PointsField, VersionInput
from .public import STAGE_CHOICES


class GameRefSerializer(serializers.Serializer):
    id = serializers.IntegerField(help_text="The game's id in the API (/api/v1/protocols/{id}/).")
    tournament = serializers.SlugField()
    number = serializers.IntegerField(help_text="The game's number in the tournament.")
    stage = serializers.ChoiceField(STAGE_CHOICES)
    round = serializers.IntegerField()
    table = serializers.IntegerField()
    judge = serializers.CharField(allow_null=True)
    status = serializers.ChoiceField(GameStatus.values)
    version = serializers.IntegerField(help_text="The protocol's version: send it back (or as If-Match) with a change.")
    signed_off_at = serializers.DateTimeField(allow_null=True)
    can_edit = serializers.BooleanField(help_text="May you change it now (its judge until the sign-off, the chief judge always)?")
    can_approve_extra = serializers.BooleanField()


class SeatOutput(serializers.Serializer):
    number = serializers.IntegerField(min_value=1, max_value=10)
    player = serializers.IntegerField(allow_null=True)
    nickname = serializers.CharField()
    role = serializers.ChoiceField(Role.values, allow_null=True)
    fouls = serializers.IntegerField(min_value=0, max_value=4)
    removed = serializers.ChoiceField(Removal.values, allow_null=True)
    left_how = serializers.ChoiceField(LeftHow.values, allow_null=True)
    left_on = serializers.IntegerField(allow_null=True)
    extra = PointsField()
    extra_reason = serializers.CharField(allow_blank=True)
    extra_approved = serializers.BooleanField()
    gross_violation = serializers.BooleanField()


class NominationOutput(serializers.Serializer):
    day = serializers.IntegerField()
    by_seat = serializers.IntegerField()
    nominee_seat = serializers.IntegerField()
    withdrawn = serializers.BooleanField()


class VoteOutput(serializers.Serializer):
    day = serializers.IntegerField()
    ballot = serializers.IntegerField()
    nominee_seat = serializers.IntegerField(allow_null=True)
    votes = serializers.IntegerField()


class PenaltyOutput(serializers.Serializer):
    seat = serializers.IntegerField()
    clause = serializers.ChoiceField(PenaltyClause.values)
    reason = serializers.CharField(allow_blank=True)


class ProtocolSerializer(GameRefSerializer):
    """A game's protocol as the judge's entry page holds it; PUT it back changed."""

    seats = SeatOutput(many=True)
    nominations = NominationOutput(many=True)
    votes = VoteOutput(many=True)
    penalties = PenaltyOutput(many=True)
    first_killed_seat = serializers.IntegerField(allow_null=True)
    best_move = serializers.ListField(child=serializers.IntegerField())
    result = serializers.ChoiceField(GameResult.values, allow_null=True)
    result_kind = serializers.ChoiceField(ResultKind.values)
    awarded_reason = serializers.CharField(allow_blank=True)


class ProtestInput(serializers.Serializer):
    player_id = serializers.IntegerField(required=False, allow_null=True, default=None,
                                         help_text="The player protesting: a player files for themselves (may be left out); "
                                                   "the game's judge names the player.")
    point = serializers.ChoiceField(ProtestPoint.values, help_text="What part of the protocol is protested.")
    seat = serializers.IntegerField(required=False, allow_null=True, default=None, help_text="The seat concerned, 1..10.")
    text = serializers.CharField(max_length=10_000, help_text="What is protested (at most 4000 characters).")
    late_reason = serializers.CharField(max_length=TEXT, required=False, allow_blank=True, default="",
                                        help_text="After the ten minutes: the chief judge's reason for accepting it.")


class DecisionInput(VersionInput):
    status = serializers.ChoiceField([ProtestStatus.REJECTED, ProtestStatus.AMENDED, ProtestStatus.REPLAY],
                                     help_text="rejected; amended (with `protocol`, the amended protocol); replay (mafclub).")
    decision = serializers.CharField(max_length=TEXT, allow_blank=True, help_text="The decision, written on the protocol (9.10).")
    violator_seat = serializers.IntegerField(required=False, allow_null=True, default=None,
                                             help_text="replay: the seat of the player who caused it.")
    protocol = EntryInput(required=False, help_text="amended: the protocol as the decision amends it.")


class TokenInput(serializers.Serializer):
    username = serializers.CharField(max_length=150)
    password = serializers.CharField(max_length=256, trim_whitespace=False, style={"input_type": "password"})


class TokenOutput(serializers.Serializer):
    token = serializers.CharField(help_text="Send it as `Authorization: Token <token>`.")


class ImportOutput(serializers.Serializer):
    tournament = serializers.SlugField()
    created = serializers.BooleanField()
    players = serializers.IntegerField()
    games = serializers.IntegerField(help_text="Games in the file.")


class ImportJobStarted(serializers.Serializer):
    job = serializers.IntegerField(help_text="The import job's id.")
    status = serializers.CharField(help_text="pending, running, done or failed.")
    url = serializers.CharField(help_text="Where to ask how far the import is (GET).")


class ImportJobOutput(serializers.Serializer):
    job = serializers.IntegerField()
    status = serializers.ChoiceField(choices=["pending", "running", "done", "failed"])
    done = serializers.IntegerField(help_text="Games imported so far.")
    total = serializers.IntegerField(help_text="Games in the file.")
    tournament = serializers.SlugField(allow_null=True, help_text="Once done: the tournament's slug.")
    created = serializers.BooleanField(help_text="Once done: whether the import created the tournament.")
    errors = ErrorItemSerializer(many=True, help_text="Once failed: every problem of the file.")
