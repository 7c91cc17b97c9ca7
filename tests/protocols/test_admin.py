import pytest
from django.urls import reverse

from protocols.models import GameStatus, Protest, ProtestStatus
from protocols.services import save_protocol, sign_off
from tests.protocols.helpers import complete_post, make_cast
from tests.protocols.test_services import entry_for

pytestmark = pytest.mark.django_db


def test_the_admin_signs_off_through_the_service_and_reports_problems(admin_client, settings):
    admin_client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    cast = make_cast()
    url = reverse("admin:protocols_game_changelist")
    response = admin_client.post(url, {"action": "sign_off_games", "_selected_action": [cast.game.pk]}, follow=True)
    assert response.status_code == 200
    cast.game.refresh_from_db()
    assert cast.game.status == GameStatus.SCHEDULED  # no roles yet: refused by the same checks
    said = [str(m) for m in response.context["messages"]]
    assert len(said) == 1 and said[0].startswith(f"{cast.game}: ") and "Seat 1, role:" in said[0]
    # a complete draft saved on the judge's page is signed off by the action
    save_protocol(game=cast.game, user=cast.judge, entry=entry_for(cast.game, complete_post(cast.game, action="save")),
                  expected_version=1)
    response = admin_client.post(url, {"action": "sign_off_games", "_selected_action": [cast.game.pk]}, follow=True)
    cast.game.refresh_from_db()
    assert cast.game.status == GameStatus.SIGNED_OFF
    assert [str(m) for m in response.context["messages"]] == ["1 protocol signed off."]


def test_the_admin_shows_the_protocol_read_only_with_a_link_to_the_entry_page(admin_client):
    cast = make_cast()
    response = admin_client.get(reverse("admin:protocols_game_change", args=[cast.game.pk]))
    body = response.content.decode()
    assert response.status_code == 200
    assert reverse("protocols:game", args=[cast.game.pk]) in body
    assert 'name="result"' not in body and 'name="seats-0-role"' not in body


def test_only_the_chief_judge_decides_a_protest_in_the_admin(client):
    cast = make_cast()
    sign_off(game=cast.game, user=cast.judge, entry=entry_for(cast.game, complete_post(cast.game)), expected_version=1)
    protest = Protest.objects.create(game=cast.game, player=cast.game.seats.get(number=3).player, text="не тот фол")
    url = reverse("admin:protocols_protest_change", args=[protest.pk])
    cast.judge.is_staff = True
    cast.judge.save()
    client.force_login(cast.judge)
    data = {"game": cast.game.pk, "player": protest.player_id, "text": protest.text, "status": "rejected", "decision": "нет"}
    client.post(url, data)
    protest.refresh_from_db()
    assert protest.status == ProtestStatus.PENDING
    cast.chief.is_staff = True
    cast.chief.save()
    client.force_login(cast.chief)
    assert client.post(url, data).status_code == 302
    protest.refresh_from_db()
    assert protest.status == ProtestStatus.REJECTED and protest.decided_by == cast.chief
