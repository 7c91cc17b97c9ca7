"""What a judge reads on their screens: the sign-off asks first, a refused sign-off keeps the
draft and says so, the signer is named by their name, /judge/ names who is logged in, and the
protest form makes the judge pick the player and says why an unsigned game takes none."""
import pytest
from django.urls import reverse

from protocols.models import GameStatus, Protest
from tests.protocols.helpers import complete_post

pytestmark = pytest.mark.django_db


def url(game):
    return reverse("protocols:game", args=[game.pk])


def test_a_sign_off_that_cannot_even_be_a_draft_still_says_not_saved(client, cast):
    client.force_login(cast.judge)
    data = complete_post(cast.game, **{"s1-extra_reason": ""})  # an extra point without its reason: no save takes it
    body = client.post(url(cast.game) + "?lang=en", data).content.decode()
    assert "was not saved" in body and "The draft is saved" not in body
    cast.game.refresh_from_db()
    assert cast.game.version == 1 and cast.game.status == GameStatus.SCHEDULED


def test_without_the_script_the_server_asks_before_the_sign_off(client, cast):
    client.force_login(cast.judge)
    response = client.post(url(cast.game) + "?lang=ru", complete_post(cast.game, action="sign_off_ask"))
    assert response.status_code == 200
    body = response.content.decode()
    box = body.split('id="sign-off-confirm"', 1)[1].split("</div>", 1)[0]
    assert "hidden" not in box.split(">", 1)[0] and "Подписать протокол?" in box
    assert 'value="sign_off"' in box and "autofocus" in box
    assert 'value="нашёл обоих чёрных"' in body  # the values come back to be sent again
    cast.game.refresh_from_db()
    assert cast.game.status == GameStatus.SCHEDULED  # nothing is signed off by the question


def test_the_page_carries_the_question_for_the_script(client, cast):
    client.force_login(cast.judge)
    body = client.get(url(cast.game) + "?lang=en").content.decode()
    assert 'id="sign-off"' in body and 'value="sign_off_ask"' in body
    assert 'id="sign-off-confirm" role="group" aria-labelledby="sign-off-question" hidden' in body
    assert "<script>" not in body  # the site's CSP forbids inline scripts; entry.js does it


def test_a_signed_off_game_names_its_judge_not_the_login(client, cast):
    game = _signed(client, cast)
    client.force_login(cast.chief)
    body = client.get(url(game) + "?lang=ru").content.decode()
    meta = body.split('class="game-meta"', 1)[1].split("</p>", 1)[0]
    assert "(Судья 1," in meta and cast.judge.username not in meta


def test_my_games_names_the_judge_with_no_dangling_separator(client, cast):
    client.force_login(cast.judge)
    body = client.get(reverse("protocols:my_games") + "?lang=ru").content.decode()
    who = body.split('class="whoami', 1)[1].split("</div>", 1)[0]
    assert f"Судья 1 ({cast.judge.username})" in who and "·" not in who and "Выйти" in who
    assert "<p" not in who  # the logout form is not inside a paragraph


def _signed(client, cast):
    client.force_login(cast.judge)
    assert client.post(url(cast.game), complete_post(cast.game)).status_code == 302
    cast.game.refresh_from_db()
    return cast.game


def test_a_judge_filing_a_protest_chooses_the_player(client, cast):
    game = _signed(client, cast)
    protest_url = reverse("protocols:protest_new", args=[game.pk])
    page = client.get(protest_url + "?lang=en").content.decode()
    select = page.split('name="player"', 1)[1].split("</select>", 1)[0]
    assert '<option value="" selected>— choose the player —</option>' in select
    assert "← Back to the protocol" in page and f'href="{url(game)}"' in page
    response = client.post(protest_url + "?lang=en", {"point": "fouls", "text": "фол не мой"})
    assert response.status_code == 422 and not Protest.objects.exists()
    assert "This field is required" in response.content.decode().split('name="player"', 1)[0].rsplit("<p", 1)[1] or \
        "This field is required" in response.content.decode()
    seat4 = game.seats.get(number=4).player_id
    assert client.post(protest_url, {"player": seat4, "point": "fouls", "text": "фол не мой"}).status_code == 302
    assert Protest.objects.get().player_id == seat4


def test_a_player_filing_a_protest_is_chosen_for_themselves(client, cast):
    game = _signed(client, cast)
    client.force_login(cast.player)
    page = client.get(reverse("protocols:protest_new", args=[game.pk])).content.decode()
    select = page.split('name="player"', 1)[1].split("</select>", 1)[0]
    assert "choose the player" not in select and "выберите игрока" not in select
    assert f'value="{game.seats.get(number=3).player_id}" selected' in select


@pytest.mark.parametrize("who", ["judge", "player", "chief"])
def test_an_unsigned_game_takes_no_protest_and_its_people_are_told_why(client, cast, who):
    client.force_login(getattr(cast, who))
    response = client.get(reverse("protocols:protest_new", args=[cast.game.pk]) + "?lang=en")
    assert response.status_code == 403
    assert "not signed off yet" in response.content.decode()


def test_a_stranger_is_told_who_may_file(client, cast):
    client.force_login(cast.other_judge)
    response = client.get(reverse("protocols:protest_new", args=[cast.game.pk]) + "?lang=en")
    assert response.status_code == 403 and "not signed off yet" not in response.content.decode()
