"""The admin cannot bypass the permission model: lists, change pages, inlines, filters and actions
show and change only what each member of the cast may (tests/protocols/helpers.py)."""
import pytest
from django.urls import reverse
from django.utils import translation

from protocols.models import Game, Protest, ProtestStatus, Role, Seat
from protocols.protests import file_protest
from protocols.services import save_protocol, sign_off
from tests.protocols.helpers import PERSONAS, complete_post, login_as
from tests.protocols.test_services import entry_for
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db

STAFF = [who for who in PERSONAS if who not in ("anonymous", "player", "other_player")]


@pytest.fixture
def cast(cast):
    # the other table saved a draft with its roles: no table judge but its own may see them
    other = cast.other_game
    save_protocol(game=other, user=cast.other_judge, entry=entry_for(other, complete_post(other, action="save")),
                  expected_version=1)
    return cast


def admin_get(client, name, *args, **query):
    url = reverse(f"admin:{name}", args=args)
    return client.get(url, query, HTTP_ACCEPT_LANGUAGE="en")


def role_labels() -> list[str]:
    with translation.override("en"):
        return [str(label) for _value, label in Role.choices]


@pytest.mark.parametrize("who", STAFF)
def test_the_game_list_shows_only_the_games_the_user_may_open(client, cast, who):
    login_as(client, cast, who)
    response = admin_get(client, "protocols_game_changelist")
    assert response.status_code == 200
    shown = set(response.context["cl"].result_list.values_list("pk", flat=True))
    games = {cast.game.pk, cast.other_game.pk}
    expected = {
        "organiser": games, "chief": games, "appeals": games, "superuser": set(Game.objects.values_list("pk", flat=True)),
        "judge": {cast.game.pk}, "other_judge": {cast.other_game.pk}, "foreign_judge": set(Game.objects.exclude(
            tournament=cast.game.tournament).values_list("pk", flat=True)),
    }[who]
    assert shown == expected


def test_no_admin_page_shows_a_table_judge_a_role_of_another_tables_unsigned_game(client, cast):
    login_as(client, cast, "judge")
    seats = Seat.objects.filter(game=cast.other_game)
    urls = [
        reverse("admin:protocols_game_changelist"), reverse("admin:protocols_game_changelist") + "?q=" + seats[0].player.nickname,
        reverse("admin:protocols_seat_changelist"), reverse("admin:protocols_seat_changelist") + "?role__exact=black",
        reverse("admin:protocols_protocolversion_changelist"), reverse("admin:protocols_nomination_changelist"),
        reverse("admin:protocols_game_change", args=[cast.game.pk]),
        reverse("admin:protocols_game_change", args=[cast.other_game.pk]),
        reverse("admin:protocols_game_history", args=[cast.other_game.pk]),
        *[reverse("admin:protocols_seat_change", args=[seat.pk]) for seat in seats],
        *[reverse("admin:protocols_protocolversion_change", args=[v.pk]) for v in cast.other_game.versions.all()],
    ]
    for url in urls:
        body = client.get(url, HTTP_ACCEPT_LANGUAGE="en", follow=True).content.decode()
        for label in role_labels():
            assert label not in body, (url, label)
        assert '"role": "black"' not in body and '"role": "don"' not in body, url
    # the chief judge does see them: the check above is not blind
    login_as(client, cast, "chief")
    body = client.get(reverse("admin:protocols_game_change", args=[cast.other_game.pk]), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert any(label in body for label in role_labels())


@pytest.mark.parametrize("who", STAFF)
def test_only_the_organisers_change_a_games_scheduling(client, cast, who):
    login_as(client, cast, who)
    url = reverse("admin:protocols_game_change", args=[cast.game.pk])
    response = client.get(url, HTTP_ACCEPT_LANGUAGE="en")
    if who == "foreign_judge" or who == "other_judge":
        assert response.status_code == 302  # the admin's "does not exist" redirect: no object to show
        return
    assert response.status_code == 200
    editable = 'name="judge"' in response.content.decode()
    assert editable == (who in ("organiser", "superuser"))


def test_a_game_never_moves_to_another_tournament_and_its_judge_changes_only_by_its_organiser(client, cast):
    other_tournament = Tournament.objects.exclude(pk=cast.game.tournament_id).get()
    login_as(client, cast, "judge")
    url = reverse("admin:protocols_game_change", args=[cast.game.pk])
    client.post(url, {"tournament": other_tournament.pk, "judge": "", "number": 99})
    cast.game.refresh_from_db()
    assert cast.game.tournament_id != other_tournament.pk and cast.game.judge is not None and cast.game.number != 99
    login_as(client, cast, "organiser")
    page = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert 'name="tournament"' not in page  # read only even for the organiser


def test_a_protest_is_never_rewritten_through_the_games_page(client, cast):
    sign_off(game=cast.game, user=cast.judge, entry=entry_for(cast.game, complete_post(cast.game)), expected_version=1)
    cast.game.refresh_from_db()
    file_protest(game=cast.game, user=cast.player, player_id=None, point="fouls", seat=3, text="фол не мой")
    for who in ("judge", "organiser", "chief"):
        login_as(client, cast, who)
        body = client.get(reverse("admin:protocols_game_change", args=[cast.game.pk]), HTTP_ACCEPT_LANGUAGE="en").content.decode()
        assert "фол не мой" in body and 'name="protests-0-text"' not in body


def test_the_tournament_filter_offers_only_the_users_tournaments(client, cast):
    login_as(client, cast, "judge")
    response = admin_get(client, "protocols_game_changelist")
    names = [choice["display"] for spec in response.context["cl"].filter_specs for choice in spec.choices(response.context["cl"])]
    assert cast.game.tournament.name in names
    assert not any(t.name in names for t in Tournament.objects.exclude(pk=cast.game.tournament_id))


def test_the_sign_off_action_reaches_only_the_users_games(client, cast):
    login_as(client, cast, "judge")
    url = reverse("admin:protocols_game_changelist")
    client.post(url, {"action": "sign_off_games", "_selected_action": [cast.other_game.pk]})
    cast.other_game.refresh_from_db()
    assert not cast.other_game.is_signed_off


@pytest.mark.parametrize("who", STAFF)
def test_the_tournament_admin_shows_and_changes_only_the_users_tournaments(client, cast, who):
    login_as(client, cast, who)
    response = admin_get(client, "tournaments_tournament_changelist")
    shown = set(response.context["cl"].result_list.values_list("pk", flat=True)) if response.status_code == 200 else set()
    ours, theirs = cast.game.tournament_id, Tournament.objects.exclude(pk=cast.game.tournament_id).get().pk
    if who == "superuser":
        assert shown == {ours, theirs}
    elif who == "foreign_judge":
        assert shown == {theirs}
    else:
        assert shown == {ours}
    change = client.get(reverse("admin:tournaments_tournament_change", args=[ours]), HTTP_ACCEPT_LANGUAGE="en")
    may_change = change.status_code == 200 and 'name="name"' in change.content.decode()
    assert may_change == (who in ("organiser", "superuser"))


def test_deciding_a_protest_in_the_admin_without_a_decision_is_an_error_on_the_form(client, cast):
    sign_off(game=cast.game, user=cast.judge, entry=entry_for(cast.game, complete_post(cast.game)), expected_version=1)
    cast.game.refresh_from_db()
    protest = file_protest(game=cast.game, user=cast.player, player_id=None, point="fouls", seat=3, text="фол не мой")
    url = reverse("admin:protocols_protest_change", args=[protest.pk])
    login_as(client, cast, "chief")
    response = client.post(url, {"status": "rejected", "decision": ""}, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200 and "write the decision" in response.content.decode()
    protest.refresh_from_db()
    assert protest.status == ProtestStatus.PENDING
    assert client.post(url, {"status": "rejected", "decision": "фол был"}).status_code == 302
    protest.refresh_from_db()
    assert protest.status == ProtestStatus.REJECTED and protest.decided_by == cast.chief


def test_a_member_of_the_appeals_decides_a_protest_in_the_admin(client, cast):
    sign_off(game=cast.game, user=cast.judge, entry=entry_for(cast.game, complete_post(cast.game)), expected_version=1)
    cast.game.refresh_from_db()
    protest = file_protest(game=cast.game, user=cast.player, player_id=None, point="fouls", seat=3, text="фол не мой")
    login_as(client, cast, "appeals")
    response = client.post(reverse("admin:protocols_protest_change", args=[protest.pk]),
                           {"status": "rejected", "decision": "фол был"})
    assert response.status_code == 302
    protest.refresh_from_db()
    assert protest.status == ProtestStatus.REJECTED and protest.decided_by == cast.appeals


@pytest.mark.parametrize("who", ["judge", "organiser", "other_judge", "foreign_judge"])
def test_only_the_chief_and_the_appeals_decide_a_protest_in_the_admin(client, cast, who):
    sign_off(game=cast.game, user=cast.judge, entry=entry_for(cast.game, complete_post(cast.game)), expected_version=1)
    cast.game.refresh_from_db()
    protest = file_protest(game=cast.game, user=cast.player, player_id=None, point="fouls", seat=3, text="фол не мой")
    login_as(client, cast, who)
    client.post(reverse("admin:protocols_protest_change", args=[protest.pk]), {"status": "rejected", "decision": "нет"})
    protest.refresh_from_db()
    assert protest.status == ProtestStatus.PENDING
    assert Protest.objects.count() == 1
