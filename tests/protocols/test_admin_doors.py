"""The doors third-party code opens in the admin go through the permission model: the change
history (django-simple-history) shows only what the user may see and reverts for nobody; the
autocomplete offers only what the user may pick; people (players, judges, clubs) and the login
they sign in with change only by a superuser or an organiser of every tournament they take part
in; bad filter values, a NUL and non-numeric ids are a 400 or a 404, never a 500."""
import pytest
from django.contrib.auth.models import Group
from django.urls import reverse

from protocols.models import Game, GameStatus, Seat
from protocols.services import save_protocol, sign_off
from tests.factories import TournamentJudgeFactory, UserFactory
from tests.protocols.helpers import complete_post, login_as
from tests.protocols.test_services import entry_for
from tournaments.models import Judge, Player, Tournament
from tournaments.permissions import can_see_roles, can_view_protocol, visible_games

pytestmark = pytest.mark.django_db


@pytest.fixture
def cast(cast):
    # table 1 signed off (a history of several rows); table 2 a saved draft with its roles
    game, other = cast.game, cast.other_game
    sign_off(game=game, user=cast.judge, entry=entry_for(game, complete_post(game)), expected_version=1)
    save_protocol(game=other, user=cast.other_judge, entry=entry_for(other, complete_post(other, action="save")),
                  expected_version=1)
    # the organiser of tournament B (the foreign judge's)
    cast.organiser_b = UserFactory(username="organiser_b", is_staff=True)
    cast.organiser_b.groups.add(Group.objects.get(name="Organiser"))
    Game.objects.get(judge__user=cast.foreign_judge).tournament.organisers.add(cast.organiser_b)
    cast.game.refresh_from_db()
    cast.other_game.refresh_from_db()
    return cast


def history(name, obj, hid=None):
    args = [obj.pk] if hid is None else [obj.pk, hid]
    return reverse(f"admin:protocols_{name}_{'history' if hid is None else 'simple_history'}", args=args)


# -- history -------------------------------------------------------------------------------------

def test_a_table_judge_opens_no_history_of_another_tables_unsigned_game(client, cast):
    login_as(client, cast, "judge")
    other, seat = cast.other_game, cast.other_game.seats.get(number=9)
    for url in (history("game", other), history("seat", seat), history("game", other, other.history.latest().history_id),
                history("seat", seat, seat.history.latest().history_id)):
        response = client.get(url)
        assert response.status_code == 404, url
        assert b"Don" not in response.content and "Дон".encode() not in response.content
    # their own game's history they do see, and its roles (the game is signed off)
    assert client.get(history("game", cast.game)).status_code == 200
    assert client.get(history("seat", cast.game.seats.get(number=9))).status_code == 200


def test_the_chief_judge_reads_every_history_of_the_tournament(client, cast):
    login_as(client, cast, "chief")
    seat = cast.other_game.seats.get(number=9)
    assert client.get(history("seat", seat)).status_code == 200
    page = client.get(history("seat", seat, seat.history.latest().history_id))
    assert page.status_code == 200 and b'name="_save"' not in page.content  # no revert button


@pytest.mark.parametrize("who", ["judge", "chief", "organiser", "superuser"])
def test_nobody_reverts_a_protocol_from_its_history(client, cast, who):
    """Posting the version page turned a signed-off game back to scheduled, version 1, with the
    attacker as its judge; a seat's revert changed fouls past the services."""
    login_as(client, cast, who)
    game = cast.game
    first = game.history.earliest()
    response = client.post(history("game", game, first.history_id), {
        "stage": game.stage_id, "round": game.round_id, "table": game.table_id, "judge": cast.judge.judge.pk,
        "number": game.number, "tournament": game.tournament_id, "status": "scheduled", "_save": "1"})
    assert response.status_code == 403
    seat = game.seats.get(number=2)
    response = client.post(history("seat", seat, seat.history.earliest().history_id), {"fouls": "0", "_save": "1"})
    assert response.status_code == 403
    game.refresh_from_db()
    assert game.status == GameStatus.SIGNED_OFF and game.version == 2
    assert Seat.objects.get(pk=seat.pk).fouls == 2


def test_bad_ids_of_history_pages_are_404(client, cast):
    login_as(client, cast, "superuser")
    for url in ("/admin/protocols/game/abc/history/", "/admin/protocols/seat/%00/history/",
                f"/admin/protocols/game/{cast.game.pk}/history/abc/", "/admin/protocols/game/abc/history/1/",
                f"/admin/protocols/game/{cast.game.pk}/history/99999999/", "/admin/protocols/game/99999999/history/"):
        assert client.get(url).status_code == 404, url


# -- autocomplete --------------------------------------------------------------------------------

def autocomplete(client, app, model, field, term=""):
    return client.get(reverse("admin:autocomplete"), {"app_label": app, "model_name": model, "field_name": field, "term": term})


def test_the_autocomplete_offers_people_only_through_a_field_the_user_may_fill(client, cast):
    login_as(client, cast, "judge")
    response = autocomplete(client, "tournaments", "registration", "player")
    assert response.status_code == 200 and response.json()["results"] == []
    assert autocomplete(client, "protocols", "game", "judge").json()["results"] == []
    login_as(client, cast, "organiser")
    assert autocomplete(client, "tournaments", "registration", "player").json()["results"] != []


def test_the_autocomplete_offers_an_organiser_only_the_tournaments_they_run(client, cast):
    login_as(client, cast, "organiser_b")
    shown = {int(r["id"]) for r in autocomplete(client, "protocols", "game", "tournament").json()["results"]}
    assert shown == set(Tournament.objects.filter(organisers=cast.organiser_b).values_list("pk", flat=True))


@pytest.mark.parametrize("who", ["organiser", "superuser"])
def test_a_nul_in_the_autocomplete_or_a_list_is_a_400(client, cast, who):
    login_as(client, cast, who)
    assert autocomplete(client, "tournaments", "registration", "player", "a\x00b").status_code == 400
    for url in ("/admin/protocols/game/?status__exact=%00", "/admin/protocols/game/?q=%00", "/admin/tournaments/player/?q=x%00",
                "/admin/tournaments/tournament/?publication__exact=%00", "/admin/protocols/game/?%00=1"):
        assert client.get(url).status_code == 400, url


# -- people and their logins ---------------------------------------------------------------------

def test_the_organiser_of_another_tournament_cannot_take_over_a_chief_judge(client, cast):
    chief = Judge.objects.get(user=cast.chief)
    login_as(client, cast, "organiser_b")
    url = reverse("admin:tournaments_judge_change", args=[chief.pk])
    response = client.post(url, {"name": chief.name, "user": cast.organiser_b.pk})
    assert response.status_code == 403
    chief.refresh_from_db()
    assert chief.user == cast.chief
    # the desk of tournament A stays the chief's
    slug = cast.game.tournament.slug
    assert client.get(reverse("desk:home", args=[slug])).status_code == 403


def test_the_organiser_of_another_tournament_cannot_rename_or_relink_a_player(client, cast):
    player = Player.objects.get(user=cast.player)
    login_as(client, cast, "organiser_b")
    url = reverse("admin:tournaments_player_change", args=[player.pk])
    assert client.get(url).status_code == 200  # seen, read-only
    response = client.post(url, {"nickname": "Захвачен", "user": cast.organiser_b.pk})
    assert response.status_code == 403
    assert client.post(reverse("admin:tournaments_player_delete", args=[player.pk]), {"post": "yes"}).status_code == 403
    player.refresh_from_db()
    assert player.nickname != "Захвачен" and player.user == cast.player


def test_an_organiser_of_every_tournament_renames_a_player_but_never_reassigns_a_login(client, cast):
    player = Player.objects.get(user=cast.player)
    login_as(client, cast, "organiser")
    url = reverse("admin:tournaments_player_change", args=[player.pk])
    response = client.post(url, {"nickname": "Новое имя", "user": cast.organiser.pk})
    assert response.status_code == 302, response.context["adminform"].form.errors if response.context else response
    player.refresh_from_db()
    assert player.nickname == "Новое имя" and player.user == cast.player  # the login field is read-only


def test_an_organiser_links_a_free_login_only_to_a_person_without_one(client, cast):
    player = Player.objects.filter(registrations__tournament=cast.game.tournament, user=None).first()
    free = UserFactory(username="free")
    login_as(client, cast, "organiser")
    url = reverse("admin:tournaments_player_change", args=[player.pk])
    response = client.post(url, {"nickname": player.nickname, "user": cast.chief.pk})
    assert response.status_code == 200 and "user" in response.context["adminform"].form.errors  # someone's login
    assert client.post(url, {"nickname": player.nickname, "user": free.pk}).status_code == 302
    player.refresh_from_db()
    assert player.user == free


# -- an appeals member who judges a table --------------------------------------------------------

def test_an_appeals_member_who_judges_a_table_sees_no_roles_of_another_table_before_its_sign_off(client, cast):
    appeals = Judge.objects.get(user=cast.appeals)
    other = cast.other_game
    assert can_see_roles(cast.appeals, other)  # a member who judges no table sees every protocol
    TournamentJudgeFactory(tournament=other.tournament, judge=appeals)
    appeals.user = type(cast.appeals).objects.get(pk=cast.appeals.pk)  # no cached roles
    user = appeals.user
    assert not can_view_protocol(user, other) and not can_see_roles(user, other)
    assert set(visible_games(user, Game.objects.all())) == {cast.game}  # the signed-off one
    login_as(client, cast, "appeals")
    assert client.get(reverse("admin:protocols_game_change", args=[other.pk])).status_code == 302  # not found
    assert client.get(history("seat", other.seats.get(number=9))).status_code == 404
    assert client.get(reverse("protocols:game", args=[other.pk])).status_code in (403, 404)
    assert client.get(reverse("admin:protocols_game_change", args=[cast.game.pk])).status_code == 200
