"""How a stored seating was made (seed and budget, shown on the public page), judges chosen per
table and per stage, and clubs kept apart, through the admin and the services."""
import pytest
from django.test import Client

from protocols.models import Game
from seating.models import SeatingRecord
from seating.services import preview_seating, save_seating
from tests.factories import ClubFactory, JudgeFactory
from tests.seating.admin_pages import generate_url, make_qualifying_stage, preview, token_of
from tests.seating.test_services import make_stage
from tournaments.models import StageKind

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english", "quick_generator")]


def test_the_seed_and_budget_are_stored_and_shown_on_the_public_seating_page(admin_client, client):
    stage = make_qualifying_stage()
    admin_client.post(generate_url(stage), {"preview": token_of(preview(admin_client, stage, seed=1234)), "_save": "1"})
    record = SeatingRecord.objects.get(stage=stage)
    assert record.seed == 1234 and record.iterations == 500 and record.balance == "near"
    # the organisers see on the public page how it was made; the players do not
    page = admin_client.get(f"/t/{stage.tournament.slug}/seating/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "seed 1234" in page and "budget 500 moves" in page
    admin_client.cookies["django_language"] = "ru"
    russian = admin_client.get(f"/t/{stage.tournament.slug}/seating/?lang=ru").content.decode()
    assert "зерно 1234" in russian and "бюджет 500 ходов" in russian
    visitor = Client()  # (the admin's client shares its language cookie)
    for lang in ("ru", "en"):
        players = visitor.get(f"/t/{stage.tournament.slug}/seating/?lang={lang}").content.decode()
        assert "1234" not in players and "seating-seed" not in players
    admin_client.cookies["django_language"] = "en"
    assert "Made with seed 1234, a budget of 500 moves." in admin_client.get(
        f"/admin/tournaments/stage/{stage.pk}/change/").content.decode()


def test_the_same_seed_through_the_form_gives_the_same_seating():
    stage = make_stage()
    first = preview_seating(stage=stage, games=10, seed=9)[0].to_document()
    assert preview_seating(stage=stage, games=10, seed=9)[0].to_document() == first
    assert preview_seating(stage=stage, games=10, seed=10)[0].to_document() != first


def test_judges_are_chosen_per_table_in_the_form(admin_client):
    stage = make_qualifying_stage()
    first, second = [link.judge for link in stage.tournament.judge_links.order_by("order")]
    page = admin_client.get(generate_url(stage)).content.decode()
    assert 'name="judge_1"' in page and 'name="judge_2"' in page and 'name="judge_3"' not in page
    response = preview(admin_client, stage, judge_1=second.pk, judge_2=first.pk)
    admin_client.post(generate_url(stage), {"preview": token_of(response), "_save": "1"})
    round_one = {game.table.number: game.judge for game in Game.objects.filter(stage=stage, round__number=1)}
    seating_judges = SeatingRecord.objects.get(stage=stage).judges
    assert seating_judges == [second.pk, first.pk]  # judge 1 of the seating is the second judge of the tournament
    assert set(round_one.values()) == {first, second}
    response = preview(admin_client, stage, judge_1=first.pk, judge_2=first.pk)
    assert "already judges another table" in " ".join(response.context["form"].errors["judge_2"])
    # a table left empty gets the next judge of the tournament not chosen elsewhere
    response = preview(admin_client, stage, judge_1=second.pk)
    admin_client.post(generate_url(stage), {"preview": token_of(response), "_save": "1"})
    assert SeatingRecord.objects.get(stage=stage).judges == [second.pk, first.pk]


def test_the_chief_judge_judges_the_final_when_chosen_not_judge_number_one(admin_client):
    stage = make_qualifying_stage()
    chief = JudgeFactory(name="Chief")
    stage.tournament.chief_judge = chief
    stage.tournament.save()
    final = stage.tournament.stages.create(kind=StageKind.FINAL, order=2)
    form_page = admin_client.get(generate_url(final)).content.decode()
    assert "Judge of the final" in form_page and f'<option value="{chief.pk}" selected>' in form_page
    players = [r.player_id for r in stage.tournament.registrations.order_by("number")][:10]
    response = preview(admin_client, final, players=players, judge_1=chief.pk)
    admin_client.post(generate_url(final), {"preview": token_of(response), "_save": "1"})
    assert {game.judge for game in Game.objects.filter(stage=final)} == {chief}


def test_keeping_clubs_apart_seats_fewer_club_mates_together():
    stage = make_stage(players=30, judges=3)
    clubs = [ClubFactory() for _ in range(6)]
    for index, registration in enumerate(stage.tournament.registrations.order_by("number")):
        registration.player.club = clubs[index % 6]
        registration.player.save()
    without = preview_seating(stage=stage, games=10, seed=2)[1]["stage"]
    apart = preview_seating(stage=stage, games=10, seed=2, clubs_apart=True)[1]["stage"]
    assert apart["same_club_pairs_fewest"] == without["same_club_pairs_fewest"] == 120
    assert apart["same_club_pairs"] < without["same_club_pairs"]


def test_a_seating_saved_by_a_script_records_the_seed_it_was_made_with():
    stage = make_stage()
    seating, _report = preview_seating(stage=stage, games=10, seed=5)
    save_seating(stage=stage, seating=seating, user=None)
    assert SeatingRecord.objects.get(stage=stage).seed == 5
