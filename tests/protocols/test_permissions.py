"""The permission model through the pages and the services, for the whole cast: the organiser,
the chief judge, a member of the appeals commission, the judge of the game, the judge of another
table, the judge of another tournament, the player of the game, a player of another game, an
anonymous visitor and a superuser (tests/protocols/helpers.py)."""
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from protocols.models import Game, GameStatus, Protest, ProtestStatus
from protocols.protests import decide_protest, file_protest
from protocols.services import PermissionRefused, ProtocolInvalid, approve_extra, save_protocol, sign_off
from tests.protocols.helpers import PERSONAS, complete_post, login_as
from tests.protocols.test_services import entry_for

pytestmark = pytest.mark.django_db

# Who may do each thing; everyone else is refused (RULES.md §5, tournaments/permissions.py).
OPENS_THE_PROTOCOL = {"organiser", "chief", "appeals", "judge", "superuser"}
EDITS_BEFORE_SIGN_OFF = {"chief", "judge", "superuser"}
AMENDS_AFTER_SIGN_OFF = {"chief", "superuser"}
FILES_A_PROTEST = {"chief", "judge", "player", "superuser"}
DECIDES_A_PROTEST = {"chief", "appeals", "superuser"}
APPROVES_EXTRA = {"chief", "superuser"}
USES_THE_DESK = {"organiser", "chief", "appeals", "superuser"}


def url(game):
    return reverse("protocols:game", args=[game.pk])


def signed(cast):
    sign_off(game=cast.game, user=cast.judge, entry=entry_for(cast.game, complete_post(cast.game)), expected_version=1)
    cast.game.refresh_from_db()
    return cast.game


def user_of(cast, who):
    if who == "anonymous":
        from django.contrib.auth.models import AnonymousUser

        return AnonymousUser()
    return getattr(cast, who)


@pytest.mark.parametrize("who", PERSONAS)
def test_it_opens_the_protocol_page_for_its_judge_the_chief_the_appeals_and_the_organisers(client, cast, who):
    login_as(client, cast, who)
    response = client.get(url(cast.game))
    expected = 200 if who in OPENS_THE_PROTOCOL else (302 if who == "anonymous" else 403)
    assert response.status_code == expected
    if who in OPENS_THE_PROTOCOL - EDITS_BEFORE_SIGN_OFF:
        assert "<fieldset class=\"plain\" disabled>" in response.content.decode()  # read only


@pytest.mark.parametrize("who", PERSONAS)
def test_it_lets_only_the_tables_judge_and_the_chief_sign_off(client, cast, who):
    login_as(client, cast, who)
    response = client.post(url(cast.game), complete_post(cast.game))
    cast.game.refresh_from_db()
    if who in EDITS_BEFORE_SIGN_OFF:
        assert response.status_code == 302 and cast.game.status == GameStatus.SIGNED_OFF
    else:
        assert response.status_code in (302, 403) and cast.game.status == GameStatus.SCHEDULED
        assert cast.game.version == 1


@pytest.mark.parametrize("who", PERSONAS)
def test_the_service_lets_only_the_tables_judge_and_the_chief_save(cast, who):
    entry = entry_for(cast.game, complete_post(cast.game, action="save"))
    if who in EDITS_BEFORE_SIGN_OFF:
        save_protocol(game=cast.game, user=user_of(cast, who), entry=entry, expected_version=1)
        assert Game.objects.get(pk=cast.game.pk).version == 2
    else:
        with pytest.raises(PermissionRefused):
            save_protocol(game=cast.game, user=user_of(cast, who), entry=entry, expected_version=1)


@pytest.mark.parametrize("who", PERSONAS)
def test_after_sign_off_only_the_chief_amends(cast, who):
    game = signed(cast)
    entry = entry_for(game, complete_post(game, action="save", version="2", **{"s2-fouls": "1"}))
    if who in AMENDS_AFTER_SIGN_OFF:
        save_protocol(game=game, user=user_of(cast, who), entry=entry, expected_version=2, reason="протест")
        assert game.seats.get(number=2).fouls == 1
    else:
        with pytest.raises(PermissionRefused):
            save_protocol(game=game, user=user_of(cast, who), entry=entry, expected_version=2, reason="протест")
        assert game.seats.get(number=2).fouls == 2


@pytest.mark.parametrize("who", ["organiser", "judge", "other_judge"])
def test_after_sign_off_the_page_refuses_an_amendment_by_anyone_but_the_chief(client, cast, who):
    signed(cast)
    login_as(client, cast, who)
    response = client.post(url(cast.game), complete_post(cast.game, action="save", version="2", reason="ошибка",
                                                         **{"s2-fouls": "1"}))
    assert response.status_code == 403
    cast.game.refresh_from_db()
    assert cast.game.version == 2 and cast.game.seats.get(number=2).fouls == 2


def test_the_chief_amends_a_signed_off_protocol_only_with_a_reason(client, cast):
    signed(cast)
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


@pytest.mark.parametrize("who", PERSONAS)
def test_a_protest_is_filed_by_the_games_judge_or_its_player(cast, who):
    game = signed(cast)
    player = game.seats.get(number=3).player_id
    if who in FILES_A_PROTEST:
        protest = file_protest(game=game, user=user_of(cast, who), player_id=player, point="fouls", seat=3, text="фол не мой")
        assert protest.point == "fouls" and protest.filed_by == user_of(cast, who)
    else:
        with pytest.raises((PermissionRefused, ProtocolInvalid)):
            file_protest(game=game, user=user_of(cast, who), player_id=player, point="fouls", seat=3, text="фол не мой")
        assert not Protest.objects.exists()


@pytest.mark.parametrize("who", PERSONAS)
def test_the_protest_page_opens_for_those_who_may_file(client, cast, who):
    game = signed(cast)
    login_as(client, cast, who)
    response = client.get(reverse("protocols:protest_new", args=[game.pk]))
    expected = 200 if who in FILES_A_PROTEST else (302 if who == "anonymous" else 403)
    assert response.status_code == expected


def test_a_player_files_only_for_themselves(cast):
    game = signed(cast)
    someone_else = game.seats.get(number=4).player_id
    with pytest.raises(ProtocolInvalid) as exc:
        file_protest(game=game, user=cast.player, player_id=someone_else, point="result", text="не так")
    assert [p.code for p in exc.value.problems] == ["protest_for_another_player"]


def test_after_ten_minutes_only_the_chief_accepts_a_protest_with_a_reason(cast):
    game = signed(cast)
    Game.objects.filter(pk=game.pk).update(signed_off_at=timezone.now() - timedelta(minutes=11))
    game.refresh_from_db()
    player = game.seats.get(number=3).player_id
    for who in ("player", "judge"):
        with pytest.raises(PermissionRefused):
            file_protest(game=game, user=getattr(cast, who), player_id=player, point="result", text="поздно")
    with pytest.raises(ProtocolInvalid) as exc:
        file_protest(game=game, user=cast.chief, player_id=player, point="result", text="поздно")
    assert [(p.field, p.code) for p in exc.value.problems] == [("late_reason", "protest_late")]
    protest = file_protest(game=game, user=cast.chief, player_id=player, point="result", text="поздно",
                           late_reason="игрок был в медпункте")
    assert protest.late_reason == "игрок был в медпункте"
    assert game.tournament.actions.filter(action="protest_accepted_late").exists()


def test_a_protest_names_its_point_and_has_a_text(cast):
    game = signed(cast)
    with pytest.raises(ProtocolInvalid) as exc:
        file_protest(game=game, user=cast.player, player_id=None, point="nonsense", text="  ")
    assert {p.code for p in exc.value.problems} == {"protest_point_missing", "protest_text_missing"}


@pytest.mark.parametrize("who", PERSONAS)
def test_a_protest_is_decided_by_the_chief_or_the_appeals_commission(cast, who):
    game = signed(cast)
    protest = file_protest(game=game, user=cast.player, player_id=None, point="fouls", seat=3, text="фол не мой")
    if who in DECIDES_A_PROTEST:
        decide_protest(protest=protest, user=user_of(cast, who), status=ProtestStatus.REJECTED, decision="фол был")
        protest.refresh_from_db()
        assert protest.status == ProtestStatus.REJECTED
    else:
        with pytest.raises(PermissionRefused):
            decide_protest(protest=protest, user=user_of(cast, who), status=ProtestStatus.REJECTED, decision="фол был")
        protest.refresh_from_db()
        assert protest.status == ProtestStatus.PENDING


def test_an_appeals_member_never_decides_on_a_game_they_judged(cast):
    game = signed(cast)
    game.tournament.appeals.add(game.judge)  # the table's judge is also on the commission
    protest = file_protest(game=game, user=cast.player, player_id=None, point="fouls", seat=3, text="фол не мой")
    with pytest.raises(PermissionRefused):
        decide_protest(protest=protest, user=cast.judge, status=ProtestStatus.REJECTED, decision="фол был")
    other = signed_other(cast)
    protest = file_protest(game=other, user=cast.other_player, player_id=None, point="fouls", seat=3, text="фол")
    decide_protest(protest=protest, user=cast.judge, status=ProtestStatus.REJECTED, decision="фол был")


def signed_other(cast):
    game = cast.other_game
    sign_off(game=game, user=cast.other_judge, entry=entry_for(game, complete_post(game)), expected_version=1)
    game.refresh_from_db()
    return game


@pytest.mark.parametrize("who", PERSONAS)
def test_only_the_chief_approves_an_extra_above_half(cast, who):
    game = cast.game
    save_protocol(game=game, user=cast.judge, entry=entry_for(game, complete_post(game, action="save", **{"s1-extra": "0.6"})),
                  expected_version=1)
    game.refresh_from_db()
    if who in APPROVES_EXTRA:
        approve_extra(game=game, user=user_of(cast, who), seat=1)
        assert game.seats.get(number=1).extra_approved
    else:
        with pytest.raises(PermissionRefused):
            approve_extra(game=game, user=user_of(cast, who), seat=1)
        assert not game.seats.get(number=1).extra_approved


@pytest.mark.parametrize("who", PERSONAS)
def test_the_desk_opens_for_the_chief_the_appeals_and_the_organisers(client, cast, who):
    login_as(client, cast, who)
    response = client.get(reverse("desk:home", args=[cast.game.tournament.slug]))
    expected = 200 if who in USES_THE_DESK else (302 if who == "anonymous" else 403)
    assert response.status_code == expected


def test_nobody_reaches_another_tournaments_protest_by_changing_an_id(client, cast):
    game = signed(cast)
    protest = file_protest(game=game, user=cast.player, player_id=None, point="fouls", seat=3, text="фол не мой")
    foreign = Game.objects.exclude(tournament=game.tournament).get()
    foreign.tournament.chief_judge = foreign.judge
    foreign.tournament.save()
    client.force_login(foreign.judge.user)  # the chief judge of the other tournament
    assert client.get(reverse("desk:protest", args=[foreign.tournament.slug, protest.pk])).status_code == 404
    assert client.get(reverse("desk:protest", args=[game.tournament.slug, protest.pk])).status_code == 403
    assert client.get(url(game)).status_code == 403


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


