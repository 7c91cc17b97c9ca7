"""What the public read API returns: tournaments, stages, seating, signed-off protocols,
standings and players. The serializers also document each shape in the schema."""
from __future__ import annotations

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from engines.scoring.rulesets import BREAKDOWN_KEYS
from protocols.entry import game_code
from protocols.vocabulary import GameResult, GameStatus, LeftHow, PenaltyClause, ProtestPoint, ProtestStatus, Removal, ResultKind, Role
from scoring import selectors as scoring_read
from tournaments.models import Ruleset
from tournaments.participants import participants_for_k
from tournaments.permissions import can_see_roles
from tournaments.stage_plan import games_before_final
from tournaments.vocabulary import StageKind

from ..selectors import STATUSES

STAGE_CHOICES = StageKind.values


class TournamentSerializer(serializers.Serializer):
    slug = serializers.SlugField()
    name = serializers.CharField()
    city = serializers.CharField()
    start_date = serializers.DateField()
    end_date = serializers.DateField()
    status = serializers.ChoiceField(STATUSES, help_text="Derived from the dates: upcoming, running (today is within them), finished.")
    ruleset = serializers.ChoiceField(Ruleset.values)
    standings_public = serializers.BooleanField(help_text="False: the API shows no standings of this tournament.")


class RoundSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    starts_at = serializers.DateTimeField(allow_null=True)


class StageSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(STAGE_CHOICES)
    order = serializers.IntegerField()
    rounds = RoundSerializer(many=True, source="rounds.all")


class SettingsSerializer(serializers.Serializer):
    k_applies = serializers.BooleanField()
    k_max_participants = serializers.IntegerField()
    best_move_three = serializers.DecimalField(max_digits=4, decimal_places=2)
    best_move_two = serializers.DecimalField(max_digits=4, decimal_places=2)
    fourth_foul_removal_counts = serializers.BooleanField()


class StandingsStateSerializer(serializers.Serializer):
    version = serializers.IntegerField(help_text="Version of the stored standings; 0 before the first computation.")
    computed_at = serializers.DateTimeField(allow_null=True)


class TournamentDetailSerializer(TournamentSerializer):
    games_before_final = serializers.SerializerMethodField(
        help_text="Games each player plays before the final (Ci's N is 40 % of it): the value set, or the stage plan's.")
    participants = serializers.SerializerMethodField()
    chief_judge = serializers.SerializerMethodField()
    settings = serializers.SerializerMethodField()
    stages = StageSerializer(many=True, source="stages.all")
    standings = serializers.SerializerMethodField()

    def get_games_before_final(self, t) -> int:
        return games_before_final(t)

    def get_participants(self, t) -> int:
        """Participants for K: the override, or the players registered at the start (no substitutes),
        never fewer than the players seated in its games (RULES.md §3)."""
        return participants_for_k(t, registered=t.registered)

    def get_chief_judge(self, t) -> str | None:
        return t.chief_judge.name if t.chief_judge_id else None

    @extend_schema_field(SettingsSerializer)
    def get_settings(self, t):
        return SettingsSerializer(t).data

    @extend_schema_field(StandingsStateSerializer)
    def get_standings(self, t):
        state = scoring_read.current_of(t)  # version 0 before the first computation
        return {"version": state.version, "computed_at": state.computed_at}


class SeatingSeatSerializer(serializers.Serializer):
    seat = serializers.IntegerField(min_value=1, max_value=10)
    player_id = serializers.IntegerField()
    nickname = serializers.CharField()


class SeatingTableSerializer(serializers.Serializer):
    table = serializers.IntegerField()
    game_number = serializers.IntegerField()
    status = serializers.ChoiceField(GameStatus.values)
    judge = serializers.CharField()
    replay_of = serializers.IntegerField(allow_null=True, help_text="Number of the annulled game this one replays.")
    seats = SeatingSeatSerializer(many=True)


class SeatingRoundSerializer(serializers.Serializer):
    stage = serializers.ChoiceField(STAGE_CHOICES)
    round = serializers.IntegerField()
    starts_at = serializers.DateTimeField(allow_null=True)
    tables = SeatingTableSerializer(many=True)


# -- a signed-off protocol --------------------------------------------------------------------

class PenaltySerializer(serializers.Serializer):
    clause = serializers.ChoiceField(PenaltyClause.values, help_text="The clause of 8.5 (−0.4 each).")
    reason = serializers.CharField(help_text="The judge's written reason (9.10).")


class GameSeatSerializer(serializers.Serializer):
    seat = serializers.IntegerField(source="number", min_value=1, max_value=10)
    player_id = serializers.IntegerField()
    nickname = serializers.CharField(source="player.nickname")
    role = serializers.SerializerMethodField(help_text="The role; null to whoever may not see it yet (before the sign-off).")
    fouls = serializers.IntegerField(min_value=0, max_value=4)
    removed = serializers.ChoiceField(Removal.values, allow_null=True, source="removed_or_none")
    left_how = serializers.ChoiceField(LeftHow.values, allow_null=True, source="left_how_or_none")
    left_on = serializers.IntegerField(allow_null=True, help_text="The day (voted out, removed) or night (killed) the player left.")
    extra = serializers.DecimalField(max_digits=3, decimal_places=2, help_text="The judge's extra points (8.4).")
    extra_reason = serializers.CharField()
    extra_approved = serializers.BooleanField(help_text="The chief judge approved extra points above 0.5.")
    gross_violation = serializers.BooleanField(help_text="mafclub: this player caused the annulment of the game.")
    penalties = PenaltySerializer(many=True, source="penalties.all")

    @extend_schema_field(serializers.ChoiceField(Role.values, allow_null=True))
    def get_role(self, seat):
        return (seat.role or None) if self.context.get("roles", {}).get(seat.game_id, False) else None

    def to_representation(self, seat):
        seat.removed_or_none = seat.removed or None
        seat.left_how_or_none = seat.left_how or None
        return super().to_representation(seat)



class NominationSerializer(serializers.Serializer):
    day = serializers.IntegerField(min_value=1)
    by_seat = serializers.IntegerField(min_value=1, max_value=10)
    nominee_seat = serializers.IntegerField(min_value=1, max_value=10)
    withdrawn = serializers.BooleanField()


class VoteSerializer(serializers.Serializer):
    day = serializers.IntegerField(min_value=1)
    ballot = serializers.IntegerField(min_value=1, max_value=3, help_text="1 the vote, 2 the revote after a tie, 3 \"do all tied leave?\".")
    nominee_seat = serializers.IntegerField(allow_null=True, help_text="Null on ballot 3 (votes = those for leaving).")
    votes = serializers.IntegerField(min_value=0, max_value=10)


class FirstKilledSerializer(serializers.Serializer):
    seat = serializers.IntegerField(min_value=1, max_value=10)
    named = serializers.ListField(child=serializers.IntegerField(min_value=1, max_value=10), max_length=3,
                                  help_text="The best move (лучший ход): up to three seats named.")


class ProtestSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    game_number = serializers.IntegerField(source="game.number")
    player_id = serializers.IntegerField()
    nickname = serializers.CharField(source="player.nickname")
    point = serializers.ChoiceField(ProtestPoint.values)
    seat = serializers.IntegerField(allow_null=True)
    text = serializers.CharField()
    filed_at = serializers.DateTimeField()
    late_reason = serializers.CharField()
    status = serializers.ChoiceField(ProtestStatus.values)
    decision = serializers.CharField()
    decided_at = serializers.DateTimeField(allow_null=True)


class GameSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    id = serializers.SerializerMethodField(help_text="The game's id in mafia-tournament/1 files.")
    stage = serializers.ChoiceField(STAGE_CHOICES, source="stage.kind")
    round = serializers.IntegerField(source="round.number")
    table = serializers.IntegerField(source="table.number")
    judge = serializers.SerializerMethodField()
    played_on = serializers.DateField(allow_null=True)
    status = serializers.ChoiceField(GameStatus.values)
    result = serializers.SerializerMethodField()
    result_kind = serializers.ChoiceField(ResultKind.values)
    awarded_reason = serializers.CharField()
    replay_of = serializers.SerializerMethodField(help_text="Number of the annulled game this game replays.")
    first_killed = serializers.SerializerMethodField(help_text="The first-killed seat and the best move; null: a miss.")
    signed_off_at = serializers.DateTimeField(allow_null=True)
    version = serializers.IntegerField(help_text="The protocol's version (raised by every save).")
    seats = GameSeatSerializer(many=True, source="seats.all")
    nominations = NominationSerializer(many=True, source="nominations.all")
    votes = VoteSerializer(many=True, source="votes.all")
    protests = ProtestSerializer(many=True, source="protests.all")

    def to_representation(self, game):
        roles = self.context.setdefault("roles", {})
        if game.pk not in roles:
            request = self.context.get("request")
            roles[game.pk] = can_see_roles(getattr(request, "user", None), game)
        return super().to_representation(game)

    def get_id(self, game) -> str:
        return game_code(game)

    def get_judge(self, game) -> str | None:
        return game.judge.name if game.judge_id else None

    @extend_schema_field(serializers.ChoiceField(GameResult.values, allow_null=True))
    def get_result(self, game):
        return game.result or None

    def get_replay_of(self, game) -> int | None:
        return game.replay_of.number if game.replay_of_id else None

    @extend_schema_field(FirstKilledSerializer(allow_null=True))
    def get_first_killed(self, game):
        if game.first_killed_seat is None:
            return None
        return {"seat": game.first_killed_seat, "named": [int(x) for x in game.best_move or [] if isinstance(x, int)]}


# -- standings ---------------------------------------------------------------------------------

class BreakdownSerializer(serializers.Serializer):
    """Every component in points (two decimals), each summed into main or extra."""


for _key in BREAKDOWN_KEYS:
    BreakdownSerializer._declared_fields[_key] = serializers.DecimalField(max_digits=8, decimal_places=2)


class ExplanationLineSerializer(serializers.Serializer):
    component = serializers.ChoiceField(list(BREAKDOWN_KEYS), help_text="What the points are for (the breakdown's key).")
    clause = serializers.CharField(help_text="The clause of the rules, e.g. 8.2.1.")
    points = serializers.DecimalField(max_digits=8, decimal_places=2)
    code = serializers.CharField(allow_null=True, help_text="The explanation's code, e.g. best_move (null on a line stored "
                                                            "before codes: it is rewritten at the next recompute).")
    params = serializers.DictField(help_text="The code's details as data, e.g. {\"named\": [4, 6, 8], \"blacks\": 3}.")
    note = serializers.CharField(help_text="The line in the request's language (Accept-Language or ?lang=), from the catalogue.")


class ExplainedGameSerializer(serializers.Serializer):
    number = serializers.IntegerField(help_text="The game's number in the tournament.")
    game = serializers.CharField(help_text="The game's id in mafia-tournament/1 files.")
    stage = serializers.ChoiceField(STAGE_CHOICES)
    result = serializers.ChoiceField(GameResult.values)
    seat = serializers.IntegerField(min_value=1, max_value=10)
    role = serializers.ChoiceField(Role.values)
    points = serializers.DecimalField(max_digits=8, decimal_places=2)
    lines = ExplanationLineSerializer(many=True)


class StandingSerializer(serializers.Serializer):
    """One line of `mafia-standings/1` with the player's database id and club."""

    place = serializers.IntegerField(min_value=1)
    player = serializers.CharField(help_text="The player's id in mafia-tournament/1 files.")
    player_id = serializers.IntegerField(allow_null=True)
    nickname = serializers.CharField()
    club = serializers.CharField()
    games = serializers.IntegerField()
    wins = serializers.IntegerField(help_text="Tiebreak 8.8.2.")
    wins_as_don_or_sheriff = serializers.IntegerField(help_text="Tiebreak 8.8.3.")
    first_killed = serializers.IntegerField(help_text="Tiebreak 8.8.4.")
    main = serializers.DecimalField(max_digits=8, decimal_places=2)
    extra = serializers.DecimalField(max_digits=8, decimal_places=2)
    total = serializers.DecimalField(max_digits=8, decimal_places=2)
    tiebreak_extra = serializers.DecimalField(max_digits=8, decimal_places=2, help_text="Tiebreak 8.8.1.")
    decided_by_lot = serializers.BooleanField(help_text="The lot (8.8.5) decided this place.")
    left = serializers.ChoiceField(["", "withdrawn", "excluded"],
                                   help_text="The player left the tournament (their points stay): withdrawn or excluded.")
    breakdown = BreakdownSerializer()
    explanation = ExplainedGameSerializer(many=True, required=False, help_text="Only with ?explain=true.")


class StandingsSerializer(serializers.Serializer):
    format = serializers.CharField(default="mafia-standings/1")
    tournament = serializers.SlugField()
    scope = serializers.ChoiceField(["all", *STAGE_CHOICES])
    stages = serializers.ListField(child=serializers.ChoiceField(STAGE_CHOICES), help_text="The stages with signed-off games.")
    version = serializers.IntegerField(help_text="The snapshot's version (also the ETag); 0 before the first computation.")
    after_round = serializers.IntegerField(
        allow_null=True, help_text="The round (counted across the stages in playing order) these standings are as after; "
                                   "null: every signed-off game. A stage hidden from the public sets it for a visitor.")
    computed_at = serializers.DateTimeField(allow_null=True)
    ruleset = serializers.ChoiceField(Ruleset.values, allow_null=True)
    k = serializers.DecimalField(max_digits=4, decimal_places=2, allow_null=True, help_text="The difficulty coefficient K used.")
    standings = StandingSerializer(many=True)


# -- players -----------------------------------------------------------------------------------

class PlayerSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    nickname = serializers.CharField()
    club = serializers.CharField(source="club.name", allow_null=True, default=None)
    city = serializers.CharField()


class ResultSerializer(serializers.Serializer):
    tournament = serializers.SlugField()
    name = serializers.CharField()
    start_date = serializers.DateField()
    end_date = serializers.DateField()
    withdrawn = serializers.BooleanField()
    excluded = serializers.BooleanField()
    place = serializers.IntegerField(allow_null=True, help_text="Null while the standings are not public or not computed.")
    total = serializers.DecimalField(max_digits=8, decimal_places=2, allow_null=True)
    games = serializers.IntegerField(allow_null=True)
    wins = serializers.IntegerField(allow_null=True)


class PlayerResultsSerializer(PlayerSerializer):
    results = ResultSerializer(many=True)


class RegistrationSerializer(serializers.Serializer):
    number = serializers.IntegerField(allow_null=True, help_text="The player's number in the seating draw.")
    player = serializers.CharField(source="file_id", help_text="The player's id in mafia-tournament/1 files.")
    player_id = serializers.IntegerField()
    nickname = serializers.CharField(source="player.nickname")
    club = serializers.CharField(source="player.club.name", allow_null=True, default=None)
    withdrawn = serializers.BooleanField()
    excluded = serializers.BooleanField()


class TournamentPlayerSerializer(serializers.Serializer):
    player_id = serializers.IntegerField()
    nickname = serializers.CharField()
    club = serializers.CharField()
    standing = StandingSerializer(allow_null=True, help_text="Null while the standings are not public or not computed.")



# -- awards ------------------------------------------------------------------------------------

AWARD_KINDS = ["red", "sheriff", "black", "don", "first_killed", "hand"]


class NomineeSerializer(serializers.Serializer):
    player_id = serializers.IntegerField(allow_null=True)
    nickname = serializers.CharField()
    points = serializers.DecimalField(max_digits=8, decimal_places=2, allow_null=True,
                                      help_text="The points the nomination counts (null for an organisers' award).")
    games = serializers.IntegerField(help_text="Games in the role, or the times killed first.")
    place = serializers.IntegerField(help_text="The overall place (0 for an organisers' award).")


class AwardSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(AWARD_KINDS, help_text="A role's best, the best first-killed, or `hand`: "
                                                          "an award the organisers name.")
    title = serializers.CharField(help_text="In the request's language.")
    rule = serializers.CharField(help_text="The rule that decided it, in words (empty for an organisers' award).")
    winner = NomineeSerializer(allow_null=True, help_text="Null when nobody qualifies.")
    runners_up = NomineeSerializer(many=True, help_text="The next two by the same rule.")


class AwardsSerializer(serializers.Serializer):
    tournament = serializers.SlugField()
    withheld = serializers.ChoiceField(["", "stage"], help_text="`stage`: a stage's standings are hidden from you, "
                                                                "and the awards with them until the reveal.")
    awards = AwardSerializer(many=True)


# -- teams -------------------------------------------------------------------------------------

class TeamMemberSerializer(serializers.Serializer):
    player_id = serializers.IntegerField()
    nickname = serializers.CharField()
    total = serializers.DecimalField(max_digits=8, decimal_places=2, allow_null=True, help_text="Null: no game yet.")
    counted = serializers.BooleanField(help_text="Counted in the team's total (the best N when the tournament says so).")


class TeamLineSerializer(serializers.Serializer):
    place = serializers.IntegerField()
    team_id = serializers.IntegerField()
    name = serializers.CharField()
    total = serializers.DecimalField(max_digits=9, decimal_places=2)
    games = serializers.IntegerField()
    tiebreak_extra = serializers.DecimalField(max_digits=9, decimal_places=2, help_text="Tiebreak 8.8.1, summed.")
    wins = serializers.IntegerField(help_text="Tiebreak 8.8.2, summed.")
    wins_as_don_or_sheriff = serializers.IntegerField(help_text="Tiebreak 8.8.3, summed.")
    first_killed = serializers.IntegerField(help_text="Tiebreak 8.8.4, summed.")
    decided_by_lot = serializers.BooleanField()
    members = TeamMemberSerializer(many=True)


class TeamStandingsSerializer(serializers.Serializer):
    tournament = serializers.SlugField()
    best = serializers.IntegerField(allow_null=True, help_text="Members counted in a team's total; null: all.")
    after_round = serializers.IntegerField(allow_null=True, help_text="As on the standings: the round they are as after.")
    teams = TeamLineSerializer(many=True)
