"""The console's doors that close: a signed-off game's log and timer take nothing from anyone (the
chief judge and a superuser included: an amendment goes through the protocol, with a reason); the
table judge's timer is closed during a take-over as his events are; the console's JSON is never
kept by a cache; and a logout, from the judges' page or the admin, clears the site's copies in the
browser."""
import json

import pytest
from django.urls import reverse
from django.utils import timezone

from console.models import ConsoleEvent
from tests.console.test_log_service import post, seat_roles, url
from tests.console.test_takeover import take
from tests.protocols.helpers import make_cast

pytestmark = pytest.mark.django_db


@pytest.fixture
def cast():
    return seat_roles(make_cast(), "g1_fiim_red_win.json")


def sign_off(game):
    game.status, game.result, game.signed_off_at = "signed_off", "red", timezone.now()
    game.save(update_fields=["status", "result", "signed_off_at"])


def timer(client, game, turn, action="start"):
    return client.post(reverse("console:timer", args=[game.pk]), json.dumps({"action": action, "turn": turn}),
                       content_type="application/json")


@pytest.mark.parametrize("who", ["chief", "superuser"])
def test_a_signed_off_games_log_takes_no_event_from_anyone(client, cast, who):
    client.force_login(cast.judge)
    for index, event in enumerate(cast.events[:3]):
        assert post(client, cast.game, index, event).status_code == 200
    sign_off(cast.game)
    client.force_login(getattr(cast, who))
    seen = client.get(url(cast.game)).json()
    assert seen["may_append"] is False
    refused = post(client, cast.game, 3, cast.events[3])
    assert refused.status_code == 409 and refused.json()["code"] == "signed_off"
    assert "подписана" in refused.json()["detail"]  # the site speaks Russian first
    assert ConsoleEvent.objects.filter(log__game=cast.game).count() == 3


def test_a_signed_off_games_timer_is_closed(client, cast):
    client.force_login(cast.chief)
    turn = client.get(url(cast.game)).json()["clock"]
    sign_off(cast.game)
    answer = timer(client, cast.game, turn["turn"] if turn else "N0#1")
    assert answer.status_code == 409 and answer.json()["code"] == "signed_off"


def test_the_table_judges_timer_is_closed_while_the_chief_holds_the_console(client, cast):
    client.force_login(cast.chief)
    assert take(client, cast.game, {"reason": "проверка"}).status_code == 200
    turn = client.get(url(cast.game)).json()["clock"]["turn"]
    client.force_login(cast.judge)
    refused = timer(client, cast.game, turn)
    assert refused.status_code == 403 and refused.json()["code"] == "taken_over"
    client.force_login(cast.chief)
    assert timer(client, cast.game, turn).status_code == 200


def test_the_consoles_json_is_never_kept_by_a_cache(client, cast):
    client.force_login(cast.judge)
    answers = [client.get(url(cast.game)), post(client, cast.game, 0, {"type": "vote", "seat": 1, "count": 1}),
               client.get(reverse("console:log", args=[cast.game.pk]))]
    client.logout()
    answers.append(client.get(url(cast.game)))  # a visitor's refusal too
    for answer in answers:
        assert "no-store" in answer["Cache-Control"] and "private" in answer["Cache-Control"], answer.status_code


@pytest.mark.parametrize("logout", ["protocols:logout", "admin:logout"])
def test_a_logout_clears_the_sites_storage_and_caches_in_the_browser(client, cast, logout):
    client.force_login(cast.chief)
    answer = client.post(reverse(logout))
    assert answer.status_code in (200, 302)
    assert answer["Clear-Site-Data"] == '"cache", "storage"'
    assert "_auth_user_id" not in client.session
