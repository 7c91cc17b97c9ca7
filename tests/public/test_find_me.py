""""Find me" matches a nickname whatever its case and ё/е, on SQLite as on PostgreSQL, and offers
the tournament's nicknames as suggestions; the language switch keeps the page's query."""
import re

import pytest

from scoring.recompute import recompute
from tests.tournament_builders import add_scheduled_round, played
from tournaments.models import Player

pytestmark = pytest.mark.django_db


@pytest.fixture
def tournament():
    t = played("find", players=20, rounds=1)
    add_scheduled_round(t)
    players = list(Player.objects.filter(registrations__tournament=t).order_by("pk"))
    players[0].nickname, players[1].nickname = "Марта", "Семён"
    Player.objects.bulk_update(players[:2], ["nickname"])
    recompute(t.pk)
    return t


@pytest.mark.parametrize(("query", "found"), [("марта", "Марта"), ("МАРТА", "Марта"), ("семен", "Семён"),
                                               ("Семен", "Семён"), ("  сЕмЁн ", "Семён")])
def test_find_me_ignores_case_and_yo(client, tournament, query, found):
    html = client.get("/t/find/seating/", {"me": query, "lang": "en"}).content.decode()
    assert f'<strong class="found-name">{found}</strong>' in html
    assert re.search(r'class="next-seat"[^>]*>[^<]*table \d+, seat \d+', html)


def test_a_partial_lowercase_query_lists_the_candidates(client, tournament):
    Player.objects.filter(registrations__tournament=tournament, nickname="Марта").update(nickname="Мартина")
    other = Player.objects.filter(registrations__tournament=tournament).exclude(nickname__in=["Мартина", "Семён"]).first()
    other.nickname = "Март"
    other.save()
    html = client.get("/t/find/seating/", {"me": "мар", "lang": "en"}).content.decode()
    assert "Several players match" in html
    assert "?me=%D0%9C%D0%B0%D1%80%D1%82" in html  # Март
    assert "?me=%D0%9C%D0%B0%D1%80%D1%82%D0%B8%D0%BD%D0%B0" in html  # Мартина


def _suggestions(html: str) -> list[str]:
    box = re.search(r'<datalist id="findme-names">(.*?)</datalist>', html, re.S)
    return re.findall(r'<option value="([^"]*)">', box.group(1)) if box else []


def test_both_pages_with_find_me_suggest_every_nickname(client, tournament):
    everyone = sorted(tournament.registrations.values_list("player__nickname", flat=True))
    for url in ("/t/find/", "/t/find/seating/"):
        html = client.get(url).content.decode()
        assert 'list="findme-names"' in html
        assert sorted(_suggestions(html)) == everyone, url


def _switch_links(html: str) -> dict[str, str]:
    nav = re.search(r'<nav class="lang">(.*?)</nav>', html, re.S).group(1)
    return {code: href.replace("&amp;", "&") for href, code in re.findall(r'<a href="([^"]*)" hreflang="(\w+)"', nav)}


def test_the_language_switch_keeps_find_me_and_the_stage(client, tournament):
    links = _switch_links(client.get("/t/find/seating/", {"me": "Марта"}).content.decode())
    assert links["en"] == "?me=%D0%9C%D0%B0%D1%80%D1%82%D0%B0&lang=en"
    english = client.get("/t/find/seating/" + links["en"]).content.decode()
    assert '<strong class="found-name">Марта</strong>' in english
    assert _switch_links(english)["ru"] == "?me=%D0%9C%D0%B0%D1%80%D1%82%D0%B0&lang=ru"

    client.cookies.clear()  # back to Russian, the default
    played("find2", players=20, rounds=1, final_games=1)
    recompute(tournament.__class__.objects.get(slug="find2").pk)
    links = _switch_links(client.get("/t/find2/", {"stage": "final"}).content.decode())
    assert links["en"] == "?stage=final&lang=en"
    # the standings page is cached per stage: a stray parameter must not leak into its links
    links = _switch_links(client.get("/t/find2/", {"stage": "final", "me": "x", "utm": "1"}).content.decode())
    assert links["en"] == "?stage=final&lang=en"
