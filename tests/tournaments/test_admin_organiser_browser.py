"""The organiser's screens in a real browser at 1366×768 (and a phone): the tournament's admin
page with its buttons under the title, not over it, and its stages linked; a draft's preview
whose "Screen" tab opens the projector."""
import pytest
from django.contrib.auth.models import Group

from scoring.recompute import recompute
from tests.browser import log_in_to_admin
from tests.factories import UserFactory
from tests.tournament_builders import played
from tournaments.models import Publication, Tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LAPTOP = {"width": 1366, "height": 768}
PHONE = {"width": 375, "height": 740}


def overlaps(a, b) -> bool:
    return not (a["x"] + a["width"] <= b["x"] or b["x"] + b["width"] <= a["x"]
                or a["y"] + a["height"] <= b["y"] or b["y"] + b["height"] <= a["y"])


def test_the_tournament_admin_page_and_the_drafts_projector(live_server, browser_page):
    tournament = played("draft-cup", players=20, rounds=1)
    recompute(tournament.pk)
    Tournament.objects.filter(pk=tournament.pk).update(publication=Publication.DRAFT)
    organiser = UserFactory(username="org", is_staff=True)
    organiser.groups.add(Group.objects.get(name="Organiser"))
    tournament.organisers.add(organiser)
    page = browser_page
    page.set_viewport_size(LAPTOP)
    log_in_to_admin(page, live_server.url, "org")
    assert page.locator("#content-main .module").first.get_attribute("class").startswith("app-tournaments")

    page.goto(f"{live_server.url}/admin/tournaments/tournament/{tournament.pk}/change/?lang=ru")
    title = page.locator("#content h1").first.bounding_box()
    tools = page.locator(".object-tools li")
    assert tools.count() >= 6
    for i in range(tools.count()):
        assert not overlaps(title, tools.nth(i).bounding_box()), tools.nth(i).inner_text()
    assert page.evaluate("document.scrollingElement.scrollWidth - window.innerWidth") <= 0
    page.click("#stage-links a >> text=Сгенерировать рассадку")
    page.wait_for_selector("#seating-generate-form")

    page.goto(f"{live_server.url}/t/draft-cup/?lang=ru")
    assert page.is_visible(".preview-banner")
    page.click("nav a[href='/t/draft-cup/screen/']")
    page.wait_for_selector(".panel-standings")
    assert "draft-cup" in page.url and page.locator(".panel-standings tbody tr").count() > 0

    page.set_viewport_size(PHONE)
    page.goto(f"{live_server.url}/admin/tournaments/tournament/{tournament.pk}/change/?lang=ru")
    title = page.locator("#content h1").first.bounding_box()
    first_tool = page.locator(".object-tools li").first.bounding_box()
    assert not overlaps(title, first_tool)
