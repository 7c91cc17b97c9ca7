"""factory_boy factories for every model; a judge's user has the password "pass"."""
import datetime

import factory
from django.contrib.auth import get_user_model

from protocols.models import Game, GameStatus, Seat
from tournaments.models import Club, Judge, Player, Registration, Round, Stage, StageKind, Table, Tournament, TournamentJudge

PASSWORD = "pass"


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = get_user_model()
        django_get_or_create = ["username"]

    username = factory.Sequence(lambda n: f"user{n}")
    password = factory.django.Password(PASSWORD)


class ClubFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Club

    name = factory.Sequence(lambda n: f"Club {n}")
    city = "Москва"


class PlayerFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Player

    nickname = factory.Sequence(lambda n: f"Player {n}")
    club = None


class JudgeFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Judge

    user = factory.SubFactory(UserFactory)
    name = factory.Sequence(lambda n: f"Judge {n}")


class TournamentFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Tournament

    slug = factory.Sequence(lambda n: f"cup-{n}")
    name = factory.Sequence(lambda n: f"Cup {n}")
    city = "Москва"
    start_date = datetime.date(2026, 11, 1)
    end_date = datetime.date(2026, 11, 2)
    lot_seed = factory.LazyAttribute(lambda t: t.slug)
    games_before_final = 10  # explicit: the tests' expected points were worked out with N = 4


class TournamentJudgeFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = TournamentJudge

    tournament = factory.SubFactory(TournamentFactory)
    judge = factory.SubFactory(JudgeFactory)
    order = factory.Sequence(lambda n: n + 1)


class RegistrationFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Registration

    tournament = factory.SubFactory(TournamentFactory)
    player = factory.SubFactory(PlayerFactory)


class StageFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Stage
        django_get_or_create = ["tournament", "kind"]

    tournament = factory.SubFactory(TournamentFactory)
    kind = StageKind.QUALIFYING
    order = factory.LazyAttribute(lambda s: {"qualifying": 1, "semifinal": 2, "final": 3}[s.kind])


class RoundFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Round
        django_get_or_create = ["stage", "number"]

    stage = factory.SubFactory(StageFactory)
    number = 1


class TableFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Table
        django_get_or_create = ["tournament", "number"]

    tournament = factory.SubFactory(TournamentFactory)
    number = 1


class GameFactory(factory.django.DjangoModelFactory):
    """A scheduled game; `GameFactory(seats=True)` also seats ten new players (no roles yet)."""

    class Meta:
        model = Game
        skip_postgeneration_save = True

    tournament = factory.SubFactory(TournamentFactory)
    stage = factory.LazyAttribute(lambda g: StageFactory(tournament=g.tournament))
    # Each game in a round of its own unless told otherwise: (round, table) is unique.
    round = factory.LazyAttribute(lambda g: RoundFactory(stage=g.stage, number=g.number))
    table = factory.LazyAttribute(lambda g: TableFactory(tournament=g.tournament))
    number = factory.Sequence(lambda n: n + 1)
    status = GameStatus.SCHEDULED
    judge = None

    @factory.post_generation
    def seats(game, create, extracted, **kwargs):
        if create and extracted:
            for number in range(1, 11):
                SeatFactory(game=game, number=number)


class SeatFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Seat

    game = factory.SubFactory(GameFactory)
    number = 1
    player = factory.SubFactory(PlayerFactory)
