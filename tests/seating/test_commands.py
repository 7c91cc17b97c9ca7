"""python manage.py generate_seating SLUG --stage STAGE --games G [--seed S]"""
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from protocols.models import Game, GameResult, GameStatus, Seat
from seating.models import SeatingRecord
from tests.factories import ClubFactory, PlayerFactory, RegistrationFactory, StageFactory, TournamentFactory, TournamentJudgeFactory
from tournaments.models import StageKind

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english", "quick_generator")]


@pytest.fixture
def stage():
    tournament = TournamentFactory(slug="autumn-cup")
    for number in range(1, 21):
        RegistrationFactory(tournament=tournament, player=PlayerFactory(), number=number)
    for order in (1, 2):
        TournamentJudgeFactory(tournament=tournament, order=order)
    return StageFactory(tournament=tournament, kind=StageKind.QUALIFYING)


def run(*args):
    out = StringIO()
    call_command("generate_seating", *args, stdout=out, stderr=StringIO())
    return out.getvalue()


def test_it_stores_the_seating_and_prints_the_report(stage):
    out = run("autumn-cup", "--stage", "qualifying", "--games", "10", "--seed", "3")
    assert Game.objects.filter(stage=stage).count() == 20
    assert Seat.objects.filter(game__stage=stage).count() == 200
    assert "Pairs: meetings" in out and "20 players, 10 rounds" in out


def test_the_stage_can_be_named_by_its_order(stage):
    run("autumn-cup", "--stage", "1", "--games", "5")
    assert Game.objects.filter(stage=stage).count() == 10


def test_a_dry_run_stores_nothing(stage):
    out = run("autumn-cup", "--stage", "qualifying", "--games", "10", "--dry-run")
    assert "Pairs: meetings" in out
    assert not Game.objects.exists()


def test_the_same_seed_gives_the_same_seating(stage):
    first = run("autumn-cup", "--stage", "qualifying", "--games", "10", "--seed", "4", "--dry-run")
    assert run("autumn-cup", "--stage", "qualifying", "--games", "10", "--seed", "4", "--dry-run") == first


def test_it_refuses_a_stage_with_played_games(stage):
    run("autumn-cup", "--stage", "qualifying", "--games", "10")
    Game.objects.filter(stage=stage, round__number=1).update(status=GameStatus.SIGNED_OFF, result=GameResult.RED)
    before = list(Seat.objects.filter(game__stage=stage).order_by("pk").values_list("game__number", "number", "player_id"))
    with pytest.raises(CommandError, match="in play or signed off"):
        run("autumn-cup", "--stage", "qualifying", "--games", "10", "--replace")
    assert list(Seat.objects.filter(game__stage=stage).order_by("pk").values_list("game__number", "number", "player_id")) == before


def test_it_refuses_to_overwrite_a_seating_without_replace(stage):
    run("autumn-cup", "--stage", "qualifying", "--games", "10")
    with pytest.raises(CommandError, match="--replace"):
        run("autumn-cup", "--stage", "qualifying", "--games", "5")
    run("autumn-cup", "--stage", "qualifying", "--games", "5", "--replace")
    assert Game.objects.filter(stage=stage).count() == 10


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["no-such-cup", "--stage", "qualifying", "--games", "10"], "no-such-cup"),
        (["autumn-cup", "--stage", "final", "--games", "10"], "--stage"),
        (["autumn-cup", "--stage", "qualifying", "--games", "7", "--tables", "3"], "--tables"),
        (["autumn-cup", "--stage", "qualifying", "--games", "0"], "--games"),
        (["autumn-cup", "--stage", "qualifying", "--games", "10", "--players", "1,2,x"], "--players"),
        (["autumn-cup", "--stage", "qualifying", "--games", "10", "--players", "1,99"], "99"),
        (["autumn-cup", "--stage", "qualifying", "--games", "10", "--players", "1,99999999999999999999"], "99999999999999999999"),
        (["autumn-cup", "--stage", "²", "--games", "10"], "--stage: no stage ²"),
        (["autumn-cup", "--stage", "qualifying", "--games", "10", "--players", "1,2,2"], "--players: 2 given more than once"),
        (["autumn-cup", "--stage", "qualifying", "--games", "10", "--players", ","], "--players: give registration numbers"),
        (["autumn-cup", "--stage", "qualifying", "--games", "10", "--seed", "-1"], "--seed: Seed: give a whole number 0 or more"),
        (["autumn-cup", "--stage", "qualifying", "--games", "10", "--time-limit", "nan"], "--time-limit"),
        (["autumn-cup", "--stage", "qualifying", "--games", "10", "--time-limit", "inf"], "--time-limit"),
        (["autumn-cup", "--stage", "qualifying", "--games", "99999999999999999999"], "at most 100"),
    ],
)
def test_it_refuses_bad_input_with_a_clear_message(stage, args, message):
    with pytest.raises(CommandError, match=message):
        run(*args)
    assert not Game.objects.exists()


def test_impossible_sizes_name_sizes_that_work(stage):
    RegistrationFactory(tournament=stage.tournament, player=PlayerFactory(), number=21)
    with pytest.raises(CommandError, match="would work"):
        run("autumn-cup", "--stage", "qualifying", "--games", "10")


def test_a_refusal_exits_non_zero(stage, capsys):
    from django.core.management import ManagementUtility

    with pytest.raises(SystemExit) as exit_info:
        ManagementUtility(["manage.py", "generate_seating", "autumn-cup", "--stage", "semifinal", "--games", "10"]).execute()
    assert exit_info.value.code != 0
    assert "--stage" in capsys.readouterr().err


def test_it_warns_when_judges_are_missing_and_shows_players_when_verbose(stage):
    stage.tournament.judge_links.filter(order=2).delete()
    out, err = StringIO(), StringIO()
    call_command("generate_seating", "autumn-cup", "--stage", "qualifying", "--games", "10", "-v", "2", stdout=out, stderr=err)
    assert "1 judges for 2 tables" in err.getvalue()
    assert "player games" in out.getvalue()
    assert Game.objects.filter(stage=stage, judge__isnull=True).count() == 10


def test_reseat_seating_gives_the_substitute_the_remaining_games(stage):
    run("autumn-cup", "--stage", "qualifying", "--games", "10")
    Game.objects.filter(stage=stage, round__number__lte=2).update(status=GameStatus.SIGNED_OFF, result=GameResult.RED)
    leaving = Seat.objects.filter(game__stage=stage, game__round__number=3).first().player
    substitute = PlayerFactory(nickname="Новичок")
    out = StringIO()
    call_command("reseat_seating", "autumn-cup", "--stage", "qualifying", "--withdrawn", leaving.nickname,
                 "--substitute", "Новичок", "--seed", "2", stdout=out)
    assert "Pairs: meetings" in out.getvalue()
    assert Seat.objects.filter(game__stage=stage, player=substitute).count() == 8
    assert Seat.objects.filter(game__stage=stage, player=leaving).count() == 2


def test_reseat_seating_refuses_unknown_players(stage):
    run("autumn-cup", "--stage", "qualifying", "--games", "10")
    with pytest.raises(CommandError, match="--withdrawn: no player Nobody"):
        call_command("reseat_seating", "autumn-cup", "--stage", "qualifying", "--withdrawn", "Nobody", stdout=StringIO())
    with pytest.raises(CommandError, match="--substitute"):
        call_command("reseat_seating", "autumn-cup", "--stage", "qualifying", "--substitute", PlayerFactory().nickname, stdout=StringIO())


def test_clubs_apart_counts_club_mates_and_the_seed_is_stored(stage):
    clubs = [ClubFactory(), ClubFactory()]
    for index, registration in enumerate(stage.tournament.registrations.order_by("number")):
        registration.player.club = clubs[index % 2]
        registration.player.save()
    out = run("autumn-cup", "--stage", "qualifying", "--games", "10", "--seed", "8", "--clubs-apart")
    # two clubs of 10 on 2 tables: at best 5 of each at a table, 2 x 2 x C(5, 2) = 40 pairs a round
    assert "Same-club pairs at a table:" in out and "(fewest possible 400, about" in out
    record = SeatingRecord.objects.get(stage=stage)
    assert record.seed == 8 and record.clubs_apart and record.iterations == 500
