"""The seating services on real rows: generate + save, preview, swap, stored report, reseat."""
import datetime
from collections import Counter, defaultdict

import pytest

from engines.seating.generator import generate
from protocols.models import Game, GameResult, GameStatus, Seat
from seating.selectors import stored_seating
from seating.services import (
    SeatingRefused,
    apply_reseat,
    find_seat,
    plan_reseat,
    preview_seating,
    reseat_stage,
    save_seating,
    stage_report,
    swap_players,
)
from tests.domain_event_recorder import heard
from tests.factories import (
    PlayerFactory,
    RegistrationFactory,
    StageFactory,
    TournamentFactory,
    TournamentJudgeFactory,
    UserFactory,
)
from tournaments.domain_events import SeatingSaved
from tournaments.models import Registration, Round, StageKind, Table

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english", "quick_generator")]


def make_stage(players=20, judges=2, kind=StageKind.QUALIFYING):
    tournament = TournamentFactory()
    for number in range(1, players + 1):
        RegistrationFactory(tournament=tournament, player=PlayerFactory(), number=number)
    for order in range(1, judges + 1):
        TournamentJudgeFactory(tournament=tournament, order=order)
    return StageFactory(tournament=tournament, kind=kind)


def grid(stage):
    """Round number -> sorted [(table, judge id, (player ids by seat))] of the stored games."""
    rounds = defaultdict(list)
    for game in Game.objects.filter(stage=stage).select_related("round", "table").prefetch_related("seats"):
        seats = tuple(seat.player_id for seat in sorted(game.seats.all(), key=lambda s: s.number))
        rounds[game.round.number].append((game.table.number, game.judge_id, game.number, seats))
    return {number: sorted(games) for number, games in rounds.items()}


def played_rows(stage):
    games = list(Game.objects.filter(stage=stage).exclude(status=GameStatus.SCHEDULED).order_by("pk").values())
    seats = list(Seat.objects.filter(game__stage=stage).exclude(game__status=GameStatus.SCHEDULED).order_by("pk").values())
    return games, seats


def sign_off(game):
    game.status = GameStatus.SIGNED_OFF
    game.result = GameResult.RED
    game.save()


@pytest.fixture
def stage():
    return make_stage()


@pytest.fixture
def user():
    return UserFactory(is_staff=True, is_superuser=True)


def test_it_stores_20_players_on_2_tables_for_10_games(stage, user):
    seating, report = preview_seating(stage=stage, games=10, seed=1)
    games = save_seating(stage=stage, seating=seating, user=user)

    assert len(games) == 20
    assert list(Round.objects.filter(stage=stage).values_list("number", flat=True)) == list(range(1, 11))
    assert sorted(Table.objects.filter(tournament=stage.tournament).values_list("number", flat=True)) == [1, 2]
    assert sorted(Game.objects.filter(stage=stage).values_list("number", flat=True)) == list(range(1, 21))
    assert set(Game.objects.filter(stage=stage).values_list("status", flat=True)) == {GameStatus.SCHEDULED}
    per_player = Counter(Seat.objects.filter(game__stage=stage).values_list("player_id", flat=True))
    active = set(Registration.objects.filter(tournament=stage.tournament).values_list("player_id", flat=True))
    assert set(per_player) == active and set(per_player.values()) == {10}
    for games_of_round in grid(stage).values():
        seated = [player for _table, _judge, _number, seats in games_of_round for player in seats]
        assert len(seated) == len(set(seated)) == 20  # nobody at two tables in a round
    # Seats and judges are as the seating says: player n is the n-th registration, judge j the j-th.
    players = [r.player_id for r in Registration.objects.filter(tournament=stage.tournament).order_by("number")]
    judges = [link.judge_id for link in stage.tournament.judge_links.order_by("order")]
    stored = grid(stage)
    for index, tables in enumerate(seating.rounds, start=1):
        expected = sorted((t.table_no, judges[t.judge_no - 1], tuple(players[p - 1] for p in t.seats)) for t in tables)
        assert [(table, judge, seats) for table, judge, _number, seats in stored[index]] == expected
    # The report of what is stored is the report of the preview.
    assert stage_report(stage) == report


def test_it_numbers_games_after_the_tournaments_last_game(stage, user):
    other = StageFactory(tournament=stage.tournament, kind=StageKind.SEMIFINAL)
    seating, _report = preview_seating(stage=other, games=5, seed=0)
    save_seating(stage=other, seating=seating, user=user)  # games 1..10
    seating, _report = preview_seating(stage=stage, games=5, seed=0)
    save_seating(stage=stage, seating=seating, user=user)
    assert sorted(Game.objects.filter(stage=stage).values_list("number", flat=True)) == list(range(11, 21))


def test_preview_writes_nothing(stage):
    preview_seating(stage=stage, games=10, seed=3)
    assert not Game.objects.exists()
    assert not Round.objects.exists()
    assert not Table.objects.exists()
    assert stage_report(stage) is None


def test_it_leaves_out_withdrawn_registrations(stage, user):
    extra = RegistrationFactory(tournament=stage.tournament, number=21, withdrawn=True)
    seating, _report = preview_seating(stage=stage, games=10)
    save_seating(stage=stage, seating=seating, user=user)
    assert not Seat.objects.filter(player=extra.player).exists()


def test_it_refuses_impossible_sizes_naming_the_field(stage):
    RegistrationFactory(tournament=stage.tournament, number=21)  # 21 players x 10 games on 2 tables
    with pytest.raises(SeatingRefused) as refused:
        preview_seating(stage=stage, games=10)
    assert refused.value.field == "games"
    assert "would work" in refused.value.message


def test_save_replaces_a_scheduled_seating_keeping_round_times(stage, user):
    save_seating(stage=stage, seating=preview_seating(stage=stage, games=10, seed=1)[0], user=user)
    starts = datetime.datetime(2026, 11, 1, 12, 0, tzinfo=datetime.UTC)
    Round.objects.filter(stage=stage, number=2).update(starts_at=starts)
    save_seating(stage=stage, seating=preview_seating(stage=stage, games=5, seed=2)[0], user=user)
    assert Game.objects.filter(stage=stage).count() == 10
    assert Round.objects.filter(stage=stage).count() == 5
    assert Round.objects.get(stage=stage, number=2).starts_at == starts


def test_save_refuses_when_a_game_is_played_and_changes_nothing(stage, user):
    save_seating(stage=stage, seating=preview_seating(stage=stage, games=10, seed=1)[0], user=user)
    sign_off(Game.objects.filter(stage=stage).first())
    before = grid(stage)
    with pytest.raises(SeatingRefused):
        preview_seating(stage=stage, games=10, seed=2)
    with pytest.raises(SeatingRefused):
        save_seating(stage=stage, seating=generate(20, 10, tables=2, seed=5, iterations=500), user=user)
    assert grid(stage) == before


def test_a_swap_between_two_games_of_a_round_updates_the_stored_report(stage, user):
    save_seating(stage=stage, seating=preview_seating(stage=stage, games=10, seed=1)[0], user=user)
    before = stage_report(stage)
    first, second = Game.objects.filter(stage=stage, round__number=1).order_by("table__number")
    seat_a = first.seats.get(number=1)
    seat_b = second.seats.get(number=1)
    player_a, player_b = seat_a.player_id, seat_b.player_id

    swap_players(seat_a=seat_a, seat_b=seat_b, user=user)

    assert first.seats.get(number=1).player_id == player_b
    assert second.seats.get(number=1).player_id == player_a
    after = stage_report(stage)
    assert after != before


def test_a_swap_within_a_game_exchanges_the_seats(stage, user):
    save_seating(stage=stage, seating=preview_seating(stage=stage, games=10, seed=1)[0], user=user)
    game = Game.objects.filter(stage=stage).first()
    seat_3, seat_7 = game.seats.get(number=3), game.seats.get(number=7)
    player_3, player_7 = seat_3.player_id, seat_7.player_id
    swap_players(seat_a=seat_3, seat_b=seat_7, user=user)
    assert game.seats.get(number=3).player_id == player_7
    assert game.seats.get(number=7).player_id == player_3
    assert game.seats.count() == 10


def test_a_swap_refuses_played_games_and_other_rounds(stage, user):
    save_seating(stage=stage, seating=preview_seating(stage=stage, games=10, seed=1)[0], user=user)
    round_1 = list(Game.objects.filter(stage=stage, round__number=1).order_by("table__number"))
    round_2 = Game.objects.filter(stage=stage, round__number=2).first()
    with pytest.raises(SeatingRefused) as refused:
        swap_players(seat_a=round_1[0].seats.get(number=1), seat_b=round_2.seats.get(number=1), user=user)
    assert refused.value.field == "seat_b"
    sign_off(round_1[0])
    with pytest.raises(SeatingRefused) as refused:
        swap_players(seat_a=round_1[0].seats.get(number=1), seat_b=round_1[1].seats.get(number=1), user=user)
    assert refused.value.field == "seat_a"
    with pytest.raises(SeatingRefused):
        find_seat(stage=stage, game_number=999, seat_number=1, field="seat_a")


def test_reseat_after_three_played_rounds_keeps_them_and_seats_the_substitute(stage, user):
    save_seating(stage=stage, seating=preview_seating(stage=stage, games=10, seed=1)[0], user=user)
    for game in Game.objects.filter(stage=stage, round__number__lte=3):
        sign_off(game)
    played_before = {number: games for number, games in grid(stage).items() if number <= 3}
    rows_before = played_rows(stage)
    leaving = Seat.objects.filter(game__stage=stage, game__round__number=4).first().player
    substitute = PlayerFactory()

    reseat_stage(stage=stage, withdrawn=[leaving], substitutes=[substitute], seed=7, user=user)

    after = grid(stage)
    assert {number: games for number, games in after.items() if number <= 3} == played_before
    assert played_rows(stage) == rows_before  # the very rows, untouched
    assert sorted(after) == list(range(1, 11))
    later = Counter(player for number, games in after.items() if number > 3 for *_rest, seats in games for player in seats)
    assert later[leaving.pk] == 0
    assert later[substitute.pk] == 7  # the substitute plays every remaining round
    for games in after.values():
        seated = [player for *_rest, seats in games for player in seats]
        assert len(seated) == len(set(seated))
    assert Registration.objects.get(tournament=stage.tournament, player=leaving).withdrawn
    assert Registration.objects.get(tournament=stage.tournament, player=substitute).withdrawn is False
    # registered as a substitute, but seated in the rounds to come: the participants (K, 8.7) are never
    # fewer than the players seated in the tournament's games (RULES.md §3), so he is one of them
    assert Registration.objects.get(tournament=stage.tournament, player=substitute).substitute
    assert stage.tournament.participants == Registration.objects.filter(tournament=stage.tournament).count() == 21
    assert stage_report(stage) is not None
    assert stored_seating(stage=stage).roster.size == 21


def test_reseat_refuses_a_player_not_seated(stage, user):
    save_seating(stage=stage, seating=preview_seating(stage=stage, games=10, seed=1)[0], user=user)
    with pytest.raises(SeatingRefused) as refused:
        reseat_stage(stage=stage, withdrawn=[PlayerFactory()], substitutes=[], seed=0, user=user)
    assert refused.value.field == "withdrawn"
    assert not Registration.objects.filter(tournament=stage.tournament, withdrawn=True).exists()


def test_a_final_is_ten_players_rotated_through_the_seats(user):
    final = make_stage(players=10, judges=1, kind=StageKind.FINAL)
    seating, _report = preview_seating(stage=final, games=10)
    save_seating(stage=final, seating=seating, user=user)
    seats = Counter(Seat.objects.filter(game__stage=final).values_list("player_id", "number"))
    assert len(seats) == 100 and set(seats.values()) == {1}


def test_a_final_refuses_other_than_ten_players(user):
    final = make_stage(players=12, judges=1, kind=StageKind.FINAL)
    with pytest.raises(SeatingRefused) as refused:
        preview_seating(stage=final, games=10)
    assert refused.value.field == "players"


def test_a_reseat_that_cannot_fill_the_tables_changes_nothing(stage, user):
    save_seating(stage=stage, seating=preview_seating(stage=stage, games=10, seed=1)[0], user=user)
    for game in Game.objects.filter(stage=stage, round__number__lte=3):
        sign_off(game)
    before = grid(stage)
    leaving = Seat.objects.filter(game__stage=stage, game__round__number=4).first().player
    # 19 players x 7 games left = 133 player-games: not whole tables of 10.
    with pytest.raises(SeatingRefused) as refused:
        reseat_stage(stage=stage, withdrawn=[leaving], substitutes=[], seed=0, user=user)
    assert "Impossible seating" in refused.value.message
    assert grid(stage) == before
    assert not Registration.objects.get(tournament=stage.tournament, player=leaving).withdrawn


def test_a_reseat_waits_for_a_partly_played_round_that_seats_the_withdrawn(stage, user):
    save_seating(stage=stage, seating=preview_seating(stage=stage, games=10, seed=1)[0], user=user)
    first, second = Game.objects.filter(stage=stage, round__number=1).order_by("table__number")
    sign_off(first)
    leaving = second.seats.get(number=1).player
    with pytest.raises(SeatingRefused) as refused:
        reseat_stage(stage=stage, withdrawn=[leaving], substitutes=[PlayerFactory()], seed=0, user=user)
    assert "partly played" in refused.value.message


def test_a_substitute_needs_someone_to_replace(stage, user):
    save_seating(stage=stage, seating=preview_seating(stage=stage, games=10, seed=1)[0], user=user)
    with pytest.raises(SeatingRefused) as refused:
        reseat_stage(stage=stage, withdrawn=[], substitutes=[PlayerFactory()], seed=0, user=user)
    assert refused.value.field == "substitute"


def test_saved_rows_carry_who_made_them_in_their_history(stage, user):
    save_seating(stage=stage, seating=preview_seating(stage=stage, games=10, seed=1)[0], user=user)
    game = Game.objects.filter(stage=stage).first()
    assert game.history.first().history_user == user
    seat_a, seat_b = game.seats.get(number=1), game.seats.get(number=2)
    swap_players(seat_a=seat_a, seat_b=seat_b, user=user)
    assert Seat.history.filter(game_id=game.pk, number=1).first().history_user == user


def test_the_stored_report_measures_the_full_stage_players_apart(stage, user):
    save_seating(stage=stage, seating=preview_seating(stage=stage, games=10, seed=1)[0], user=user)
    for game in Game.objects.filter(stage=stage, round__number__lte=3):
        sign_off(game)
    leaving = Seat.objects.filter(game__stage=stage, game__round__number=4).first().player
    reseat_stage(stage=stage, withdrawn=[leaving], substitutes=[PlayerFactory()], seed=7, user=user)
    report = stage_report(stage)
    assert report["stage"]["games_min"] == 3  # the withdrawn player's games are in the whole report
    assert report["full_stage"]["players"] == 19 and report["full_stage"]["partial_players"] == 2
    assert report["full_stage"]["games_min"] == report["full_stage"]["games_max"] == 10


def test_a_reseat_worked_out_before_the_stage_was_generated_again_is_refused(stage, user):
    # nothing played yet: the played rounds alone cannot tell the two seatings apart
    save_seating(stage=stage, seating=preview_seating(stage=stage, games=10, seed=1)[0], user=user)
    leaving = Seat.objects.filter(game__stage=stage).first().player
    plan = plan_reseat(stage=stage, withdrawn=[leaving], substitutes=[PlayerFactory()], seed=7)
    save_seating(stage=stage, seating=preview_seating(stage=stage, games=5, seed=2)[0], user=user)
    regenerated = grid(stage)
    with pytest.raises(SeatingRefused, match="changed since the reseating was worked out"):
        apply_reseat(stage=stage, plan=plan, user=user)
    assert grid(stage) == regenerated and len(regenerated) == 5
    assert not Registration.objects.filter(tournament=stage.tournament, withdrawn=True).exists()


def test_withdrawing_so_many_that_no_table_is_left_is_refused_before_anything_changes(stage, user):
    save_seating(stage=stage, seating=preview_seating(stage=stage, games=10, seed=1)[0], user=user)
    before = grid(stage)
    everyone = [registration.player for registration in Registration.objects.filter(tournament=stage.tournament)]
    with pytest.raises(SeatingRefused, match="Only 9 players would be left") as refused:
        reseat_stage(stage=stage, withdrawn=everyone[:11], substitutes=[], seed=0, user=user)
    assert refused.value.field == "withdrawn"
    assert grid(stage) == before
    assert not Registration.objects.filter(tournament=stage.tournament, withdrawn=True).exists()


@pytest.mark.parametrize(
    ("seed", "time_limit", "field"), [(-1, None, "seed"), (0, float("nan"), "time_limit"), (0, float("inf"), "time_limit")],
)
def test_a_negative_seed_or_an_endless_time_limit_is_refused_by_name(stage, user, seed, time_limit, field):
    with pytest.raises(SeatingRefused) as refused:
        preview_seating(stage=stage, games=10, seed=seed, time_limit=time_limit)
    assert refused.value.field == field
    save_seating(stage=stage, seating=preview_seating(stage=stage, games=10, seed=1)[0], user=user)
    leaving = Seat.objects.filter(game__stage=stage).first().player
    with pytest.raises(SeatingRefused) as refused:
        plan_reseat(stage=stage, withdrawn=[leaving], substitutes=[PlayerFactory()], seed=seed, time_limit=time_limit)
    assert refused.value.field == field


def test_a_player_withdrawn_twice_is_named(stage, user):
    save_seating(stage=stage, seating=preview_seating(stage=stage, games=10, seed=1)[0], user=user)
    leaving = Seat.objects.filter(game__stage=stage).first().player
    with pytest.raises(SeatingRefused, match=f"{leaving} chosen more than once") as refused:
        plan_reseat(stage=stage, withdrawn=[leaving, leaving], substitutes=[PlayerFactory(), PlayerFactory()])
    assert refused.value.field == "withdrawn"


def test_a_saved_seating_and_a_swap_are_announced_after_the_commit(stage, user, django_capture_on_commit_callbacks):
    with heard(SeatingSaved) as events:
        with django_capture_on_commit_callbacks(execute=True):
            save_seating(stage=stage, seating=preview_seating(stage=stage, games=10, seed=1)[0], user=user)
        assert events == [SeatingSaved(stage.tournament_id, stage.pk)]
        first, second = Game.objects.filter(stage=stage, round__number=1).order_by("table__number")
        with django_capture_on_commit_callbacks(execute=True):
            swap_players(seat_a=first.seats.get(number=1), seat_b=second.seats.get(number=1), user=user)
        assert len(events) == 2
        with pytest.raises(SeatingRefused), django_capture_on_commit_callbacks(execute=True):
            swap_players(seat_a=first.seats.get(number=1), seat_b=first.seats.get(number=1), user=user)
        assert len(events) == 2  # a refused swap changed nothing and says nothing
