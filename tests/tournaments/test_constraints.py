"""The database itself refuses impossible protocols, whatever code writes to it (SQLite and PostgreSQL)."""
from decimal import Decimal

import pytest
from django.db import IntegrityError, transaction

from protocols.models import Game, Seat
from tests.factories import GameFactory, PlayerFactory, SeatFactory, TournamentFactory

pytestmark = pytest.mark.django_db


def test_it_rejects_a_second_seat_3_in_a_game():
    game = GameFactory()
    SeatFactory(game=game, number=3)
    with pytest.raises(IntegrityError), transaction.atomic():
        SeatFactory(game=game, number=3)
    assert game.seats.count() == 1


def test_it_rejects_the_same_player_twice_in_a_game():
    game = GameFactory()
    player = PlayerFactory()
    SeatFactory(game=game, number=1, player=player)
    with pytest.raises(IntegrityError), transaction.atomic():
        SeatFactory(game=game, number=2, player=player)
    assert list(game.seats.values_list("number", flat=True)) == [1]


def test_the_same_player_may_sit_in_another_game():
    player = PlayerFactory()
    first = GameFactory()
    other = GameFactory(tournament=first.tournament)
    SeatFactory(game=first, number=1, player=player)
    SeatFactory(game=other, number=1, player=player)
    assert Seat.objects.filter(player=player).count() == 2


@pytest.mark.parametrize("number", [0, 11])
def test_it_rejects_a_seat_outside_1_to_10(number):
    game = GameFactory()
    with pytest.raises(IntegrityError), transaction.atomic():
        SeatFactory(game=game, number=number)


def test_it_rejects_five_fouls():
    seat = SeatFactory()
    Seat.objects.filter(pk=seat.pk).update(fouls=4)
    with pytest.raises(IntegrityError), transaction.atomic():
        Seat.objects.filter(pk=seat.pk).update(fouls=5)


def test_it_rejects_a_fourth_foul_removal_without_four_fouls():
    seat = SeatFactory(fouls=3)
    with pytest.raises(IntegrityError), transaction.atomic():
        Seat.objects.filter(pk=seat.pk).update(removed="fourth_foul")
    Seat.objects.filter(pk=seat.pk).update(fouls=4, removed="fourth_foul")
    seat.refresh_from_db()
    assert seat.removed == "fourth_foul"


def test_it_rejects_negative_extra_points():
    seat = SeatFactory()
    with pytest.raises(IntegrityError), transaction.atomic():
        Seat.objects.filter(pk=seat.pk).update(extra=Decimal("-0.10"))


def test_it_rejects_two_games_at_one_table_in_one_round_unless_a_replay():
    game = GameFactory()
    with pytest.raises(IntegrityError), transaction.atomic():
        Game.objects.create(tournament=game.tournament, stage=game.stage, round=game.round, table=game.table, number=99)
    replay = Game.objects.create(
        tournament=game.tournament, stage=game.stage, round=game.round, table=game.table, number=100, replay_of=game,
    )
    assert replay.replay_of == game


def test_it_rejects_a_signed_off_game_without_a_result():
    game = GameFactory()
    with pytest.raises(IntegrityError), transaction.atomic():
        Game.objects.filter(pk=game.pk).update(status="signed_off", result="")


def test_game_numbers_are_unique_within_a_tournament_only():
    game = GameFactory(number=7)
    with pytest.raises(IntegrityError), transaction.atomic():
        Game.objects.create(tournament=game.tournament, stage=game.stage, round=game.round, table=game.table, number=7, replay_of=game)
    assert GameFactory(tournament=TournamentFactory(), number=7).number == 7
