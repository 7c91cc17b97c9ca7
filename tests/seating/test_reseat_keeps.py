"""A reseating keeps what still applies: the organiser's swaps (made again, or named as dropped)
and the game rows of the rounds not yet played, so that a judge's open page keeps working."""
import pytest
from django.urls import reverse

from protocols.models import Game, GameResult, GameStatus, Seat
from seating.action_types import RESEATED
from seating.models import ManualSwap, SeatingRecord
from seating.services import apply_reseat, find_player_seat, plan_reseat, preview_seating, save_seating, swap_players
from tests.factories import PlayerFactory, UserFactory
from tests.seating.test_services import make_stage
from tournaments.models import ActionLog

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english", "quick_generator")]


@pytest.fixture
def stage():
    stage = make_stage()
    save_seating(stage=stage, seating=preview_seating(stage=stage, games=10, seed=1)[0], user=None)
    for game in Game.objects.filter(stage=stage, round__number__lte=3):
        game.status, game.result = GameStatus.SIGNED_OFF, GameResult.RED
        game.save()
    return stage


def _other_table_player(stage, round_number, player):
    seat = find_player_seat(stage=stage, round_number=round_number, player=player, field="player_a")
    return Seat.objects.filter(game__stage=stage, game__round__number=round_number).exclude(game=seat.game).first().player


def _table_of(stage, round_number, player):
    return find_player_seat(stage=stage, round_number=round_number, player=player, field="player_a").game.table.number


def test_a_swap_still_applying_is_made_again_and_one_of_a_withdrawn_player_is_named_as_dropped(stage):
    in_round_5 = Seat.objects.filter(game__stage=stage, game__round__number=5).order_by("game__table__number", "number")
    staying, partner = in_round_5[0].player, _other_table_player(stage, 5, in_round_5[0].player)
    leaving = Seat.objects.filter(game__stage=stage, game__round__number=6).exclude(player__in=[staying, partner]).first().player
    mate = _other_table_player(stage, 6, leaving)
    substitute = PlayerFactory()
    bare = plan_reseat(stage=stage, withdrawn=[leaving], substitutes=[substitute], seed=7)  # before any swap
    for round_number, a, b in ((5, staying, partner), (6, leaving, mate)):
        swap_players(seat_a=find_player_seat(stage=stage, round_number=round_number, player=a, field="a"),
                     seat_b=find_player_seat(stage=stage, round_number=round_number, player=b, field="b"), user=None)
    kept_swap, dropped_swap = ManualSwap.objects.order_by("pk")

    plan = plan_reseat(stage=stage, withdrawn=[leaving], substitutes=[substitute], seed=7)

    assert plan.swaps_kept == (kept_swap.pk,)
    assert plan.swaps_dropped == ((dropped_swap.pk, f"{leaving} no longer plays round 6"),)
    number_of = {player.pk: n for n, player in enumerate(plan.roster.players, start=1)}

    def place(seating, player):
        return next((t.table_no, s) for t in seating.rounds[4] for s, p in enumerate(t.seats) if p == number_of[player.pk])

    # made again on the new seating: each of the two sits where the other would have
    assert place(plan.seating, staying) == place(bare.seating, partner)
    assert place(plan.seating, partner) == place(bare.seating, staying)
    apply_reseat(stage=stage, plan=plan, user=None)
    assert _table_of(stage, 5, staying) == place(bare.seating, partner)[0]
    assert list(ManualSwap.objects.values_list("pk", flat=True)) == [kept_swap.pk]
    assert SeatingRecord.objects.get(stage=stage).seed == 1  # how the stage was generated stays
    logged = ActionLog.objects.filter(action=RESEATED.code).latest("pk").data
    assert logged["seed"] == 7 and logged["swaps_dropped"] == [f"{leaving} no longer plays round 6"]


def test_reseating_keeps_the_game_rows_of_the_rounds_not_yet_played(stage, client):
    future = {(g.round.number, g.table.number): g.pk for g in Game.objects.filter(stage=stage, round__number__gt=3)
              .select_related("round", "table")}
    numbers = set(Game.objects.filter(pk__in=future.values()).values_list("number", flat=True))
    leaving = Seat.objects.filter(game__stage=stage, game__round__number=4).first().player
    plan = plan_reseat(stage=stage, withdrawn=[leaving], substitutes=[PlayerFactory()], seed=3)
    apply_reseat(stage=stage, plan=plan, user=None)

    after = {(g.round.number, g.table.number): g.pk for g in Game.objects.filter(stage=stage, round__number__gt=3)
             .select_related("round", "table")}
    assert after == future  # the same rows, ids and tables
    assert set(Game.objects.filter(pk__in=after.values()).values_list("number", flat=True)) == numbers
    assert not Seat.objects.filter(game__stage=stage, game__round__number__gt=3, player=leaving).exists()
    game = Game.objects.select_related("judge__user").get(pk=future[(4, 1)])
    client.force_login(UserFactory(is_staff=True, is_superuser=True))
    assert client.get(reverse("protocols:game", args=[game.pk])).status_code == 200  # an open page reloads fine


def _same_club_pairs_after(plan, played: int) -> int:
    club_of = {number: player.club_id for number, player in enumerate(plan.roster.players, start=1)}
    pairs = 0
    for rnd in plan.seating.rounds[played:]:
        for table in rnd:
            clubs = [club_of[n] for n in table.seats if club_of.get(n) is not None]
            pairs += sum(clubs[i] == clubs[j] for i in range(len(clubs)) for j in range(i + 1, len(clubs)))
    return pairs


def test_a_stage_made_with_clubs_apart_is_reseated_with_clubs_apart():
    from tests.factories import ClubFactory
    from tests.seating.test_services import make_stage

    stage = make_stage(players=30, judges=3)
    clubs = [ClubFactory() for _ in range(6)]
    for index, registration in enumerate(stage.tournament.registrations.order_by("number")):
        registration.player.club = clubs[index % 6]
        registration.player.save()
    seating = preview_seating(stage=stage, games=10, seed=3, clubs_apart=True)[0]
    save_seating(stage=stage, seating=seating, user=None, clubs_apart=True)
    Game.objects.filter(stage=stage, round__number__lte=2).update(status=GameStatus.SIGNED_OFF, result=GameResult.RED)
    leaving = stage.tournament.registrations.order_by("number").first().player
    substitute = PlayerFactory(club=clubs[0])
    apart = plan_reseat(stage=stage, withdrawn=[leaving], substitutes=[substitute], seed=4)
    SeatingRecord.objects.filter(stage=stage).update(clubs_apart=False)
    mixed = plan_reseat(stage=stage, withdrawn=[leaving], substitutes=[substitute], seed=4)
    assert _same_club_pairs_after(apart, 2) < _same_club_pairs_after(mixed, 2)
