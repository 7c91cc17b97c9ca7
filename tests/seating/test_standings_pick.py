"""A semifinal or final starts from the top of the current standings: the admin form pre-selects
them, `generate_seating --players top` seats them."""
import re
from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from django.utils import translation

from demo.builder import build_tournament
from protocols.models import Game, Seat
from scoring.models import PlayerStanding, StandingsSnapshot
from scoring.recompute import recompute
from seating.selectors import standings_pick, standings_pick_size
from tests.seating.admin_pages import generate_url
from tournaments.models import Registration, Stage, StageKind

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english", "quick_generator")]


def demo(slug="finals-cup", players=20):
    return build_tournament(slug, players=players, tables=players // 10, qualifying_rounds=4, final_games=0, seed=2)


@pytest.fixture
def tournament():
    return demo()


@pytest.fixture
def final(tournament):
    return Stage.objects.create(tournament=tournament, kind=StageKind.FINAL, order=2)


def best(tournament, count):
    snapshot = StandingsSnapshot.objects.filter(tournament=tournament, scope="all").order_by("-version").first()
    return list(PlayerStanding.objects.filter(snapshot=snapshot).order_by("place").values_list("player_id", flat=True)[:count])


def checked(content):
    return {int(value) for value in re.findall(r'<input type="checkbox" name="players" value="(\d+)"[^>]*checked', content)}


@pytest.mark.parametrize(
    ("kind", "field", "size"),
    [
        (StageKind.FINAL, 100, 10), (StageKind.SEMIFINAL, 20, 10), (StageKind.SEMIFINAL, 30, 10),
        (StageKind.SEMIFINAL, 40, 20), (StageKind.SEMIFINAL, 59, 20), (StageKind.SEMIFINAL, 60, 30),
        (StageKind.SEMIFINAL, 12, 10), (StageKind.QUALIFYING, 40, None),
    ],
)
def test_the_size_rule(kind, field, size):
    assert standings_pick_size(stage=Stage(kind=kind), field=field) == size


def test_the_final_form_preselects_the_ten_best_by_place(admin_client, tournament, final):
    recompute(tournament.pk, force=True)
    top = best(tournament, 10)
    page = admin_client.get(generate_url(final))
    assert page.status_code == 200
    form = page.context["form"]
    assert form.fields["players"].initial == top
    content = page.content.decode()
    assert checked(content) == set(top)
    assert "Pre-selected: the top 10 of the standings" in content
    assert "the 10 best of the current standings" in form.fields["players"].help_text


def test_the_organiser_can_change_the_preselection(admin_client, tournament, final):
    recompute(tournament.pk, force=True)
    top = best(tournament, 10)
    other = Registration.objects.filter(tournament=tournament).exclude(player_id__in=top).first().player_id
    chosen = top[:9] + [other]
    response = admin_client.post(generate_url(final), {"games": 10, "seed": 0, "players": chosen, "_preview": "1"})
    assert response.context["preview"]
    admin_client.post(generate_url(final), {
        "preview": re.search(r'name="preview" value="([^"]+)"', response.content.decode()).group(1), "_save": "1",
    })
    assert set(Seat.objects.filter(game__stage=final).values_list("player_id", flat=True)) == set(chosen)


def test_the_command_seats_the_top_ten(tournament, final):
    recompute(tournament.pk, force=True)
    top = best(tournament, 10)
    out = StringIO()
    call_command("generate_seating", "finals-cup", "--stage", "final", "--games", "10", "--players", "top", stdout=out, stderr=StringIO())
    assert set(Seat.objects.filter(game__stage=final).values_list("player_id", flat=True)) == set(top)
    assert Game.objects.filter(stage=final).count() == 10
    assert "the top 10 of the standings" in out.getvalue()


def test_a_withdrawn_player_gives_way_to_the_next_by_place(admin_client, tournament, final):
    recompute(tournament.pk, force=True)
    eleven = best(tournament, 11)
    Registration.objects.filter(tournament=tournament, player_id=eleven[0]).update(withdrawn=True)
    page = admin_client.get(generate_url(final))
    assert page.context["form"].fields["players"].initial == eleven[1:]


def test_without_standings_nothing_is_preselected_and_the_page_says_so(admin_client, tournament, final):
    page = admin_client.get(generate_url(final))
    assert page.status_code == 200
    assert not page.context["form"].fields["players"].initial
    assert checked(page.content.decode()) == set()
    assert "No standings with a signed-off game yet" in page.content.decode()
    with pytest.raises(CommandError, match="--players top: no standings"):
        call_command("generate_seating", "finals-cup", "--stage", "final", "--games", "10", "--players", "top", stdout=StringIO())
    assert not Game.objects.filter(stage=final).exists()


def test_a_qualifying_stage_preselects_nobody_and_top_is_refused(admin_client, tournament):
    recompute(tournament.pk, force=True)
    qualifying = Stage.objects.get(tournament=tournament, kind=StageKind.QUALIFYING)
    assert standings_pick(stage=qualifying) is None
    page = admin_client.get(generate_url(qualifying))
    assert not page.context["form"].fields["players"].initial and page.context["standings_note"] is None
    with pytest.raises(CommandError, match="--players top"):
        call_command("generate_seating", "finals-cup", "--stage", "qualifying", "--games", "4", "--players", "top",
                     "--dry-run", stdout=StringIO())


def test_a_semifinal_of_40_takes_the_best_20():
    tournament = demo("semis-cup", players=40)
    semifinal = Stage.objects.create(tournament=tournament, kind=StageKind.SEMIFINAL, order=2)
    recompute(tournament.pk, force=True)
    pick = standings_pick(stage=semifinal)
    assert pick.size == 20 and [player.pk for player in pick.players] == best(tournament, 20)
    out = StringIO()
    call_command("generate_seating", "semis-cup", "--stage", "semifinal", "--games", "5", "--players", "top",
                 "--balance", "tables", stdout=out, stderr=StringIO())
    assert set(Seat.objects.filter(game__stage=semifinal).values_list("player_id", flat=True)) == set(best(tournament, 20))


def test_the_note_speaks_russian(admin_client, tournament, final):
    admin_client.cookies["django_language"] = "ru"
    with translation.override("ru"):
        content = admin_client.get(generate_url(final)).content.decode()
        assert "Нет турнирной таблицы" in content
        recompute(tournament.pk, force=True)
        content = admin_client.get(generate_url(final)).content.decode()
        assert "Отмечены лучшие 10" in content
