"""The home page groups tournaments into under way, upcoming and finished by their dates, shows
their dates and city, and finds them by name or city whatever the case."""
import re
from datetime import timedelta

import pytest
from django.utils import timezone

from tests.factories import TournamentFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def tournaments():
    today = timezone.localdate()
    day = timedelta(days=1)
    TournamentFactory(slug="now", name="Кубок Казани", city="Казань", start_date=today - day, end_date=today + day)
    TournamentFactory(slug="soon", name="Осенний турнир", city="Москва", start_date=today + 10 * day, end_date=today + 11 * day)
    TournamentFactory(slug="later", name="Зимний турнир", city="Москва", start_date=today + 40 * day, end_date=today + 40 * day)
    TournamentFactory(slug="past", name="Летний турнир", city="Самара", start_date=today - 30 * day, end_date=today - 29 * day)


def _groups(html: str) -> dict[str, list[str]]:
    out = {}
    for key, body in re.findall(r'<section class="t-group t-group-(\w+)" id="\w+">(.*?)</section>', html, re.S):
        out[key] = re.findall(r'<a href="/t/([\w-]+)/">', body)
    return out


def test_the_home_page_groups_tournaments_by_their_dates(client, tournaments):
    html = client.get("/?lang=en").content.decode()
    assert _groups(html) == {"ongoing": ["now"], "upcoming": ["soon", "later"], "finished": ["past"]}
    assert [h for h in re.findall(r"<h2>([^<]+?) <span", html)] == ["Under way", "Upcoming", "Finished"]
    now = timezone.localdate()
    card = re.search(r'<li class="t-card"><a href="/t/now/">.*?</li>', html, re.S).group(0)
    assert '<span class="t-city">Казань</span>' in card
    assert f"{(now - timedelta(days=1)).day} " in card and str((now + timedelta(days=1)).year) in card


@pytest.mark.parametrize(("query", "slugs"), [("москва", ["soon", "later"]), ("ТУРНИР", ["soon", "later", "past"]),
                                              ("казан", ["now"]), ("нигде", [])])
def test_the_search_finds_by_name_or_city(client, tournaments, query, slugs):
    html = client.get("/", {"q": query, "lang": "en"}).content.decode()
    assert sorted(s for group in _groups(html).values() for s in group) == sorted(slugs)
    assert f'value="{query}"' in html
    if not slugs:
        assert "No tournament matches" in html


@pytest.mark.parametrize("query", ["кубок волги", "Волга", "«Волги»", "КУБОК ВОЛГА 2026", "куб", "осеннии"])
def test_the_search_reads_words_in_any_form_without_quotes(client, query):
    from tests.factories import TournamentFactory

    TournamentFactory(slug="volga", name="Осенний кубок «Волги» 2026", city="Казань")
    TournamentFactory(slug="other", name="Кубок Москвы", city="Москва")
    html = client.get("/", {"q": query, "lang": "ru"}).content.decode()
    found = sorted(s for group in _groups(html).values() for s in group)
    assert "volga" in found, query
    if query not in ("куб", "КУБОК ВОЛГА 2026"):
        assert found == ["volga"], query
