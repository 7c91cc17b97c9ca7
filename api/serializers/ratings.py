"""The ratings' shapes: a player's rating history, the leaderboards of rating and of season
points, clubs. Ratings are JSON numbers (Elo points, unrounded); season points decimal strings."""
from __future__ import annotations

from rest_framework import serializers

from engines.ratings.games import ROLES
from ratings.selectors import CITY_LENGTH, MAX_ID, SEASON_MAX, SEASON_MIN


class RatingNowSerializer(serializers.Serializer):
    rating = serializers.FloatField(help_text="Skill minus twice its uncertainty, in Elo points.")
    skill = serializers.FloatField()
    uncertainty = serializers.FloatField()
    games = serializers.IntegerField()
    wins = serializers.IntegerField()
    provisional = serializers.BooleanField(help_text="Too few rated games or too uncertain to be ranked.")


class RatedGameSerializer(serializers.Serializer):
    game_id = serializers.IntegerField()
    tournament = serializers.SlugField(source="slug")
    number = serializers.IntegerField(help_text="The game's number in its tournament.")
    date = serializers.DateField(source="day", help_text="The tournament's start date.")
    before = serializers.FloatField(help_text="The player's rating before the game.")
    after = serializers.FloatField(help_text="The player's rating after it.")


class TournamentChangeSerializer(serializers.Serializer):
    tournament = serializers.SlugField(source="slug")
    name = serializers.CharField()
    start_date = serializers.DateField()
    games = serializers.IntegerField()
    before = serializers.FloatField(help_text="Before the player's first game of the tournament.")
    after = serializers.FloatField(help_text="After the last.")
    change = serializers.FloatField()


class RatingHistorySerializer(serializers.Serializer):
    player_id = serializers.IntegerField()
    nickname = serializers.CharField()
    version = serializers.IntegerField(help_text="The rating's stored version; 0 before the first computation.")
    current = RatingNowSerializer(allow_null=True)
    tournaments = TournamentChangeSerializer(many=True)
    games = RatedGameSerializer(many=True, help_text="Every rated game in the season's order.")


class RatingRowSerializer(serializers.Serializer):
    place = serializers.IntegerField()
    player_id = serializers.IntegerField()
    nickname = serializers.CharField()
    club = serializers.CharField()
    club_id = serializers.IntegerField(allow_null=True)
    city = serializers.CharField()
    rating = serializers.FloatField()
    uncertainty = serializers.FloatField()
    games = serializers.IntegerField()
    provisional = serializers.BooleanField()
    role_games = serializers.IntegerField(allow_null=True, help_text="With `role`: games in that role.")
    role_wins = serializers.IntegerField(allow_null=True, help_text="With `role`: wins in that role.")


class SeasonRowSerializer(serializers.Serializer):
    place = serializers.IntegerField(help_text="The place in the whole season (filters keep it).")
    player_id = serializers.IntegerField()
    nickname = serializers.CharField()
    club = serializers.CharField()
    club_id = serializers.IntegerField(allow_null=True)
    city = serializers.CharField()
    points = serializers.DecimalField(max_digits=8, decimal_places=1, coerce_to_string=True)
    counted = serializers.ListField(child=serializers.DecimalField(max_digits=7, decimal_places=1, coerce_to_string=True),
                                    help_text="The counted results, best first.")
    tournaments = serializers.IntegerField(help_text="Tournaments with season points played in the season.")


class ClubSerializer(serializers.Serializer):
    id = serializers.IntegerField(source="pk")
    name = serializers.CharField()
    city = serializers.CharField()
    members = serializers.IntegerField(help_text="Public players of the club.")


class MemberSerializer(serializers.Serializer):
    player_id = serializers.IntegerField(source="pk")
    nickname = serializers.CharField()
    city = serializers.CharField()
    rating = serializers.FloatField(allow_null=True)
    games = serializers.IntegerField()
    provisional = serializers.BooleanField()


class ClubTournamentSerializer(serializers.Serializer):
    slug = serializers.SlugField()
    name = serializers.CharField()
    city = serializers.CharField()
    start_date = serializers.DateField()
    members = serializers.IntegerField(help_text="The club's players registered in it.")


class ClubDetailSerializer(serializers.Serializer):
    id = serializers.IntegerField(source="club.pk")
    name = serializers.CharField(source="club.name")
    city = serializers.CharField(source="club.city")
    members = MemberSerializer(many=True, help_text="Best rating first; unrated last.")
    tournaments = ClubTournamentSerializer(many=True)


class RatingQuery(serializers.Serializer):
    season = serializers.IntegerField(required=False, min_value=SEASON_MIN, max_value=SEASON_MAX,
                                      help_text="The rating at the end of this year, among those who played in it.")
    club = serializers.IntegerField(required=False, min_value=1, max_value=MAX_ID, help_text="The club's id.")
    city = serializers.CharField(required=False, max_length=CITY_LENGTH, help_text="The player's city, any case.")
    role = serializers.ChoiceField(ROLES, required=False, help_text="Only those who played this role, with their games in it.")
    provisional = serializers.BooleanField(required=False, default=False, help_text="Include provisional players.")


class SeasonQuery(serializers.Serializer):
    season = serializers.IntegerField(required=False, min_value=SEASON_MIN, max_value=SEASON_MAX,
                                      help_text="The year (default: the newest with a public tournament).")
    club = serializers.IntegerField(required=False, min_value=1, max_value=MAX_ID, help_text="The club's id.")
    city = serializers.CharField(required=False, max_length=CITY_LENGTH, help_text="The player's city, any case.")
