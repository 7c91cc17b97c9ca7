"""The error shapes, for the schema (api/errors.py writes them)."""
from rest_framework import serializers


class ErrorItemSerializer(serializers.Serializer):
    field = serializers.CharField(allow_null=True, help_text="Where in the request: `seats[3].fouls` (seats[N] is seat N), "
                                                             "`nominations[0].day`, `version`; null for the whole request.")
    code = serializers.CharField(help_text="A stable key, e.g. fouls_out_of_range, role_counts, required, invalid.")
    message = serializers.CharField(help_text="The text the judge's entry page shows, in the request's language.")
    seat = serializers.IntegerField(allow_null=True, help_text="The seat concerned, 1..10.")
    game = serializers.CharField(allow_null=True, required=False, help_text="Tournament file problems: the game's id in the file.")


class ErrorSerializer(serializers.Serializer):
    detail = serializers.CharField(help_text="What happened, in the request's language.")
    code = serializers.CharField(help_text="A stable key: invalid, not_authenticated, permission_denied, not_found, "
                                           "standings_not_public, conflict, throttled, …")
    errors = ErrorItemSerializer(many=True, help_text="Each problem of the request's fields (empty for other errors).")
    retry_after = serializers.IntegerField(required=False, help_text="429: seconds to wait.")


class ChangeSerializer(serializers.Serializer):
    seat = serializers.IntegerField(allow_null=True)
    field = serializers.CharField()
    old = serializers.JSONField(allow_null=True)
    new = serializers.JSONField(allow_null=True)
    text = serializers.CharField(help_text="The change as the entry page words it.")


class ConflictDetailSerializer(serializers.Serializer):
    expected_version = serializers.IntegerField(help_text="The version your change was based on.")
    current_version = serializers.IntegerField(help_text="The version stored now.")
    saved_by = serializers.CharField(allow_null=True, help_text="Who saved it.")
    saved_at = serializers.DateTimeField(allow_null=True)
    changes = ChangeSerializer(many=True, help_text="What they changed since your version.")


class ConflictSerializer(ErrorSerializer):
    conflict = ConflictDetailSerializer(required=False, help_text="A stale protocol write: the other side's change.")
