"""Names in the order a Russian reader expects (tournaments/names.sort_key), on the pages that
list players: not Python's code-point order, which puts «Ёж» before «Алмаз» and «ёлка» after «Яна»."""
import re

import pytest

from tests.factories import PlayerFactory, RegistrationFactory, TournamentFactory
from tournaments.names import sort_key

WORDS = ["Ёж", "Алмаз", "Ёлка", "Ежевика"]


def test_yo_sorts_as_ye_and_case_does_not_matter():
    assert sorted(WORDS, key=sort_key) == ["Алмаз", "Ёж", "Ежевика", "Ёлка"]
    # к before ь; lower case first
    assert sorted(["яна", "Ёлка", "ель", "Ель", "ёлка"], key=sort_key) == ["ёлка", "Ёлка", "ель", "Ель", "яна"]
    assert sorted(["Zorro", "Антон", "007", "Ворон"], key=sort_key) == ["007", "Антон", "Ворон", "Zorro"]
    assert sorted(WORDS) != sorted(WORDS, key=sort_key)  # code-point order is the defect


@pytest.mark.django_db
def test_the_participants_before_round_one_are_listed_in_russian_order(client):
    tournament = TournamentFactory(slug="order")
    for nickname in WORDS:
        RegistrationFactory(tournament=tournament, player=PlayerFactory(nickname=nickname))
    html = client.get("/t/order/", {"lang": "ru"}).content.decode()
    shown = re.findall(r"Алмаз|Ежевика|Ёж|Ёлка", html)
    assert [w for i, w in enumerate(shown) if w not in shown[:i]] == ["Алмаз", "Ёж", "Ежевика", "Ёлка"]
