"""A draft tournament is not public: its pages, files and API answers are 404 for a visitor and the
home page does not list it; its organisers (and the superuser) see its pages under a preview banner."""
import pytest
from django.contrib.auth.models import Group

from scoring.recompute import recompute
from tests.factories import UserFactory
from tests.tournament_builders import played
from tournaments.models import Publication, Tournament

pytestmark = pytest.mark.django_db

PAGES = ["/t/{slug}/", "/t/{slug}/seating/", "/t/{slug}/standings/version/", "/t/{slug}/standings/table/",
         "/t/{slug}/games/1/", "/t/{slug}/players/{player}/"]
BANNER = "Preview — not public"


@pytest.fixture
def draft():
    tournament = played("secret", players=20, rounds=1)
    recompute(tournament.pk)
    Tournament.objects.filter(pk=tournament.pk).update(publication=Publication.DRAFT)
    tournament.refresh_from_db()
    return tournament


def urls(tournament):
    player = tournament.registrations.first().player_id
    return [page.format(slug=tournament.slug, player=player) for page in PAGES]


def test_a_visitor_gets_404_everywhere_and_the_home_page_does_not_list_it(client, draft):
    for url in urls(draft):
        assert client.get(url).status_code == 404, url
    assert client.get(f"/t/{draft.slug}/standings.pdf").status_code == 404
    assert draft.name not in client.get("/").content.decode()


def test_the_organiser_sees_a_preview_with_a_banner(client, draft):
    organiser = UserFactory(username="org", is_staff=True)
    organiser.groups.add(Group.objects.get(name="Organiser"))
    draft.organisers.add(organiser)
    client.force_login(organiser)
    for url in urls(draft):
        response = client.get(url, HTTP_ACCEPT_LANGUAGE="en")
        assert response.status_code == 200, url
        if "version" not in url and "table" not in url:
            assert BANNER in response.content.decode(), url
    # another staff user without a role is a visitor
    client.force_login(UserFactory(username="other", is_staff=True))
    assert client.get(f"/t/{draft.slug}/").status_code == 404


def test_publishing_makes_it_public_without_a_banner(client, draft):
    draft.publication = Publication.PUBLISHED
    draft.save()
    response = client.get(f"/t/{draft.slug}/", HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200 and BANNER not in response.content.decode()
    assert draft.name in client.get("/").content.decode()


def test_the_api_does_not_list_a_draft_to_a_visitor(client, admin_client, draft):
    played("open-cup", players=20, rounds=1)
    slugs = [t["slug"] for t in client.get("/api/v1/tournaments/").json()["results"]]
    assert slugs == ["open-cup"]
    assert client.get(f"/api/v1/tournaments/{draft.slug}/").status_code == 404
    assert client.get(f"/api/v1/tournaments/{draft.slug}/standings/").status_code == 404
    assert client.get(f"/api/v1/tournaments/{draft.slug}/players/").status_code == 404
    assert {t["slug"] for t in admin_client.get("/api/v1/tournaments/").json()["results"]} == {"open-cup", "secret"}


def test_a_tournament_made_in_the_admin_starts_as_a_draft(admin_client):
    body = admin_client.get("/admin/tournaments/tournament/add/").content.decode()
    assert '<option value="draft" selected>' in body
    assert Tournament._meta.get_field("publication").default == Publication.PUBLISHED  # imports and existing rows


def test_a_players_results_in_the_api_leave_out_a_draft(client, draft):
    player = draft.registrations.first().player_id
    assert client.get(f"/api/v1/players/{player}/").status_code == 404  # registered only in the draft: not public


DOORS = ["/t/{slug}/", "/t/{slug}/seating/", "/t/{slug}/screen/", "/t/{slug}/standings.pdf", "/t/{slug}/seating.xlsx",
         "/t/{slug}/games/1/protocol.pdf", "/desk/{slug}/", "/desk/{slug}/log/", "/desk/{slug}/protests/1/",
         "/api/v1/tournaments/{slug}/", "/api/v1/tournaments/{slug}/games/", "/api/v1/tournaments/{slug}/standings/",
         "/api/v1/tournaments/{slug}/file/"]


@pytest.mark.parametrize("who", ["anonymous", "user", "staff"])
def test_a_drafts_slug_answers_exactly_as_an_unknown_one_to_whoever_may_not_preview_it(client, draft, who):
    if who != "anonymous":
        client.force_login(UserFactory(username=who, is_staff=who == "staff"))
    for door in DOORS:
        secret, unknown = (client.get(door.format(slug=slug)) for slug in (draft.slug, "no-such-cup"))
        assert secret.status_code == unknown.status_code, door  # the desk and the file said 403: "it exists"
        if door.startswith("/api/"):
            assert secret.json() == unknown.json(), door
    put = lambda slug: client.put(f"/api/v1/tournaments/{slug}/file/", {}, content_type="application/json")  # noqa: E731
    assert put(draft.slug).status_code == put("no-such-cup").status_code
    post = lambda slug: client.post(f"/desk/{slug}/approve/1/")  # noqa: E731
    assert post(draft.slug).status_code == post("no-such-cup").status_code


def test_players_registered_only_in_a_draft_are_not_public(client, draft):
    secret = draft.registrations.select_related("player").first().player
    cup = played("open-cup", players=20, rounds=1)
    listed = {p["id"] for p in client.get("/api/v1/players/?page_size=200").json()["results"]}
    assert secret.pk not in listed and listed == set(cup.registrations.values_list("player_id", flat=True))
    assert client.get(f"/api/v1/players/{secret.pk}/").status_code == 404
    assert secret.nickname not in client.get(f"/api/v1/players/?search={secret.nickname}").content.decode()
    # once registered in a published tournament too, the player is public, the draft's results still not
    cup.registrations.create(player=secret, number=99)
    results = client.get(f"/api/v1/players/{secret.pk}/").json()["results"]
    assert [r["tournament"] for r in results] == ["open-cup"]
