"""Before the first protocol is signed off the standings page lists the registered participants
(with their clubs and cities), not only "no games have been signed off yet"."""
import re

import pytest

from scoring.recompute import recompute
from tests.factories import ClubFactory, PlayerFactory, RegistrationFactory, TournamentFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def fresh():
    tournament = TournamentFactory(slug="fresh")
    club = ClubFactory(name="Белые ночи")
    for nickname, city in (("Ворон", "Москва"), ("Лиса", "Казань"), ("Граф", "")):
        player = PlayerFactory(nickname=nickname, club=club if nickname != "Граф" else None, city=city)
        RegistrationFactory(tournament=tournament, player=player)
    gone = RegistrationFactory(tournament=tournament, player=PlayerFactory(nickname="Ушёл"))
    gone.withdrawn = True
    gone.save()
    recompute(tournament.pk)
    return tournament


def rows(html):
    table = html.split('id="participants"', 1)[1].split("</table>", 1)[0]
    return [re.findall(r"<td[^>]*>([^<]*)</td>", row) for row in re.findall(r"<tr>(.*?)</tr>", table.split("<tbody>")[1])]


def test_the_participants_are_listed_before_round_1(client, fresh):
    html = client.get("/t/fresh/?lang=ru").content.decode()
    assert "Зарегистрировано 3 участника:" in html
    assert rows(html) == [["1", "Ворон", "Белые ночи", "Москва"], ["2", "Граф", "—", "—"], ["3", "Лиса", "Белые ночи", "Казань"]]
    english = client.get("/t/fresh/?lang=en").content.decode()
    assert "3 participants registered:" in english and "<th>City</th>" in english


def test_a_registration_after_the_page_was_seen_shows_soon(client, fresh, settings):
    from public import views

    client.get("/t/fresh/?lang=en")
    RegistrationFactory(tournament=fresh, player=PlayerFactory(nickname="Новичок"))
    assert views.PARTICIPANTS_TTL <= 30  # the cached page lives only that long
    from django.core.cache import cache

    cache.clear()
    assert "Новичок" in client.get("/t/fresh/?lang=en").content.decode()


def test_the_player_page_has_find_me(client, fresh):
    player = fresh.registrations.filter(withdrawn=False).first().player
    html = client.get(f"/t/fresh/players/{player.pk}/?lang=en").content.decode()
    form = html.split('<form class="findme"', 1)[1].split("</form>", 1)[0]
    assert 'action="/t/fresh/seating/"' in form and 'name="me"' in form and '<option value="Ворон">' in form
