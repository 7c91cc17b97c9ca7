"""Query filters of the list endpoints (django-filter): every value is checked, so a bad one is a
400 naming the parameter, never a database error."""
from __future__ import annotations

import django_filters
from django import forms

from protocols.vocabulary import GameResult, GameStatus, ProtestStatus
from tournaments.models import Ruleset
from tournaments.vocabulary import StageKind

from .selectors import STATUSES

MAX_SMALL = 32767


class SmallNumberFilter(django_filters.NumberFilter):
    field_class = forms.IntegerField

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("min_value", 1)
        kwargs.setdefault("max_value", MAX_SMALL)
        super().__init__(*args, **kwargs)


class IdFilter(SmallNumberFilter):
    def __init__(self, *args, **kwargs):
        kwargs.setdefault("max_value", 2**63 - 1)
        super().__init__(*args, **kwargs)


class TournamentFilter(django_filters.FilterSet):
    date = django_filters.DateFilter(method="running_on", help_text="Tournaments held on this date (YYYY-MM-DD).")
    date_from = django_filters.DateFilter(field_name="end_date", lookup_expr="gte", help_text="Ending on or after this date.")
    date_to = django_filters.DateFilter(field_name="start_date", lookup_expr="lte", help_text="Starting on or before this date.")
    city = django_filters.CharFilter(field_name="city", lookup_expr="iexact", max_length=120, help_text="The city, any case.")
    status = django_filters.ChoiceFilter(
        choices=[(s, s) for s in STATUSES], field_name="status",
        help_text="Derived from the dates (there is no status field yet): upcoming, running or finished today.")
    ruleset = django_filters.ChoiceFilter(choices=Ruleset.choices)

    def running_on(self, queryset, name, value):
        return queryset.filter(start_date__lte=value, end_date__gte=value)


class GameFilter(django_filters.FilterSet):
    stage = django_filters.ChoiceFilter(choices=StageKind.choices, field_name="stage__kind")
    round = SmallNumberFilter(field_name="round__number")
    table = SmallNumberFilter(field_name="table__number")
    player = IdFilter(field_name="seats__player_id", distinct=True, help_text="Games in which this player (id) sat.")
    result = django_filters.ChoiceFilter(choices=GameResult.choices)


class PlayerFilter(django_filters.FilterSet):
    club = django_filters.CharFilter(field_name="club__name", lookup_expr="iexact", max_length=120)
    city = django_filters.CharFilter(field_name="city", lookup_expr="iexact", max_length=120)


class JudgeGameFilter(django_filters.FilterSet):
    tournament = django_filters.CharFilter(field_name="tournament__slug", max_length=80, help_text="The tournament's slug.")
    status = django_filters.ChoiceFilter(choices=GameStatus.choices)


class ProtestFilter(django_filters.FilterSet):
    tournament = django_filters.CharFilter(field_name="game__tournament__slug", max_length=80, help_text="The tournament's slug.")
    status = django_filters.ChoiceFilter(choices=ProtestStatus.choices)
    game = IdFilter(field_name="game_id", help_text="The game's id in the API.")
