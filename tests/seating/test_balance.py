"""The balance mode of a seating (opponents first, balanced, strict tables): admin forms, commands."""
import re
from collections import Counter
from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse
from django.utils import translation

from engines.seating import generator
from protocols.models import Game, GameResult, GameStatus, Seat
from seating.services import DEFAULT_BALANCE, SeatingRefused, plan_reseat, preview_seating, save_seating
from tests.factories import PlayerFactory, StageFactory
from tests.seating.admin_pages import generate_url, make_qualifying_stage, preview, reseat_url, token_of
from tournaments.models import StageKind

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english", "quick_generator")]


@pytest.fixture
def stage():
    return make_qualifying_stage(slug="balance-cup")


def stored_counts(stage):
    """(player, table number) and (player, judge id) -> games, from the stored rows."""
    tables, judges = Counter(), Counter()
    for player_id, table, judge in Seat.objects.filter(game__stage=stage).values_list("player_id", "game__table__number", "game__judge_id"):
        tables[player_id, table] += 1
        judges[player_id, judge] += 1
    return tables, judges


@pytest.fixture
def spy(monkeypatch):
    """Records the balance the generator is called with."""
    seen = []
    for name in ("generate", "reseat"):
        real = getattr(generator, name)

        def wrapper(*args, _real=real, **kwargs):
            seen.append(kwargs.get("balance"))
            return _real(*args, **kwargs)

        monkeypatch.setattr(generator, name, wrapper)
    return seen


def test_the_form_offers_the_three_modes_with_near_by_default(admin_client, stage):
    page = admin_client.get(generate_url(stage))
    form = page.context["form"]
    assert form.fields["balance"].initial == DEFAULT_BALANCE == "near"
    assert [key for key, _label in form.fields["balance"].choices] == ["pairs", "near", "tables"]
    content = page.content.decode()
    assert "Opponents first — fewest repeated meetings" in content
    assert "Strict tables — each player at each table and with each judge equally often" in content
    assert re.search(r'<option value="near" selected>', content)


def test_strict_tables_for_20_players_and_10_games_gives_every_player_5_at_each_table_and_judge(admin_client, stage, spy):
    response = preview(admin_client, stage, balance="tables")
    assert response.status_code == 200 and response.context["preview"]
    assert spy == ["tables"]
    content = response.content.decode()
    assert "Balance" in content and "Strict tables" in content  # the preview names the mode used
    for row in response.context["preview"]["report"]["players"]:
        assert row["tables"] == [5, 5] and row["judges"] == [5, 5]
    saved = admin_client.post(generate_url(stage), {"preview": token_of(response), "_save": "1"}, follow=True)
    assert "Balance: Strict tables" in " ".join(str(m) for m in saved.context["messages"])
    tables, judges = stored_counts(stage)
    assert len(tables) == len(judges) == 40  # 20 players x 2 tables, 20 players x 2 judges
    assert set(tables.values()) == {5} and set(judges.values()) == {5}


def test_a_preview_without_a_mode_uses_near(admin_client, stage, spy):
    response = preview(admin_client, stage)  # an old form or a script: no balance field posted
    assert response.context["preview"]["balance"] == "near"
    assert spy == ["near"]
    assert "Balanced — judges and tables within one of even" in response.content.decode()


def test_an_unknown_mode_is_a_form_error_not_a_failure(admin_client, stage):
    response = preview(admin_client, stage, balance="everything")
    assert response.status_code == 200
    assert "balance" in response.context["form"].errors
    assert not Game.objects.exists()


def test_a_final_has_no_mode_to_choose(admin_client, stage):
    final = StageFactory(tournament=stage.tournament, kind=StageKind.FINAL)
    page = admin_client.get(generate_url(final))
    assert "balance" not in page.context["form"].fields


def test_the_services_pass_the_mode_and_refuse_an_unknown_one(stage, spy):
    preview_seating(stage=stage, games=10, seed=1)
    preview_seating(stage=stage, games=10, seed=1, balance="pairs")
    assert spy == ["near", "pairs"]
    with pytest.raises(SeatingRefused) as refused:
        preview_seating(stage=stage, games=10, balance="loose")
    assert refused.value.field == "balance"


def test_the_reseat_form_passes_the_mode_and_shows_it(admin_client, stage, spy):
    save_seating(stage=stage, seating=preview_seating(stage=stage, games=10, seed=1)[0], user=None)
    games = list(Game.objects.filter(stage=stage).order_by("round__number", "table__number"))
    for game in games[:6]:
        game.status, game.result = GameStatus.SIGNED_OFF, GameResult.RED
        game.save()
    page = admin_client.get(reverse("admin:tournaments_stage_change", args=[stage.pk]))
    assert page.context["reseat_form"].fields["balance"].initial == "near"
    spy.clear()
    leaving = games[6].seats.get(number=1).player
    response = admin_client.post(
        reseat_url(stage), {"withdrawn": leaving.pk, "substitute": PlayerFactory().pk, "seed": 0, "balance": "tables"},
    )
    assert response.status_code == 200
    assert spy == ["tables"]
    assert "Strict tables" in response.content.decode()
    response = admin_client.post(reseat_url(stage), {"withdrawn": leaving.pk, "seed": 0, "balance": "bogus"})
    assert response.status_code == 200 and "balance" in response.context["reseat_form"].errors


def test_plan_reseat_refuses_an_unknown_mode(stage):
    save_seating(stage=stage, seating=preview_seating(stage=stage, games=10, seed=1)[0], user=None)
    leaving = Seat.objects.filter(game__stage=stage).first().player
    with pytest.raises(SeatingRefused) as refused:
        plan_reseat(stage=stage, withdrawn=[leaving], substitutes=[PlayerFactory()], balance="x")
    assert refused.value.field == "balance"


def run(*args):
    out = StringIO()
    call_command("generate_seating", *args, stdout=out, stderr=StringIO())
    return out.getvalue()


def test_the_command_takes_balance_tables(stage, spy):
    run("balance-cup", "--stage", "qualifying", "--games", "10", "--balance", "tables")
    assert spy == ["tables"]
    tables, judges = stored_counts(stage)
    assert set(tables.values()) == {5} and set(judges.values()) == {5}


def test_the_command_defaults_to_near(stage, spy):
    run("balance-cup", "--stage", "qualifying", "--games", "10", "--dry-run")
    assert spy == ["near"]


def test_the_command_refuses_an_unknown_mode_naming_the_option(stage):
    with pytest.raises(CommandError, match=r"--balance: choose one of pairs, near, tables, not “even”"):
        run("balance-cup", "--stage", "qualifying", "--games", "10", "--balance", "even")
    assert not Game.objects.exists()


def test_reseat_seating_takes_and_checks_balance(stage, spy):
    run("balance-cup", "--stage", "qualifying", "--games", "10")
    Game.objects.filter(stage=stage, round__number__lte=2).update(status=GameStatus.SIGNED_OFF, result=GameResult.RED)
    leaving = Seat.objects.filter(game__stage=stage, game__round__number=3).first().player
    substitute = PlayerFactory()
    with pytest.raises(CommandError, match="--balance"):
        call_command("reseat_seating", "balance-cup", "--stage", "qualifying", "--withdrawn", leaving.nickname,
                     "--substitute", substitute.nickname, "--balance", "nope", stdout=StringIO())
    spy.clear()
    call_command("reseat_seating", "balance-cup", "--stage", "qualifying", "--withdrawn", leaving.nickname,
                 "--substitute", substitute.nickname, "--balance", "pairs", stdout=StringIO())
    assert spy == ["pairs"]
    assert Seat.objects.filter(game__stage=stage, player=substitute).count() == 8


def test_the_modes_speak_russian(admin_client, stage):
    admin_client.cookies["django_language"] = "ru"
    with translation.override("ru"):
        content = admin_client.get(generate_url(stage)).content.decode()
        assert "Сначала соперники" in content and "Строго по столам" in content
        content = preview(admin_client, stage, balance="tables").content.decode()
        assert "Баланс" in content
