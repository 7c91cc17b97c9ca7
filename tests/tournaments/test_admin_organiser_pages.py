"""What an organiser meets in the admin: the tournaments first on the index (not after the
login throttling and the tokens), the tournament's page linking its stages (where the seating
is generated), and a draft's projector answering its organiser (the preview's "Screen" tab)."""
import re

import pytest
from django.contrib.auth.models import Group

from scoring.recompute import recompute
from tests.factories import UserFactory
from tests.tournament_builders import played
from tournaments.models import Publication, Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def organiser():
    user = UserFactory(username="org", is_staff=True)
    user.groups.add(Group.objects.get(name="Organiser"))
    return user


@pytest.fixture
def draft(organiser):
    tournament = played("secret", players=20, rounds=1)
    recompute(tournament.pk)
    Tournament.objects.filter(pk=tournament.pk).update(publication=Publication.DRAFT)
    tournament.refresh_from_db()
    tournament.organisers.add(organiser)
    return tournament


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_tournaments_come_first_on_the_admin_index(client, lang):
    client.force_login(UserFactory(username="root", is_staff=True, is_superuser=True))
    html = client.get("/admin/", HTTP_ACCEPT_LANGUAGE=lang).content.decode()
    apps = re.findall(r'<div class="app-(\w+) module', html)
    assert apps[0] == "tournaments" and apps[1] == "protocols", apps
    assert apps.index("axes") > apps.index("exports") and apps.index("authtoken") > apps.index("exports"), apps


def test_the_tournament_page_links_its_stages_and_their_seating(client, draft, organiser):
    client.force_login(organiser)
    html = client.get(f"/admin/tournaments/tournament/{draft.pk}/change/", HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    links = html.split('id="stage-links"', 1)[1].split("</fieldset>", 1)[0]
    stage = draft.stages.get()
    assert f'href="/admin/tournaments/stage/{stage.pk}/change/"' in links
    assert f'href="/admin/tournaments/stage/{stage.pk}/seating/generate/">Сгенерировать рассадку</a>' in links
    assert client.get(f"/admin/tournaments/stage/{stage.pk}/seating/generate/").status_code == 200


def test_a_drafts_projector_answers_its_organiser_only(client, draft, organiser):
    url = f"/t/{draft.slug}/screen/"
    assert client.get(url).status_code == 404  # a visitor
    client.force_login(organiser)
    response = client.get(url, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200 and draft.name in response.content.decode()
    client.force_login(UserFactory(username="other", is_staff=True))
    assert client.get(url).status_code == 404
