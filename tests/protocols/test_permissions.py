"""The cast: organiser, chief judge, this table's judge, another table's judge, anonymous visitor."""
import pytest
from django.urls import reverse

from protocols.models import GameStatus
from protocols.services import PermissionRefused, ProtocolInvalid, save_protocol, sign_off
from tests.protocols.helpers import complete_post, make_cast
from tests.protocols.test_services import entry_for

pytestmark = pytest.mark.django_db

EDITORS = {"chief", "judge"}
EVERYONE = ["organiser", "chief", "judge", "other_judge", "anonymous"]


@pytest.fixture
def cast():
    return make_cast()


def login(client, cast, who):
    if who != "anonymous":
        client.force_login(getattr(cast, who))


def url(game):
    return reverse("protocols:game", args=[game.pk])


@pytest.mark.parametrize("who", EVERYONE)
def test_it_opens_the_page_only_for_the_tables_judge_and_the_chief(client, cast, who):
    login(client, cast, who)
    response = client.get(url(cast.game))
    expected = 200 if who in EDITORS else (302 if who == "anonymous" else 403)
    assert response.status_code == expected


@pytest.mark.parametrize("who", EVERYONE)
def test_it_lets_only_the_tables_judge_and_the_chief_sign_off(client, cast, who):
    login(client, cast, who)
    response = client.post(url(cast.game), complete_post(cast.game))
    cast.game.refresh_from_db()
    if who in EDITORS:
        assert response.status_code == 302 and cast.game.status == GameStatus.SIGNED_OFF
    else:
        assert response.status_code in (302, 403) and cast.game.status == GameStatus.SCHEDULED
        assert cast.game.version == 1


@pytest.mark.parametrize("who", ["organiser", "judge", "other_judge"])
def test_after_sign_off_only_the_chief_may_change_it(client, cast, who):
    sign_off(game=cast.game, user=cast.judge, entry=entry_for(cast.game, complete_post(cast.game)), expected_version=1)
    login(client, cast, who)
    response = client.post(url(cast.game), complete_post(cast.game, action="save", version="2", reason="ошибка",
                                                         **{"s2-fouls": "1"}))
    assert response.status_code == 403
    cast.game.refresh_from_db()
    assert cast.game.version == 2 and cast.game.seats.get(number=2).fouls == 2


def test_the_chief_amends_a_signed_off_protocol_only_with_a_reason(client, cast):
    sign_off(game=cast.game, user=cast.judge, entry=entry_for(cast.game, complete_post(cast.game)), expected_version=1)
    client.force_login(cast.chief)
    data = complete_post(cast.game, action="save", version="2", **{"s2-fouls": "1"})
    refused = client.post(url(cast.game), data, HTTP_ACCEPT_LANGUAGE="en")
    # not a dead end: the problem names the field and the typed change is still in the form
    assert refused.status_code == 422
    page = refused.content.decode()
    assert "changed only with a written reason" in page and 'name="s2-fouls" value="1"' in page
    cast.game.refresh_from_db()
    assert cast.game.version == 2 and cast.game.seats.get(number=2).fouls == 2
    assert client.post(url(cast.game), {**data, "reason": "протест: фол снят"}).status_code == 302
    cast.game.refresh_from_db()
    assert cast.game.version == 3 and cast.game.seats.get(number=2).fouls == 1
    page = client.get(url(cast.game)).content.decode()
    assert "протест: фол снят" in page and "Место 2, фолы: 2 → 1" in page


def test_an_extra_above_half_needs_the_chiefs_approval(cast):
    game = cast.game
    data = complete_post(game, **{"s1-extra": "0.6", "s1-extra_approved": "on"})
    with pytest.raises(ProtocolInvalid) as exc:  # the table judge cannot approve: the tick is ignored
        sign_off(game=game, user=cast.judge, entry=entry_for(game, data), expected_version=1)
    assert [(p.seat, p.field, p.code) for p in exc.value.problems] == [(1, "extra_approved", "extra_needs_approval")]
    save_protocol(game=game, user=cast.chief, entry=entry_for(game, {**data, "action": "save"}), expected_version=1)
    game.refresh_from_db()
    assert game.seats.get(number=1).extra_approved
    sign_off(game=game, user=cast.judge, entry=entry_for(game, {**data, "version": "2"}), expected_version=2)
    game.refresh_from_db()
    assert game.status == GameStatus.SIGNED_OFF and game.seats.get(number=1).extra_approved


def test_a_changed_extra_loses_its_approval(cast):
    game = cast.game
    data = complete_post(game, action="save", **{"s1-extra": "0.6", "s1-extra_approved": "on"})
    save_protocol(game=game, user=cast.chief, entry=entry_for(game, data), expected_version=1)
    save_protocol(game=game, user=cast.judge, entry=entry_for(game, {**data, "s1-extra": "0.7"}), expected_version=2)
    game.refresh_from_db()
    assert not game.seats.get(number=1).extra_approved


@pytest.mark.parametrize("who", ["organiser", "other_judge"])
def test_the_service_refuses_others(cast, who):
    with pytest.raises(PermissionRefused):
        save_protocol(game=cast.game, user=getattr(cast, who), entry=entry_for(cast.game, complete_post(cast.game)),
                      expected_version=1)


def test_the_service_refuses_an_anonymous_user(cast):
    from django.contrib.auth.models import AnonymousUser

    with pytest.raises(PermissionRefused):
        sign_off(game=cast.game, user=AnonymousUser(), entry=entry_for(cast.game, complete_post(cast.game)),
                 expected_version=1)
