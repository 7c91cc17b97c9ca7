"""The stage admin's seating through the Django test client: action, preview, save, swap, reseat."""

import pytest
from django.contrib.auth.models import Permission
from django.urls import reverse
from django.utils import translation

from protocols.models import Game, GameResult, GameStatus, Seat
from tests.factories import (
    JudgeFactory,
    PlayerFactory,
    RegistrationFactory,
    StageFactory,
    TournamentJudgeFactory,
    UserFactory,
)
from tests.seating.admin_pages import change_url, generate_url, make_qualifying_stage, preview, reseat_token, token_of
from tournaments.models import Registration, Round, StageKind

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english", "quick_generator")]


@pytest.fixture
def stage():
    return make_qualifying_stage()


def test_the_action_leads_to_the_generate_page(admin_client, stage):
    changelist = reverse("admin:tournaments_stage_changelist")
    response = admin_client.post(changelist, {"action": "generate_seating", "_selected_action": [stage.pk]})
    assert response.status_code == 302 and response["Location"] == generate_url(stage)
    page = admin_client.get(response["Location"])
    assert page.status_code == 200
    assert b'name="games"' in page.content and b'name="time_limit"' in page.content


def test_the_action_wants_exactly_one_stage(admin_client, stage):
    other = StageFactory(tournament=stage.tournament, kind=StageKind.FINAL)
    changelist = reverse("admin:tournaments_stage_changelist")
    response = admin_client.post(changelist, {"action": "generate_seating", "_selected_action": [stage.pk, other.pk]}, follow=True)
    assert "Choose exactly one stage" in response.content.decode(), [str(m) for m in response.context["messages"]]


def test_the_preview_shows_the_report_and_writes_nothing(admin_client, stage):
    response = preview(admin_client, stage)
    assert response.status_code == 200
    content = response.content.decode()
    assert "Quality of the seating" in content
    assert "Standard deviation of pair meetings" in content
    assert "Meetings of a pair" in content
    assert "Pairs meeting more than" in content
    assert 'name="_save"' in content and 'name="_regenerate"' in content
    assert not Game.objects.exists() and not Round.objects.exists()


def test_save_stores_what_the_preview_showed(admin_client, stage):
    response = preview(admin_client, stage)
    shown = response.context["preview"]["grid"]
    saved = admin_client.post(generate_url(stage), {"preview": token_of(response), "_save": "1"})
    assert saved.status_code == 302 and saved["Location"] == change_url(stage)
    assert Game.objects.filter(stage=stage).count() == 20
    for grid_round in shown:
        for cell in grid_round.cells:
            game = Game.objects.get(stage=stage, round__number=grid_round.number, table__number=cell.table)
            assert [(seat.number, str(seat.player)) for seat in game.seats.order_by("number")] == cell.seats
    page = admin_client.get(change_url(stage))
    assert b"Quality of the seating" in page.content and b'id="seating-swap-form"' in page.content


def test_regenerate_draws_with_the_next_seed(admin_client, stage):
    response = preview(admin_client, stage, seed=5, _regenerate="1")
    assert response.context["preview"]["seed"] == 6


def test_a_tampered_preview_is_refused(admin_client, stage):
    token = token_of(preview(admin_client, stage))
    response = admin_client.post(generate_url(stage), {"preview": token[:-3] + "xyz", "_save": "1"}, follow=True)
    assert b"outdated or damaged" in response.content
    assert not Game.objects.exists()


@pytest.mark.parametrize(
    ("fields", "field", "text"),
    [
        ({"games": "abc"}, "games", "Enter a whole number"),
        ({"games": "0"}, "games", "greater than or equal to 1"),
        ({"games": "7", "tables": "5"}, "tables", "at most 2 tables"),
        ({"time_limit": "-1"}, "time_limit", "greater than or equal to"),
    ],
)
def test_bad_input_shows_an_error_at_its_field(admin_client, stage, fields, field, text):
    response = preview(admin_client, stage, **fields)
    assert response.status_code == 200
    assert text in " ".join(response.context["form"].errors[field])
    assert not Game.objects.exists()


def test_impossible_sizes_show_sizes_that_work(admin_client, stage):
    RegistrationFactory(tournament=stage.tournament, number=21)
    response = preview(admin_client, stage)
    assert "would work" in " ".join(response.context["form"].errors["games"])


def test_save_is_refused_once_a_game_is_played(admin_client, stage):
    token = token_of(preview(admin_client, stage))
    admin_client.post(generate_url(stage), {"preview": token, "_save": "1"})
    Game.objects.filter(stage=stage, round__number=1).update(status=GameStatus.SIGNED_OFF, result=GameResult.RED)
    numbers = sorted(Game.objects.filter(stage=stage).values_list("number", flat=True))
    response = admin_client.post(generate_url(stage), {"preview": token, "_save": "1"}, follow=True)
    assert b"in play or signed off" in response.content
    assert sorted(Game.objects.filter(stage=stage).values_list("number", flat=True)) == numbers


def saved(admin_client, stage):
    admin_client.post(generate_url(stage), {"preview": token_of(preview(admin_client, stage)), "_save": "1"})
    return list(Game.objects.filter(stage=stage).order_by("round__number", "table__number"))


def test_a_swap_by_nickname_exchanges_the_two_players_and_updates_the_report(admin_client, stage):
    first, second = saved(admin_client, stage)[:2]  # round 1, tables 1 and 2
    player_a, player_b = first.seats.get(number=2).player, second.seats.get(number=5).player
    before = admin_client.get(change_url(stage)).context["seating_report"]["raw"]
    page = admin_client.get(change_url(stage)).content.decode()
    assert f">{player_a.nickname}</option>" in page  # picked by nickname, not by game and seat
    response = admin_client.post(
        reverse("admin:tournaments_stage_seating_swap", args=[stage.pk]),
        {"round_number": 1, "player_a": player_a.pk, "player_b": player_b.pk}, follow=True,
    )
    assert response.status_code == 200
    assert first.seats.get(number=2).player == player_b and second.seats.get(number=5).player == player_a
    message = " ".join(str(m) for m in response.context["messages"])
    assert f"Round 1: swapped {player_a.nickname} (now game {second.number}, seat 5)" in message
    after = admin_client.get(change_url(stage)).context["seating_report"]["raw"]
    assert after != before


def test_a_bad_swap_names_the_field_and_changes_nothing(admin_client, stage):
    games = saved(admin_client, stage)
    seats = list(Seat.objects.order_by("pk").values_list("player_id", flat=True))
    url = reverse("admin:tournaments_stage_seating_swap", args=[stage.pk])
    player = games[0].seats.get(number=1).player
    response = admin_client.post(url, {"round_number": 1, "player_a": player.pk, "player_b": player.pk})
    assert response.status_code == 200
    assert "two different players" in " ".join(response.context["swap_form"].errors["player_b"])
    response = admin_client.post(url, {"round_number": 99, "player_a": player.pk, "player_b": ""})
    form = response.context["swap_form"]
    assert "round_number" in form.errors and "player_b" in form.errors
    assert list(Seat.objects.order_by("pk").values_list("player_id", flat=True)) == seats


def test_reseat_through_the_form(admin_client, stage):
    games = saved(admin_client, stage)
    for game in games[:6]:  # rounds 1-3
        game.status, game.result = GameStatus.SIGNED_OFF, GameResult.BLACK
        game.save()
    leaving = games[6].seats.get(number=1).player
    substitute = PlayerFactory()
    url = reverse("admin:tournaments_stage_seating_reseat", args=[stage.pk])
    response = admin_client.post(url, {"withdrawn": leaving.pk, "substitute": substitute.pk, "seed": 3, "time_limit": ""})
    assert response.status_code == 200  # the new seating and its report, nothing written yet
    assert "Quality of the seating" in response.content.decode()
    assert [grid_round.played for grid_round in response.context["grid"]] == [True] * 3 + [False] * 7
    assert not Seat.objects.filter(player=substitute).exists()
    assert not Registration.objects.get(tournament=stage.tournament, player=leaving).withdrawn
    response = admin_client.post(url, {"reseat": reseat_token(response), "_apply": "1"})
    assert response.status_code == 302
    assert Registration.objects.get(tournament=stage.tournament, player=leaving).withdrawn
    assert Seat.objects.filter(game__stage=stage, player=substitute).count() == 7
    assert Seat.objects.filter(game__stage=stage, player=leaving).count() == 3


def test_a_reseat_without_a_player_names_the_field(admin_client, stage):
    saved(admin_client, stage)
    response = admin_client.post(
        reverse("admin:tournaments_stage_seating_reseat", args=[stage.pk]), {"withdrawn": "", "substitute": "", "seed": 0},
    )
    assert response.status_code == 200
    assert "withdrawn" in response.context["reseat_form"].errors


def test_the_pages_need_the_change_stage_permission(client, stage):
    viewer = UserFactory(username="viewer", is_staff=True)
    viewer.user_permissions.add(Permission.objects.get(codename="view_stage"))
    client.force_login(viewer)
    # a user with no role in the tournament does not even find the stage
    assert client.get(generate_url(stage)).status_code == 404
    # a judge of the tournament sees the stage, but only its organisers change the seating
    TournamentJudgeFactory(tournament=stage.tournament, judge=JudgeFactory(user=viewer))
    assert client.get(generate_url(stage)).status_code == 403
    response = client.post(reverse("admin:tournaments_stage_seating_swap", args=[stage.pk]), {})
    assert response.status_code == 403
    page = client.get(change_url(stage))
    assert page.status_code == 200 and b'id="seating-swap-form"' not in page.content
    client.logout()
    assert client.get(generate_url(stage)).status_code == 302  # to the login page


def count_queries(client, url):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as queries:
        assert client.get(url).status_code == 200
    return len(queries)


def test_the_stage_page_does_not_query_per_game(admin_client, stage):
    saved(admin_client, stage)
    ten_rounds = count_queries(admin_client, change_url(stage))
    Game.objects.filter(stage=stage, round__number__gt=5).delete()
    Round.objects.filter(stage=stage, number__gt=5).delete()
    assert count_queries(admin_client, change_url(stage)) == ten_rounds


def test_a_final_is_generated_for_the_chosen_ten(admin_client, stage):
    final = StageFactory(tournament=stage.tournament, kind=StageKind.FINAL)
    finalists = [r.player_id for r in Registration.objects.filter(tournament=stage.tournament).order_by("number")[:10]]
    response = preview(admin_client, final, players=finalists)
    assert response.status_code == 200 and response.context["preview"]
    admin_client.post(generate_url(final), {"preview": token_of(response), "_save": "1"})
    assert set(Seat.objects.filter(game__stage=final).values_list("player_id", flat=True)) == set(finalists)
    assert Game.objects.filter(stage=final).count() == 10
    response = preview(admin_client, final, players=finalists[:9])
    assert "exactly 10" in " ".join(response.context["form"].errors["players"])


def test_the_pages_speak_russian(admin_client, stage):
    admin_client.cookies["django_language"] = "ru"
    with translation.override("ru"):
        response = preview(admin_client, stage)
        content = response.content.decode()
        assert "Качество рассадки" in content and "Сгенерировать заново" in content
        response = preview(admin_client, stage, games="0")
        assert "Убедитесь" in " ".join(response.context["form"].errors["games"])  # Django's own message
        admin_client.post(generate_url(stage), {"preview": token_of(preview(admin_client, stage)), "_save": "1"})
        page = admin_client.get(change_url(stage)).content.decode()
        assert "Обменять двух игроков" in page and "Пересадить несыгранные туры" in page


@pytest.mark.parametrize(
    ("which", "data"),
    [
        ("seating_generate", {"_preview": "1"}),
        ("seating_generate", {"_preview": "1", "games": "10", "seed": "-4", "players": ["abc"]}),
        ("seating_generate", {"_save": "1"}),
        ("seating_swap", {}),
        ("seating_swap", {"round_number": "x", "player_a": "0", "player_b": "99999999999999999999999"}),
        ("seating_generate", {"_preview": "1", "games": "10", "seed": "0", "judge_1": "99999999999999999999999", "judge_2": "x"}),
        ("seating_reseat", {"withdrawn": "abc", "substitute": "-1", "seed": "x"}),
        ("seating_reseat", {}),
        ("seating_reseat", {"_apply": "1", "reseat": "junk"}),
        # ids and seeds beyond the database's integers (SQLite raises OverflowError on them)
        ("seating_generate", {"_preview": "1", "games": "10", "seed": "0", "players": ["9999999999999999999999999"]}),
        ("seating_generate", {"_regenerate": "1", "games": "10", "seed": "²"}),
        ("seating_generate", {"_regenerate": "1", "games": "10", "seed": "9" * 5000}),
        ("seating_reseat", {"withdrawn": "", "substitute": "9999999999999999999999999", "seed": "0"}),
    ],
)
def test_junk_input_never_fails_the_server(admin_client, stage, which, data):
    saved(admin_client, stage)
    before = list(Seat.objects.order_by("pk").values_list("game__number", "number", "player_id"))
    response = admin_client.post(reverse(f"admin:tournaments_stage_{which}", args=[stage.pk]), data)
    assert response.status_code in (200, 302)
    assert list(Seat.objects.order_by("pk").values_list("game__number", "number", "player_id")) == before


def test_a_preview_of_another_stage_is_refused(admin_client, stage):
    token = token_of(preview(admin_client, stage))
    other = StageFactory(tournament=stage.tournament, kind=StageKind.SEMIFINAL)
    response = admin_client.post(generate_url(other), {"preview": token, "_save": "1"}, follow=True)
    assert b"outdated or damaged" in response.content
    assert not Game.objects.exists()


def test_an_unknown_stage_is_not_found(admin_client, stage):
    assert admin_client.get(reverse("admin:tournaments_stage_seating_generate", args=[9999])).status_code == 404


def test_the_report_marks_withdrawn_players(admin_client, stage):
    games = saved(admin_client, stage)
    for game in games[:2]:
        game.status, game.result = GameStatus.SIGNED_OFF, GameResult.RED
        game.save()
    leaving = games[2].seats.get(number=1).player
    url = reverse("admin:tournaments_stage_seating_reseat", args=[stage.pk])
    response = admin_client.post(url, {"withdrawn": leaving.pk, "substitute": PlayerFactory().pk, "seed": 0})
    admin_client.post(url, {"reseat": reseat_token(response), "_apply": "1"})
    rows = admin_client.get(change_url(stage)).context["seating_report"]["players"]
    assert [row["withdrawn"] for row in rows if row["name"] == str(leaving)] == [True]
    assert sum(row["withdrawn"] for row in rows) == 1


def test_save_is_refused_when_a_player_withdrew_since_the_preview(admin_client, stage):
    token = token_of(preview(admin_client, stage))
    Registration.objects.filter(tournament=stage.tournament, number=7).update(withdrawn=True)
    response = admin_client.post(generate_url(stage), {"preview": token, "_save": "1"}, follow=True)
    assert b"not registered or have withdrawn" in response.content
    assert not Game.objects.exists()


def test_a_reseating_is_not_applied_once_the_stage_moved_on(admin_client, stage):
    games = saved(admin_client, stage)
    games[0].status, games[0].result = GameStatus.SIGNED_OFF, GameResult.RED
    games[0].save()
    games[1].status, games[1].result = GameStatus.SIGNED_OFF, GameResult.RED
    games[1].save()
    url = reverse("admin:tournaments_stage_seating_reseat", args=[stage.pk])
    leaving = games[2].seats.get(number=1).player
    response = admin_client.post(url, {"withdrawn": leaving.pk, "substitute": PlayerFactory().pk, "seed": 0})
    token = reseat_token(response)
    games[2].status = GameStatus.IN_PLAY  # round 2 starts meanwhile
    games[2].save()
    seats = list(Seat.objects.order_by("pk").values_list("game__number", "number", "player_id"))
    response = admin_client.post(url, {"reseat": token, "_apply": "1"}, follow=True)
    assert b"has changed since the reseating was worked out" in response.content
    assert list(Seat.objects.order_by("pk").values_list("game__number", "number", "player_id")) == seats
    assert not Registration.objects.get(tournament=stage.tournament, player=leaving).withdrawn
    response = admin_client.post(url, {"reseat": token[:-2] + "zz", "_apply": "1"}, follow=True)
    assert b"outdated or damaged" in response.content


@pytest.mark.parametrize(
    ("which", "data", "field", "error"),
    [
        ("seating_generate", {"_preview": "1", "games": "10", "seed": "0", "players": ["9999999999999999999999999"]}, "players",
         "not one of the available choices"),
        ("seating_generate", {"_regenerate": "1", "games": "10", "seed": "²"}, "seed", "Enter a whole number"),
        ("seating_reseat", {"withdrawn": "", "substitute": "9999999999999999999999999", "seed": "0"}, "substitute",
         "not one of the available choices"),
    ],
)
def test_an_id_or_seed_out_of_range_is_an_error_at_its_field(admin_client, stage, which, data, field, error):
    saved(admin_client, stage)
    response = admin_client.post(reverse(f"admin:tournaments_stage_{which}", args=[stage.pk]), data)
    form = response.context["form"] if which == "seating_generate" else response.context["reseat_form"]
    assert error in " ".join(form.errors[field])


def test_the_reseat_page_names_the_swaps_it_makes_again_and_those_it_drops(admin_client, stage):
    games = saved(admin_client, stage)
    for game in games[:6]:  # rounds 1-3 played
        game.status, game.result = GameStatus.SIGNED_OFF, GameResult.BLACK
        game.save()
    swap_url = reverse("admin:tournaments_stage_seating_swap", args=[stage.pk])
    round_5 = [game for game in games if game.round.number == 5]
    round_6 = [game for game in games if game.round.number == 6]
    staying = (round_5[0].seats.get(number=3).player, round_5[1].seats.get(number=3).player)
    leaving, mate = round_6[0].seats.exclude(player__in=staying).first().player, round_6[1].seats.exclude(player__in=staying).first().player
    for number, (a, b) in ((5, staying), (6, (leaving, mate))):
        admin_client.post(swap_url, {"round_number": number, "player_a": a.pk, "player_b": b.pk})
    url = reverse("admin:tournaments_stage_seating_reseat", args=[stage.pk])
    response = admin_client.post(url, {"withdrawn": leaving.pk, "substitute": PlayerFactory().pk, "seed": 3, "time_limit": ""})
    content = response.content.decode()
    assert f"round 5: {staying[0]} ↔ {staying[1]}" in content.split('id="seating-swaps-kept"')[1].split("</div>")[0]
    dropped = content.split('id="seating-swaps-dropped"')[1].split("</div>")[0]
    assert f"round 6: {leaving} ↔ {mate} — {leaving} no longer plays round 6" in dropped


def test_a_swap_with_a_player_of_a_game_in_play_names_that_player(admin_client, stage):
    games = saved(admin_client, stage)
    started, waiting = games[0], games[1]  # round 1: one game in play, one not yet
    started.status = GameStatus.IN_PLAY
    started.save()
    url = reverse("admin:tournaments_stage_seating_swap", args=[stage.pk])
    a, b = started.seats.get(number=1).player, waiting.seats.get(number=1).player
    response = admin_client.post(url, {"round_number": 1, "player_a": a.pk, "player_b": b.pk})
    assert "its seats are fixed" in " ".join(response.context["swap_form"].errors["player_a"])
    assert started.seats.get(number=1).player == a
