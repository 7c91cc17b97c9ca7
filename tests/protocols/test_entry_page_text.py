"""A written reason is stored whole or refused with the field named: never cut to 2,000 characters
without a word, and never a server error for a NUL byte (PostgreSQL text cannot hold one)."""
import pytest
from django.urls import reverse

from protocols.entry import entry_from_game
from protocols.models import GameStatus, SeatPenalty
from protocols.services import ProtocolInvalid, save_protocol
from tests.protocols.helpers import complete_post

pytestmark = pytest.mark.django_db


def post(client, cast, **fields):
    client.force_login(cast.judge)
    return client.post(reverse("protocols:game", args=[cast.game.pk]), complete_post(cast.game, **fields))


@pytest.mark.parametrize("field, value, named", [
    ("s1-extra_reason", "x" * 100_000, "<li>Место 1, "),
    ("s1-extra_reason", "нашёл\x00чёрных", "<li>Место 1, "),
    ("reason", "\x00", "<li>Причина изменения: "),
])
def test_a_reason_that_cannot_be_stored_is_refused_with_its_field(client, cast, field, value, named):
    response = post(client, cast, **{field: value})
    assert response.status_code == 422
    problems = response.content.decode().split('id="problems"', 1)[1].split("</div>", 1)[0]
    assert ("не больше 2000" in problems) or ("U+0000" in problems)
    assert named in problems
    cast.game.refresh_from_db()
    assert cast.game.status == GameStatus.SCHEDULED and cast.game.version == 1


def test_a_penalty_reason_of_100_kb_is_refused_not_cut(client, cast):
    response = post(client, cast, **{"pen0-seat": "3", "pen0-clause": "8.5.4", "pen0-reason": "п" * 100_000,
                                      "outcome": "red"})
    assert response.status_code == 422
    assert not SeatPenalty.objects.exists()


def test_a_reason_of_exactly_2000_characters_is_kept_whole(client, cast):
    response = post(client, cast, **{"s1-extra_reason": "я" * 2000})
    assert response.status_code == 302
    assert cast.game.seats.get(number=1).extra_reason == "я" * 2000


def test_the_service_refuses_for_every_caller(cast):
    entry = entry_from_game(cast.game)
    entry.awarded_reason = "a\x00"
    with pytest.raises(ProtocolInvalid) as info:
        save_protocol(game=cast.game, user=cast.judge, entry=entry, expected_version=1)
    assert [(p.field, p.code) for p in info.value.problems][:1] == [("awarded_reason", "forbidden_character")]
