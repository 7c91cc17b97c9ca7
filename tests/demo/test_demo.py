"""`load_demo`: a realistic tournament whose protocols all satisfy RULES.md, created once, with its
last qualifying round seated and left for the judges to enter."""
from collections import Counter
from io import StringIO

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.db import transaction

from engines.scoring.validation import check_tournament
from protocols.models import Game, GameStatus, Nomination, Seat, VoteCount
from protocols.scoring_records import tournament_data
from tournaments.models import Player, Registration, Tournament

# One worker builds the demo once for the whole module (its seating search takes ~10 s).
pytestmark = [pytest.mark.django_db]


def run_demo() -> list[str]:
    out = StringIO()
    call_command("load_demo", stdout=out)
    return out.getvalue().strip().splitlines()


@pytest.fixture(scope="module")
def first_run(django_db_setup, django_db_blocker):
    """The output of the first `load_demo`, run once in a transaction that the module's tests
    share (each test's own changes roll back to a savepoint) and that is rolled back after them."""
    with django_db_blocker.unblock(), transaction.atomic():
        yield run_demo()
        transaction.set_rollback(True)


def test_it_creates_the_demo_and_prints_its_slug_and_credentials(first_run):
    lines = first_run
    assert lines[-1] == "demo"
    assert any("admin" in line and "admin-mafia" in line for line in lines)
    tournament = Tournament.objects.get(slug="demo")
    assert tournament.registrations.count() == 20
    qualifying = tournament.games.filter(stage__kind="qualifying")
    assert qualifying.count() == 16 and not tournament.games.filter(stage__kind="final").exists()
    assert tournament.judges.count() == 2 and tournament.chief_judge is not None
    # Rounds 1-7 are signed off; round 8 is seated, each table with its judge, and not played.
    statuses = Counter(qualifying.values_list("round__number", "status"))
    assert statuses == {**{(n, GameStatus.SIGNED_OFF): 2 for n in range(1, 8)}, (8, GameStatus.SCHEDULED): 2}
    last = qualifying.filter(round__number=8)
    assert sorted(last.values_list("judge__user__username", flat=True)) == ["judge1", "judge2"]
    assert not last.exclude(result="").exists() and not Nomination.objects.filter(game__in=last).exists()
    for game in last:  # the cards are dealt, so that the judges can run the round on the console
        assert Counter(game.seats.values_list("role", flat=True)) == {"red": 6, "sheriff": 1, "black": 2, "don": 1}
    # Every player plays each of the 8 qualifying rounds once.
    per_player = Counter(Seat.objects.filter(game__in=qualifying).values_list("player_id", flat=True))
    assert set(per_player.values()) == {8}


def test_a_judge_logging_in_finds_a_game_to_enter(first_run, client):
    client.force_login(get_user_model().objects.get(username="judge1"))
    game = Game.objects.get(tournament__slug="demo", round__number=8, judge__user__username="judge1")
    page = client.get("/judge/")
    assert page.status_code == 200 and f"/judge/games/{game.pk}/" in page.content.decode()
    assert client.get(f"/judge/games/{game.pk}/").status_code == 200


def test_the_judge_of_the_unplayed_round_runs_it_on_the_console(first_run, client):
    client.force_login(get_user_model().objects.get(username="judge2"))
    game = Game.objects.get(tournament__slug="demo", round__number=8, judge__user__username="judge2")
    screen = f"/judge/games/{game.pk}/console/screen/"
    assert screen in client.get("/judge/").content.decode()
    assert 'id="console-data"' in client.get(screen).content.decode()
    view = client.get(f"/judge/games/{game.pk}/console/").json()
    assert view["state"]["phase"] == "night0_mafia" and {"type": "next"} in view["legal"]


def test_running_it_twice_duplicates_nothing(first_run):
    counts = [Player.objects.count(), Registration.objects.count(), Game.objects.count(), Seat.objects.count(), Nomination.objects.count()]
    lines = run_demo()
    assert lines[-1] == "demo"
    models = (Player, Registration, Game, Seat, Nomination)
    assert [model.objects.count() for model in models] == counts
    assert Tournament.objects.count() == 3  # the demo, its finished tournament and the one to sign up for


def test_every_demo_protocol_passes_the_scoring_core_checks(first_run):
    data = tournament_data(Tournament.objects.get(slug="demo"))
    assert len(data.games) == 14  # the signed-off ones
    assert check_tournament(data) == []
    for game in data.games:
        assert Counter(seat.role for seat in game.seats) == {"red": 6, "sheriff": 1, "black": 2, "don": 1}


def test_the_demo_is_plausible_not_uniform(first_run):
    games = Game.objects.filter(tournament__slug="demo", status=GameStatus.SIGNED_OFF)
    results = Counter(games.values_list("result", flat=True))
    assert results["red"] and results["black"]
    assert Seat.objects.filter(game__in=games).exclude(extra=0).exists()
    assert games.exclude(first_killed_seat=None).exists()
    assert VoteCount.objects.filter(game__in=games).exists()


def test_the_eliminations_agree_with_the_result(first_run):
    for game in Game.objects.filter(tournament__slug="demo", status=GameStatus.SIGNED_OFF).prefetch_related("seats"):
        alive = [s for s in game.seats.all() if not s.left_how]
        blacks = sum(s.role in ("black", "don") for s in alive)
        reds = len(alive) - blacks
        if game.result == "red":
            assert blacks == 0, game
        else:
            assert blacks >= reds, game
        if game.first_killed_seat:
            first = next(s for s in game.seats.all() if s.number == game.first_killed_seat)
            assert (first.left_how, first.left_on) == ("killed", 1)


def test_a_signed_off_demo_protocol_shows_who_signed_it(first_run, client):
    # its history holds the sign-off, as a protocol entered on the judge's page does
    game = Game.objects.filter(tournament__slug="demo", status=GameStatus.SIGNED_OFF).select_related("judge__user").first()
    [version] = game.versions.all()
    assert (version.version, version.action, version.saved_by) == (1, "sign_off", game.judge.user)
    assert version.data["seats"][0]["role"] and version.data["result"] == game.result  # the whole protocol
    client.force_login(game.judge.user)
    page = client.get(f"/judge/games/{game.pk}/?lang=ru").content.decode()
    assert "Ещё не сохранялся" not in page and "версия 1" in page


def test_every_role_has_a_printed_login_that_reaches_its_screen(first_run, client):
    """An organiser and a player come with the demo, besides the admin and the judges, and their
    logins are printed: each one logs in with the printed password and reaches their screen."""
    printed = "\n".join(first_run)
    tournament = Tournament.objects.get(slug="demo")
    for role, user, password in (("Organiser", "organiser", "organiser-mafia"), ("Player", "player", "player-mafia")):
        line = next(line for line in first_run if line.startswith(role))
        assert f"user {user}" in line and f"password {password}" in line, printed
        assert get_user_model().objects.get(username=user).check_password(password)
    organiser = get_user_model().objects.get(username="organiser")
    assert organiser in tournament.organisers.all() and organiser.is_staff and not organiser.is_superuser
    client.force_login(organiser)
    assert client.get("/admin/tournaments/tournament/").status_code == 200
    assert client.get(f"/admin/tournaments/tournament/{tournament.pk}/change/").status_code == 200

    player = Player.objects.get(user__username="player")
    client.force_login(player.user)
    page = client.get("/judge/?lang=en").content.decode()
    # their last game was signed off "just now": they may file a protest on it
    last = Game.objects.filter(seats__player=player, status=GameStatus.SIGNED_OFF).order_by("-round__number").first()
    assert f"/judge/games/{last.pk}/protest/" in page
    assert client.get(f"/judge/games/{last.pk}/protest/").status_code == 200


def test_a_protest_waits_on_the_chief_judges_desk(first_run, client):
    from protocols.models import Protest

    [protest] = Protest.objects.filter(game__tournament__slug="demo")
    assert protest.status == "pending" and protest.player.user.username == "player"
    client.force_login(get_user_model().objects.get(username="chief"))
    desk = client.get("/desk/demo/?lang=en").content.decode()
    assert protest.text in desk
    run_demo()  # a second run files no second protest
    assert Protest.objects.filter(game__tournament__slug="demo").count() == 1


def test_the_ratings_and_the_season_have_something_to_show_on_a_fresh_demo(first_run, client):
    import re

    finished = Tournament.objects.get(slug="demo-autumn")
    assert finished.publication == "finished" and finished.start_date.year == Tournament.objects.get(slug="demo").start_date.year
    board = client.get("/ratings/", {"lang": "ru"}).content.decode()
    assert len(re.findall(r'<td class="num rating">', board)) == 20  # the same twenty players, provisional and marked
    season = client.get("/ratings/season/", {"lang": "ru"}).content.decode()
    assert len(re.findall(r'<td class="num points">', season)) == 20
    assert any("/t/demo-autumn/" in line for line in first_run)


def test_a_reset_rebuilds_the_demo_with_its_last_round_unplayed_again(first_run):
    before = set(Game.objects.filter(tournament__slug="demo").values_list("pk", flat=True))
    players = Player.objects.count()
    out = StringIO()
    call_command("load_demo", "--reset", stdout=out)
    assert "Deleted the demo's 3 tournaments" in out.getvalue()
    demo = Tournament.objects.get(slug="demo")
    games = Game.objects.filter(tournament=demo)
    assert not before & set(games.values_list("pk", flat=True))  # built anew, whatever was entered in the last one
    assert games.exclude(status=GameStatus.SIGNED_OFF).count() == 2  # round 8 at its two tables, to be run again
    assert Tournament.objects.filter(slug="demo-autumn", publication="finished").exists()
    assert Player.objects.count() == players  # the same people again


def test_the_demo_has_a_tournament_to_sign_up_for_with_two_places_left(first_run, client):
    upcoming = Tournament.objects.get(slug="demo-spring")
    assert upcoming.registrations.count() == 18 and upcoming.capacity == 20
    page = client.get("/t/demo-spring/signup/", {"lang": "ru"}).content.decode()
    assert "Занято мест: 18 из 20." in page and 'name="nickname"' in page
    assert any("/t/demo-spring/signup/" in line for line in first_run)
