"""An organiser keeps the rating settings of their own tournament in the admin (leave a friendly
game out of the rating, set its category): the change asks for a full recompute; an organiser
of another tournament can neither see those settings nor add them for it."""
import pytest
from django.test import Client
from django.urls import reverse

from ratings.models import RatingSettings, RatingState
from tests.factories import TournamentFactory, UserFactory
from tests.protocols.helpers import make_cast

pytestmark = pytest.mark.django_db


def _client(user):
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(user)
    return client


def test_an_organiser_leaves_their_tournament_out_of_the_rating():
    from django.contrib.auth.models import Group
    c = make_cast()
    tournament = c.game.tournament
    client = _client(c.organiser)
    response = client.post(reverse("admin:ratings_ratingsettings_add"), {"tournament": tournament.pk, "rated": "on",
                                                                          "stars": "3"})
    assert response.status_code == 302, response.content.decode()[:3000]
    settings = RatingSettings.objects.get(tournament=tournament)
    assert settings.rated and settings.stars == 3
    RatingState.objects.update(full_needed=False)
    response = client.post(reverse("admin:ratings_ratingsettings_change", args=[tournament.pk]),
                           {"tournament": tournament.pk, "stars": "3"})  # the box unticked: not rated
    assert response.status_code == 302
    assert not RatingSettings.objects.get(tournament=tournament).rated
    assert RatingState.objects.get().full_needed  # the whole history is rated anew without its games

    other = UserFactory(username="other-organiser", is_staff=True)
    other.groups.add(Group.objects.get(name="Organiser"))
    TournamentFactory(slug="theirs").organisers.add(other)
    stranger = _client(other)
    assert stranger.get(reverse("admin:ratings_ratingsettings_change", args=[tournament.pk])).status_code in (302, 404)
    response = stranger.post(reverse("admin:ratings_ratingsettings_add"), {"tournament": tournament.pk, "stars": "1"})
    assert response.status_code == 200 and "Select a valid choice" in response.content.decode()
    assert RatingSettings.objects.get(tournament=tournament).stars == 3
