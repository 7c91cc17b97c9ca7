"""The printable cards: each judge's name and login with a QR code of /judge/, and the hall's QR
code of the seating page; only for the tournament's organisers (a 404 for anyone else); no password."""
import re

import pytest
from django.contrib.auth.models import Group

from tests.factories import UserFactory
from tests.tournament_builders import played

pytestmark = pytest.mark.django_db


@pytest.fixture
def cup():
    return played("cards", players=20, rounds=1)


def test_the_organiser_prints_the_judges_and_the_hall_cards(client, cup):
    organiser = UserFactory(username="org", is_staff=True)
    organiser.groups.add(Group.objects.get(name="Organiser"))
    cup.organisers.add(organiser)
    client.force_login(organiser)
    html = client.get("/t/cards/cards/?lang=ru").content.decode()
    judges = re.findall(r'<section class="card judge-card">(.*?)</section>', html, re.S)
    logins = sorted(re.search(r'<strong class="login">([^<]*)</strong>', card).group(1) for card in judges)
    expected = sorted(link.judge.user.username for link in cup.judge_links.select_related("judge__user"))
    if cup.chief_judge_id and cup.chief_judge.user_id and cup.chief_judge.user.username not in expected:
        expected = sorted([*expected, cup.chief_judge.user.username])
    assert logins == expected and judges
    for card in judges:
        assert "<svg" in card and "http://testserver/judge/" in card
    hall = html.split('<section class="hall-card">', 1)[1]
    assert "<svg" in hall and "http://testserver/t/cards/seating/" in hall and "Найти меня" in hall
    assert "password" not in html.lower() or "passwords are not printed" in html.lower()
    assert "<script>" not in html


def test_anyone_else_gets_a_404(client, cup):
    assert client.get("/t/cards/cards/").status_code == 404
    client.force_login(UserFactory(username="someone", is_staff=True))
    assert client.get("/t/cards/cards/").status_code == 404
