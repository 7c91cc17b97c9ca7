"""The live JSON of the round (the projector's tables) as a public resource: revalidated on every
poll (no-cache, an ETag of the body, 304), varying with the language, private for a draft's
preview, 404 where the tournament is not public; the night is one phase on it too."""
import pytest

from tests.console.test_live import play, push
from tests.console.test_log_service import seat_roles
from tests.protocols.helpers import make_cast
from tournaments.models import Publication

pytestmark = pytest.mark.django_db


@pytest.fixture
def cast():
    return seat_roles(make_cast(), "g1_fiim_red_win.json")


def round_json(client, cast, **headers):
    return client.get(f"/t/{cast.game.tournament.slug}/tables/live.json", HTTP_ACCEPT_LANGUAGE="en", **headers)


def test_the_rounds_live_json_is_revalidated_and_answers_304_while_nothing_changes(client, cast):
    play(client, cast, 19)  # night 1 has fallen at table 1
    first = round_json(client, cast)
    assert first.status_code == 200 and first["Cache-Control"] == "no-cache"
    assert {"Cookie", "Accept-Language"} <= {v.strip() for v in first["Vary"].split(",")}
    assert first.json()["tables"][0]["state"]["phase"] == "night"
    push(client, cast, 19, 24)  # the shots and the don's check
    same = round_json(client, cast, HTTP_IF_NONE_MATCH=first["ETag"])
    assert same.status_code == 304 and same["ETag"] == first["ETag"]
    russian = client.get(f"/t/{cast.game.tournament.slug}/tables/live.json", HTTP_ACCEPT_LANGUAGE="ru",
                         HTTP_IF_NONE_MATCH=first["ETag"])
    assert russian.status_code == 200 and russian.json()["tables"][0]["state"]["phase_name"] == "Ночь"
    push(client, cast, 24, 25)  # the morning
    morning = round_json(client, cast, HTTP_IF_NONE_MATCH=first["ETag"])
    assert morning.status_code == 200 and morning.json()["tables"][0]["state"]["left"]["5"]["how"] == "killed"


def test_a_drafts_live_json_is_its_organisers_alone(client, cast):
    play(client, cast, 4)
    tournament = cast.game.tournament
    tournament.publication = Publication.DRAFT
    tournament.save(update_fields=["publication"])
    assert round_json(client, cast).status_code == 404
    client.force_login(cast.organiser)
    preview = round_json(client, cast)
    assert preview.status_code == 200 and preview["Cache-Control"] == "private, no-cache"
    assert client.get("/t/no-such-cup/tables/live.json").status_code == 404
