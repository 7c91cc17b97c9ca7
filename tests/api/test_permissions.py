"""The API under the permission model, for the same cast as the pages (tests/protocols/helpers.py):
whoever the pages refuse, the API refuses (403, or 401 without a login); nothing more is allowed.
The sets below are those of tests/protocols/test_permissions.py."""
import pytest
from django.urls import reverse

from protocols.models import Protest, ProtestStatus
from protocols.protests import file_protest
from protocols.services import save_protocol, sign_off
from tests.api.helpers import client_for, protocol
from tests.protocols.helpers import PERSONAS, complete_post, make_cast
from tests.protocols.test_services import entry_for

pytestmark = pytest.mark.django_db

OPENS_THE_PROTOCOL = {"organiser", "chief", "appeals", "judge", "superuser"}
EDITS_BEFORE_SIGN_OFF = {"chief", "judge", "superuser"}
AMENDS_AFTER_SIGN_OFF = {"chief", "superuser"}
FILES_A_PROTEST = {"chief", "judge", "player", "superuser"}
DECIDES_A_PROTEST = {"chief", "appeals", "superuser"}
APPROVES_EXTRA = {"chief", "superuser"}
MANAGES_THE_TOURNAMENT = {"organiser", "superuser"}


def expected(who, allowed, ok=200):
    return ok if who in allowed else (401 if who == "anonymous" else 403)


def signed(cast):
    sign_off(game=cast.game, user=cast.judge, entry=entry_for(cast.game, complete_post(cast.game)), expected_version=1)
    cast.game.refresh_from_db()
    return cast.game


@pytest.mark.parametrize("who", PERSONAS)
def test_it_opens_a_protocol_for_its_judge_the_chief_the_appeals_and_the_organisers(cast, who):
    response = client_for(cast, who).get(f"/api/v1/protocols/{cast.game.pk}/")
    assert response.status_code == expected(who, OPENS_THE_PROTOCOL), response.json()
    if response.status_code != 200:
        assert "role" not in response.content.decode() and "seats" not in response.json()


@pytest.mark.parametrize("who", PERSONAS)
def test_it_lists_only_the_protocols_the_user_may_open(cast, who):
    response = client_for(cast, who).get("/api/v1/protocols/")
    if who == "anonymous":
        assert response.status_code == 401
        return
    ids = {g["id"] for g in response.json()["results"]}
    assert (cast.game.pk in ids) == (who in OPENS_THE_PROTOCOL)
    assert (cast.other_game.pk in ids) == (who in OPENS_THE_PROTOCOL - {"judge"} | ({"other_judge"} if who == "other_judge" else set()))


@pytest.mark.parametrize("who", PERSONAS)
def test_it_saves_a_draft_for_the_tables_judge_and_the_chief_only(cast, who):
    response = client_for(cast, who).put(f"/api/v1/protocols/{cast.game.pk}/", protocol(cast.game), format="json")
    assert response.status_code == expected(who, EDITS_BEFORE_SIGN_OFF), response.json()
    cast.game.refresh_from_db()
    assert cast.game.version == (2 if who in EDITS_BEFORE_SIGN_OFF else 1)


@pytest.mark.parametrize("who", PERSONAS)
def test_it_signs_off_for_the_tables_judge_and_the_chief_only(cast, who):
    body = {"version": 1, "protocol": protocol(cast.game)}
    response = client_for(cast, who).post(f"/api/v1/protocols/{cast.game.pk}/sign-off/", body, format="json")
    assert response.status_code == expected(who, EDITS_BEFORE_SIGN_OFF), response.json()
    cast.game.refresh_from_db()
    assert cast.game.is_signed_off == (who in EDITS_BEFORE_SIGN_OFF)


@pytest.mark.parametrize("who", PERSONAS)
def test_after_sign_off_only_the_chief_amends(cast, who):
    game = signed(cast)
    body = protocol(game, seat2={"fouls": 1}, reason="фол снят по видеозаписи")
    response = client_for(cast, who).put(f"/api/v1/protocols/{game.pk}/", body, format="json")
    assert response.status_code == expected(who, AMENDS_AFTER_SIGN_OFF), response.json()
    assert game.seats.get(number=2).fouls == (1 if who in AMENDS_AFTER_SIGN_OFF else 2)


@pytest.mark.parametrize("who", PERSONAS)
def test_only_the_chief_approves_an_extra_above_half(cast, who):
    game = cast.game
    draft = entry_for(game, complete_post(game, action="save", **{"s1-extra": "0.6", "s1-extra_reason": "вскрыл чёрных"}))
    save_protocol(game=game, user=cast.judge, entry=draft, expected_version=1)
    response = client_for(cast, who).post(f"/api/v1/protocols/{game.pk}/approve-extra/", {"seat": 1}, format="json")
    assert response.status_code == expected(who, APPROVES_EXTRA), response.json()
    assert game.seats.get(number=1).extra_approved == (who in APPROVES_EXTRA)


@pytest.mark.parametrize("who", PERSONAS)
def test_who_may_approve_is_decided_before_the_body_is_read(cast, who):
    """An outsider with a malformed body learns only that the door is shut (403), not what the body lacks."""
    response = client_for(cast, who).post(f"/api/v1/protocols/{cast.game.pk}/approve-extra/", {"seat": "x"}, format="json")
    if who in APPROVES_EXTRA:
        assert response.status_code == 400 and "seat" in str(response.json())
    else:
        assert response.status_code in (expected(who, APPROVES_EXTRA), 404), response.json()


@pytest.mark.parametrize("who", PERSONAS)
def test_who_may_file_a_protest_is_decided_before_the_body_is_read(cast, who):
    game = signed(cast)
    response = client_for(cast, who).post(f"/api/v1/protocols/{game.pk}/protests/", {"point": []}, format="json")
    assert response.status_code == (400 if who in FILES_A_PROTEST else expected(who, FILES_A_PROTEST)), response.json()
    assert not Protest.objects.filter(game=game).exists()


@pytest.mark.parametrize("who", PERSONAS)
def test_a_protest_is_filed_by_the_games_judge_its_players_and_the_chief(cast, who):
    game = signed(cast)
    player = game.seats.get(number=3).player_id
    body = {"point": "result", "seat": 7, "text": "Седьмое место не выставлялось", "player_id": player}
    response = client_for(cast, who).post(f"/api/v1/protocols/{game.pk}/protests/", body, format="json")
    assert response.status_code == expected(who, FILES_A_PROTEST, ok=201), response.json()
    assert Protest.objects.filter(game=game).exists() == (who in FILES_A_PROTEST)


@pytest.mark.parametrize("who", PERSONAS)
def test_a_protest_is_decided_by_the_chief_and_the_appeals_never_the_games_judge(cast, who):
    game = signed(cast)
    protest = file_protest(game=game, user=cast.player, player_id=None, point="result", text="не согласен")
    body = {"status": "rejected", "decision": "Протокол верен."}
    response = client_for(cast, who).post(f"/api/v1/protests/{protest.pk}/decision/", body, format="json")
    assert response.status_code == expected(who, DECIDES_A_PROTEST), response.json()
    protest.refresh_from_db()
    assert (protest.status == ProtestStatus.REJECTED) == (who in DECIDES_A_PROTEST)


@pytest.mark.parametrize("who", PERSONAS)
def test_the_tournament_file_is_exported_and_imported_by_the_organisers(cast, who):
    signed(cast)
    slug = cast.game.tournament.slug
    client = client_for(cast, who)
    response = client.get(f"/api/v1/tournaments/{slug}/file/")
    assert response.status_code == expected(who, MANAGES_THE_TOURNAMENT)
    if response.status_code == 200:
        document = response.json()
        assert document["format"] == "mafia-tournament/1" and len(document["games"]) == 1
        again = client.put(f"/api/v1/tournaments/{slug}/file/", document, format="json")
        assert again.status_code == 200 and again.json()["created"] is False, again.json()
    else:
        assert client.put(f"/api/v1/tournaments/{slug}/file/", {"format": "mafia-tournament/1"},
                          format="json").status_code == expected(who, MANAGES_THE_TOURNAMENT)


@pytest.mark.parametrize("who", PERSONAS)
def test_roles_of_an_unsigned_game_reach_only_those_who_may_open_it(cast, who):
    """Before the sign-off the public API has no such game at all, and the judges' API gives the
    roles only to those who may open the protocol."""
    game = cast.game
    save_protocol(game=game, user=cast.judge, entry=entry_for(game, complete_post(game, action="save")), expected_version=1)
    client = client_for(cast, who)
    slug = game.tournament.slug
    assert client.get(f"/api/v1/tournaments/{slug}/games/{game.number}/").status_code == 404
    assert client.get(f"/api/v1/tournaments/{slug}/games/").json()["count"] == 0
    seating = client.get(f"/api/v1/tournaments/{slug}/seating/").content.decode()
    assert "sheriff" not in seating and '"don"' not in seating
    private = client.get(f"/api/v1/protocols/{game.pk}/")
    if who in OPENS_THE_PROTOCOL:
        assert {s["role"] for s in private.json()["seats"]} == {"red", "sheriff", "black", "don"}
    else:
        assert private.status_code in (401, 403) and "sheriff" not in private.content.decode()


def test_the_session_of_the_site_works_too(client):
    cast = make_cast()
    client.force_login(cast.judge)
    assert client.get(f"/api/v1/protocols/{cast.game.pk}/").status_code == 200
    # an unsafe request through the session needs the CSRF token, as every form of the site does
    from django.test import Client

    strict = Client(enforce_csrf_checks=True)
    strict.force_login(cast.judge)
    response = strict.put(f"/api/v1/protocols/{cast.game.pk}/", protocol(cast.game), content_type="application/json")
    assert response.status_code == 403
    assert reverse("api:protocol", args=[cast.game.pk]) == f"/api/v1/protocols/{cast.game.pk}/"
