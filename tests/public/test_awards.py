"""The awards of a tournament in the database: the page with each rule, the ceremony on the
projector, the diplomas read back from the PDF, the organisers' own awards, and a hidden final
keeping them from the public until the reveal."""
import io
from collections import defaultdict

import pytest
from django.core.exceptions import ValidationError
from pypdf import PdfReader

from scoring.models import PlayerStanding
from scoring.recompute import recompute
from tests.factories import UserFactory
from tests.tournament_builders import played
from tournaments.models import HandAward, Player, Registration, Stage

pytestmark = pytest.mark.django_db


@pytest.fixture
def finished():
    t = played("awards", players=20, rounds=4, seed=3)
    recompute(t.pk, force=True)
    return t


def best_in_role(t, role: str):
    """(nickname, cents, games) of the best in `role`, read from the stored explanations, not from
    the awards' code: the points of the games played in the role, the fewer games first on a tie,
    then the place. Every role needs one game here: 4 games each, share 0.5."""
    tally = defaultdict(lambda: [0, 0])
    rows = PlayerStanding.objects.filter(snapshot__tournament=t, snapshot__scope="all",
                                         snapshot__version=t.standings_state.computed_version)
    place = {}
    for row in rows:
        place[row.nickname] = row.place
        for _number, _seat, seat_role, lines in row.explanation:
            if seat_role == role:
                tally[row.nickname][0] += sum(line[2] for line in lines)
                tally[row.nickname][1] += 1
    needed = {"red": 2, "sheriff": 1, "black": 1, "don": 1}[role]  # ceil(0.5 × 4 × seats / 10)
    nickname, (cents, games) = min(((n, v) for n, v in tally.items() if v[1] >= needed),
                                   key=lambda item: (-item[1][0], item[1][1], place[item[0]]))
    return nickname, cents, games


def test_the_awards_page_names_the_best_in_each_role_with_its_rule(finished, client):
    t = finished
    t.refresh_from_db()
    html = client.get(f"/t/{t.slug}/awards/", {"lang": "en"}).content.decode()
    for role, title in (("red", "Best red player"), ("sheriff", "Best sheriff"), ("black", "Best black player"),
                        ("don", "Best don")):
        nickname, cents, games = best_in_role(t, role)
        block = html.split(f'award-{role}"')[1].split("</li>")[0]
        assert title in block and nickname in block, (role, block)
        points = f"{cents // 100}.{cents % 100:02d}"
        assert f"{points} in {games} game" in block
    sheriff = html.split('award-sheriff"')[1].split("</li>")[0]
    assert "among the players with at least 1 game in that role" in sheriff
    assert "Best first-killed" in html and "best-move points" in html
    russian = client.get(f"/t/{t.slug}/awards/", {"lang": "ru"}).content.decode()
    assert "Лучший шериф" in russian and "Лучший первый убиенный" in russian


def test_the_organisers_award_the_ceremony_and_the_diplomas(finished, client):
    t = finished
    t.refresh_from_db()
    registered = Registration.objects.filter(tournament=t).select_related("player").order_by("number").first().player
    HandAward.objects.create(tournament=t, title="Приз зрительских симпатий", player=registered, order=1)
    outsider = Player.objects.create(nickname="Чужой")
    with pytest.raises(ValidationError) as refused:
        HandAward(tournament=t, title="Лучший дебют", player=outsider).full_clean()
    assert "player" in refused.value.message_dict

    page = client.get(f"/t/{t.slug}/awards/").content.decode()
    assert "Приз зрительских симпатий" in page and registered.nickname in page

    closed = client.get(f"/t/{t.slug}/screen/awards/", {"lang": "en"}).content.decode()
    sheriff, _cents, _games = best_in_role(t, "sheriff")
    assert "0 of 6 revealed" in closed and closed.count('class="ceremony-winner closed"') == 6
    assert 'href="?shown=1"' in closed
    two = client.get(f"/t/{t.slug}/screen/awards/", {"shown": "2", "lang": "en"}).content.decode()
    assert sheriff in two and two.count('class="ceremony-winner closed"') == 4
    everything = client.get(f"/t/{t.slug}/screen/awards/", {"shown": "999", "lang": "en"}).content.decode()
    assert "6 of 6 revealed" in everything and registered.nickname in everything and "ceremony-next" not in everything
    assert client.get(f"/t/{t.slug}/screen/awards/", {"shown": "-1"}).status_code == 404
    assert client.get(f"/t/{t.slug}/screen/awards/", {"shown": "x"}).status_code == 404

    response = client.get(f"/t/{t.slug}/awards/diplomas.pdf")
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    reader = PdfReader(io.BytesIO(b"".join(response.streaming_content) if response.streaming else response.content))
    assert len(reader.pages) == 6
    texts = [page.extract_text() for page in reader.pages]
    assert all(t.name in text and "Диплом".upper() in text.upper() for text in texts)
    assert "Лучший шериф" in texts[1] and sheriff in texts[1]
    assert "Приз зрительских симпатий" in texts[5] and registered.nickname in texts[5]
    assert reader.pages[0].mediabox.width < reader.pages[0].mediabox.height  # A4 portrait


def test_a_hidden_final_keeps_the_awards_until_the_reveal(client):
    t = played("awards-final", players=20, rounds=3, final_games=2, seed=5)
    Stage.objects.filter(tournament=t, kind="final").update(standings_hidden=True)
    recompute(t.pk, force=True)
    page = client.get(f"/t/{t.slug}/awards/", {"lang": "en"}).content.decode()
    assert "The awards are announced once the organisers reveal the standings of the stage “Final”" in page
    assert "Best sheriff" not in page
    assert "Best sheriff" not in client.get(f"/t/{t.slug}/screen/awards/", {"lang": "en"}).content.decode()
    assert client.get(f"/t/{t.slug}/awards/diplomas.pdf").status_code == 404
    organiser = UserFactory(is_staff=True)
    t.organisers.add(organiser)
    client.force_login(organiser)
    assert "Best sheriff" in client.get(f"/t/{t.slug}/awards/", {"lang": "en"}).content.decode()
    assert client.get(f"/t/{t.slug}/awards/diplomas.pdf").status_code == 200
    client.logout()
    Stage.objects.filter(tournament=t, kind="final").update(standings_hidden=False)
    recompute(t.pk, force=True)
    assert "Best sheriff" in client.get(f"/t/{t.slug}/awards/", {"lang": "en"}).content.decode()
