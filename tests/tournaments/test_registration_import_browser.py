"""A pasted list registered in a real browser: the preview, then the confirmation."""
import pytest

from tests.browser import log_in_to_admin
from tests.factories import PlayerFactory, TournamentFactory, UserFactory
from tournaments.models import Registration

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.browser]


def test_a_pasted_list_is_previewed_then_saved(live_server, browser_page):
    # the superuser: a transactional test's flush drops the Organiser group's permissions
    tournament = TournamentFactory()
    organiser = UserFactory(username="boss", is_superuser=True, is_staff=True)
    PlayerFactory(nickname="Ёжик")
    page = browser_page
    log_in_to_admin(page, live_server.url, organiser.username, lang="en")
    page.goto(f"{live_server.url}/admin/tournaments/tournament/{tournament.pk}/change/")
    page.click("text=Import registrations")
    page.fill("#id_text", "ежик\nЛиса\tАнна\tВолга\tКазань")
    page.click('input[name="preview"]')
    page.wait_for_selector("#import-preview")
    rows = page.inner_text("#import-preview tbody")
    assert "existing player" in rows and "Ёжик" in rows and "new player" in rows and "Лиса" in rows
    assert not Registration.objects.filter(tournament=tournament).exists()
    page.click('input[name="confirm"]')
    page.wait_for_url(f"**/admin/tournaments/tournament/{tournament.pk}/change/")
    assert "Registered 2 players." in page.inner_text("body")
    assert list(Registration.objects.filter(tournament=tournament).order_by("number")
                .values_list("player__nickname", flat=True)) == ["Ёжик", "Лиса"]
