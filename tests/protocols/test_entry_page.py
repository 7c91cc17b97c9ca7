import pytest
from django.urls import reverse

from protocols.models import GameStatus
from tests.protocols.helpers import complete_post

pytestmark = pytest.mark.django_db


def url(game):
    return reverse("protocols:game", args=[game.pk])


def test_it_shows_the_entry_page_to_the_table_judge(client, cast):
    client.force_login(cast.judge)
    response = client.get(url(cast.game))
    assert response.status_code == 200
    body = response.content.decode()
    assert 'name="s10-role"' in body and 'name="d1-nom1"' in body and 'name="first_killed"' in body


def test_it_lists_the_judges_games(client, cast):
    client.force_login(cast.judge)
    response = client.get(reverse("protocols:my_games"))
    assert response.status_code == 200
    assert url(cast.game) in response.content.decode() and url(cast.other_game) not in response.content.decode()


def test_it_signs_off_through_the_page(client, cast):
    client.force_login(cast.judge)
    response = client.post(url(cast.game), complete_post(cast.game))
    assert response.status_code == 302
    cast.game.refresh_from_db()
    assert cast.game.status == GameStatus.SIGNED_OFF
    page = client.get(url(cast.game)).content.decode()
    assert "<strong>версия 2</strong>" in page and "до первого сохранения" in page  # the history lists both versions


def test_it_keeps_the_input_and_names_seat_and_field(client, cast):
    client.force_login(cast.judge)
    data = complete_post(cast.game, **{"s9-left_how": "", "s4-extra_reason": "х", "s4-extra": "0.25"})
    response = client.post(url(cast.game), data)
    assert response.status_code == 422
    body = response.content.decode()
    problems = body.split('id="problems"', 1)[1].split("</div>", 1)[0]
    assert "<li>Место 9, результат: красные побеждают, только когда не осталось чёрных" in problems
    assert 'value="0.25"' in body and 'value="нашёл обоих чёрных"' in body
    cast.game.refresh_from_db()
    assert cast.game.status == GameStatus.SCHEDULED and cast.game.version == 1


def test_it_shows_a_conflict_with_the_others_change(client, cast):
    client.force_login(cast.judge)
    stale = complete_post(cast.game, action="save")
    assert client.post(url(cast.game), stale).status_code == 302
    client.force_login(cast.chief)
    response = client.post(url(cast.game), {**stale, "s2-fouls": "3"})
    assert response.status_code == 422
    body = response.content.decode()
    assert 'id="conflict"' in body and "Место 1, роль: — → Мирный (К)" in body and cast.judge.username in body
    cast.game.refresh_from_db()
    assert cast.game.seats.get(number=2).fouls == 2


@pytest.mark.parametrize("junk", [
    {"s1-fouls": "9"}, {"s1-fouls": "x"}, {"s1-player": "999999"}, {"s1-player": "-1"}, {"s1-role": "mayor"},
    {"s1-extra": "NaN"}, {"s1-extra": "1e9"}, {"s1-extra": "-0.1"}, {"outcome": "purple"}, {"version": "abc"},
    {"version": "99999999999999999999999"}, {"version": "-5"},
    {"d1-nom1": "11"}, {"d99-nom1": "3"}, {"pen0-seat": "3", "pen0-clause": "9.9.9"}, {"pen0-seat": "0"},
    {"s1-removed": "fourth_foul"}, {"s1-left_how": "eaten"}, {"s1-left_on": "99999999999999999999"},
    {"first_killed": "\x00"}, {"named1": "3", "named2": "3"}, {"s1-player": "", "s2-player": ""},
])
def test_it_never_fails_on_garbage(client, cast, junk):
    client.force_login(cast.judge)
    response = client.post(url(cast.game), complete_post(cast.game, **junk))
    assert response.status_code in (302, 422)


def test_it_sends_anonymous_visitors_to_the_login(client, cast):
    response = client.get(url(cast.game))
    assert response.status_code == 302 and reverse("protocols:login") in response["Location"]


def test_it_speaks_russian_and_english(client, cast):
    client.force_login(cast.judge)
    assert "Подписать" in client.get(url(cast.game)).content.decode()
    assert "Sign off" in client.get(url(cast.game) + "?lang=en").content.decode()
    assert "Sign off" in client.get(url(cast.game)).content.decode()  # the choice is remembered


def test_it_seats_players_on_a_game_without_seating(client, cast):
    from protocols.models import Game, Seat
    from tests.factories import RoundFactory

    game = Game.objects.create(tournament=cast.game.tournament, stage=cast.game.stage, table=cast.game.table,
                               round=RoundFactory(stage=cast.game.stage, number=2), number=3, judge=cast.game.judge)
    players = [s.player_id for s in cast.other_game.seats.order_by("number")]
    client.force_login(cast.judge)
    assert client.get(url(game)).status_code == 200
    data = {"version": "1", "action": "save", **{f"s{n}-player": str(p) for n, p in enumerate(players, 1)}}
    assert client.post(url(game), {**data, "s2-player": str(players[0])}).status_code == 422  # a player twice
    assert client.post(url(game), data).status_code == 302
    assert list(Seat.objects.filter(game=game).order_by("number").values_list("player_id", flat=True)) == players
    game.refresh_from_db()
    assert game.status == "in_play" and game.version == 2


def test_it_stores_an_awarded_loss_with_its_reason(client, cast):
    client.force_login(cast.judge)
    data = complete_post(cast.game, outcome="awarded_black", awarded_reason="подсказка жестом (дон, место 9)",
                         **{"s9-left_how": "removed", "s9-left_on": "2", "s9-removed": "disqualifying_foul", "d3-nom1": ""})
    assert client.post(url(cast.game), data).status_code == 302
    cast.game.refresh_from_db()
    assert (cast.game.result, cast.game.result_kind, cast.game.awarded_reason) == ("red", "awarded", "подсказка жестом (дон, место 9)")
    assert 'value="awarded_black" selected' in client.get(url(cast.game)).content.decode()


def test_a_stored_extra_reads_in_the_pages_decimal_form(client, cast):
    from protocols.services import save_protocol
    from tests.protocols.test_services import entry_for

    save_protocol(game=cast.game, user=cast.judge, expected_version=1,
                  entry=entry_for(cast.game, complete_post(cast.game, action="save", **{"s1-extra": "0.6", "s1-extra_reason": "x"})))
    client.force_login(cast.judge)
    body = client.get(url(cast.game), HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert 'name="s1-extra" value="0,60"' in body  # as the protocol and the desk write it, not «0.6»
