"""A test tournament can be deleted from the admin, with Django's confirmation page; a public one
only by the superuser, and an organiser is told why."""
import pytest
from django.contrib.auth.models import Group
from django.urls import reverse

from protocols.models import Game, Seat
from scoring.models import StandingsState
from scoring.recompute import recompute
from tests.factories import UserFactory
from tests.tournament_builders import played
from tournaments.models import Player, Publication, Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def organiser(client, settings):
    user = UserFactory(username="org", is_staff=True)
    user.groups.add(Group.objects.get(name="Organiser"))
    client.force_login(user)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    return user


def test_an_organiser_deletes_a_played_draft_after_the_confirmation_page(client, organiser):
    tournament = played("test-run", players=20, rounds=2, final_games=2)
    recompute(tournament.pk)
    Tournament.objects.filter(pk=tournament.pk).update(publication=Publication.DRAFT)
    tournament.organisers.add(organiser)
    url = reverse("admin:tournaments_tournament_delete", args=[tournament.pk])
    page = client.get(url)
    body = page.content.decode()
    assert page.status_code == 200 and "Game 1" in body and "Table 1" in body  # what goes is listed
    assert client.post(url, {"post": "yes"}).status_code == 302
    assert not Tournament.objects.filter(pk=tournament.pk).exists()
    assert Game.objects.count() == 0 and Seat.objects.count() == 0 and StandingsState.objects.count() == 0
    assert Player.objects.count() == 20  # the people stay for the next tournament


def test_an_organiser_is_told_a_published_tournament_cannot_be_deleted(client, organiser):
    tournament = played("public-one", players=20, rounds=1)
    tournament.organisers.add(organiser)
    response = client.get(reverse("admin:tournaments_tournament_delete", args=[tournament.pk]), follow=True)
    assert "cannot be deleted; set its status to draft first" in response.content.decode()
    assert Tournament.objects.filter(pk=tournament.pk).exists()


def test_the_superuser_deletes_a_published_tournament(admin_client):
    tournament = played("old", players=20, rounds=1)
    url = reverse("admin:tournaments_tournament_delete", args=[tournament.pk])
    assert admin_client.post(url, {"post": "yes"}).status_code == 302
    assert not Tournament.objects.filter(pk=tournament.pk).exists()


def test_a_table_with_games_still_cannot_be_deleted_alone(admin_client):
    tournament = played("tables", players=20, rounds=1)
    table = tournament.tables.get(number=1)
    url = reverse("admin:tournaments_table_delete", args=[table.pk])
    body = " ".join(admin_client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode().split())
    assert "would require deleting the following protected related objects" in body and "Game 1" in body
    admin_client.post(url, {"post": "yes"})
    assert tournament.tables.filter(pk=table.pk).exists()
