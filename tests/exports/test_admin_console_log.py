"""The Game admin's page shows the console's log in words, as the entry page does: only to staff
who may open the game's protocol, and before the sign-off only to those who may run its console
(the night's shots and checks stay with the table's judge and the chief judge until then)."""
import pytest
from django.urls import reverse
from django.utils import timezone

from protocols.vocabulary import GameStatus
from tests.console.test_log_service import post, seat_roles
from tests.protocols.helpers import make_cast

pytestmark = pytest.mark.django_db

FIRST_FOUL = "foul: seat 1"           # the sixth event of g1: a foul on seat 1 on day 1
NOMINATION = "seat 2 nominates seat 3"


@pytest.fixture
def played(client):
    """Table 1's game with the first twelve events of g1 entered on its console by its judge."""
    cast = seat_roles(make_cast(), "g1_fiim_red_win.json")
    client.force_login(cast.judge)
    for index, event in enumerate(cast.events[:12]):
        assert post(client, cast.game, index, event).status_code == 200
    client.logout()
    return cast


def admin_page(client, user, game, lang="en") -> str:
    client.force_login(user)
    response = client.get(reverse("admin:protocols_game_change", args=[game.pk]), HTTP_ACCEPT_LANGUAGE=lang)
    assert response.status_code == 200
    return response.content.decode()


@pytest.mark.parametrize("who", ["chief", "judge", "superuser"])
def test_before_sign_off_those_who_may_run_the_console_see_its_log_in_words(client, played, who):
    page = admin_page(client, getattr(played, who), played.game)
    assert "The console&#x27;s log" in page or "The console's log" in page
    assert NOMINATION in page and FIRST_FOUL in page and "Судья 1" in page


def test_the_log_is_worded_in_the_pages_language(client, played):
    page = admin_page(client, played.chief, played.game, lang="ru")
    assert "Журнал пульта" in page and "игрок 2 выставляет игрока 3" in page and "фол: игрок 1" in page


def test_an_organiser_sees_no_log_before_the_sign_off_and_all_of_it_after(client, played):
    page = admin_page(client, played.organiser, played.game)
    assert NOMINATION not in page and 'id="console-log"' not in page
    type(played.game).objects.filter(pk=played.game.pk).update(status=GameStatus.SIGNED_OFF, signed_off_at=timezone.now(),
                                                               result="red")
    page = admin_page(client, played.organiser, played.game)
    assert 'id="console-log"' in page and NOMINATION in page and FIRST_FOUL in page


def test_a_game_never_run_on_the_console_shows_no_log_section(client, played):
    page = admin_page(client, played.chief, played.other_game)
    assert 'id="console-log"' not in page
