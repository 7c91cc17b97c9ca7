"""Wherever the admin picks a person, it is an autocomplete by nickname or name, not a raw id."""
import re

import pytest
from django.urls import reverse

from tests.factories import GameFactory, JudgeFactory, PlayerFactory, RegistrationFactory, TournamentJudgeFactory

pytestmark = pytest.mark.django_db


def test_the_tournament_page_picks_players_judges_and_people_by_autocomplete(admin_client):
    registration = RegistrationFactory(player=PlayerFactory(nickname="Багира"))
    tournament = registration.tournament
    TournamentJudgeFactory(tournament=tournament, judge=JudgeFactory(name="Судья Ольга"))
    body = admin_client.get(reverse("admin:tournaments_tournament_change", args=[tournament.pk])).content.decode()
    assert 'name="registrations-0-player"' in body and 'name="judge_links-0-judge"' in body
    assert 'class="vForeignKeyRawIdAdminField"' not in body
    assert f'<option value="{registration.player_id}" selected>Багира</option>' in body  # labelled without a query per row
    assert "Судья Ольга</option>" in body
    for name in ("chief_judge", "appeals", "organisers", "registrations-0-player", "judge_links-0-judge"):
        assert is_autocomplete(body, name), name


def is_autocomplete(body: str, name: str) -> bool:
    """The form's <select name=...> tag is Django's autocomplete widget."""
    found = re.search(rf'<select[^>]*\bname="{re.escape(name)}"[^>]*>', body)
    return found is not None and "admin-autocomplete" in found.group(0)


@pytest.mark.parametrize(("url", "field"), [
    ("admin:tournaments_registration_add", "player"), ("admin:tournaments_player_add", "user"),
    ("admin:tournaments_judge_change", "user"), ("admin:protocols_game_change", "judge"),
    ("admin:protocols_game_change", "seats-0-player"),
])
def test_the_person_fields_are_autocompletes(admin_client, url, field):
    judge = JudgeFactory()
    game = GameFactory(judge=judge, seats=True)
    args = {"admin:tournaments_judge_change": [judge.pk], "admin:protocols_game_change": [game.pk]}.get(url, [])
    body = admin_client.get(reverse(url, args=args)).content.decode()
    assert is_autocomplete(body, field)


def test_the_autocomplete_finds_a_player_by_nickname_or_name(admin_client):
    PlayerFactory(nickname="Ёлка", real_name="Мария Петрова")
    PlayerFactory(nickname="Ворон")
    url = reverse("admin:autocomplete")
    found = admin_client.get(url, {"app_label": "tournaments", "model_name": "registration", "field_name": "player",
                                   "term": "Петрова"}).json()["results"]
    assert [r["text"] for r in found] == ["Ёлка"]
