"""A judge and their login made in one admin form: the user (staff, in the role's group), the Judge
row and the tournament's judges; the password generated or given, shown once; the judge logs in."""
import re

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group

from tests.factories import GameFactory, TournamentFactory, UserFactory
from tournaments.models import Judge, TournamentJudge

pytestmark = pytest.mark.django_db
ADD = "/admin/tournaments/judge/add/"


@pytest.fixture(autouse=True)
def english(settings, client, admin_client):
    for each in (client, admin_client):
        each.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"


def test_the_admin_makes_a_table_judge_who_logs_in_and_sees_their_game(admin_client, client):
    tournament = TournamentFactory()
    response = admin_client.post(ADD, {"name": "Судья Анна", "username": "anna", "password": "",
                                       "tournaments": [tournament.pk], "role": "table"})
    assert response.status_code == 200
    password = response.context["password"]
    assert len(password) == 12 and password in response.content.decode()
    judge = Judge.objects.get(name="Судья Анна")
    user = judge.user
    assert user.username == "anna" and user.is_staff and not user.is_superuser and user.check_password(password)
    assert list(user.groups.values_list("name", flat=True)) == ["Judge"]
    assert list(TournamentJudge.objects.filter(tournament=tournament).values_list("judge__name", "order")) == [("Судья Анна", 1)]
    game = GameFactory(tournament=tournament, judge=judge, seats=True)  # the seating gives the judge a table
    response = client.post("/judge/login/", {"username": "anna", "password": password})
    assert response.status_code == 302
    page = client.get("/judge/")
    assert f"/judge/games/{game.pk}/" in page.content.decode()
    assert client.get(f"/judge/games/{game.pk}/").status_code == 200


def test_a_chief_judge_with_a_chosen_password(admin_client):
    tournament = TournamentFactory()
    response = admin_client.post(ADD, {"name": "Главный", "username": "chief2", "password": "Lantern-Mafia-42",
                                       "tournaments": [tournament.pk], "role": "chief"})
    assert response.context["password"] == "Lantern-Mafia-42"
    tournament.refresh_from_db()
    assert tournament.chief_judge.user.username == "chief2"
    assert list(tournament.chief_judge.user.groups.values_list("name", flat=True)) == ["Chief judge"]


def test_a_taken_username_or_a_weak_password_is_named_and_nothing_is_made(admin_client):
    UserFactory(username="anna")
    tournament = TournamentFactory()
    body = admin_client.post(ADD, {"name": "Анна", "username": "ANNA", "password": "", "tournaments": [tournament.pk],
                                   "role": "table"}).content.decode()
    assert "This username is taken." in body
    body = admin_client.post(ADD, {"name": "Анна", "username": "anna2", "password": "123", "tournaments": [tournament.pk],
                                   "role": "table"}).content.decode()
    assert "This password is too short" in body
    assert not Judge.objects.exists() and get_user_model().objects.count() == 2  # anna and the admin


def test_an_organiser_makes_judges_only_for_their_tournaments(client):
    mine, other = TournamentFactory(), TournamentFactory()
    organiser = UserFactory(username="org", is_staff=True)
    organiser.groups.add(Group.objects.get(name="Organiser"))
    mine.organisers.add(organiser)
    client.force_login(organiser)
    response = client.post(ADD, {"name": "Борис", "username": "boris", "password": "", "tournaments": [other.pk],
                                 "role": "table"})
    assert "Select a valid choice" in response.content.decode() and not Judge.objects.exists()
    response = client.post(ADD, {"name": "Борис", "username": "boris", "password": "", "tournaments": [mine.pk],
                                 "role": "table"})
    assert response.status_code == 200 and Judge.objects.get().tournaments.get() == mine


@pytest.mark.parametrize("language,labels", [
    ("ru", ["Имя:", "Имя пользователя:", "Пароль:", "Турниры:", "Роль:"]),
    ("en", ["Name:", "Username:", "Password:", "Tournaments:", "Role:"]),
])
def test_the_new_judge_form_labels_start_with_a_capital(admin_client, settings, language, labels):
    admin_client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    page = admin_client.get(ADD).content.decode()
    found = [re.sub(r"<[^>]+>", "", label) for label in re.findall(r"<label[^>]*>(.*?)</label>", page, re.S)]
    for label in labels:
        assert label in found, (label, found)
