"""The chief judge takes a game's console over with a reason: written in the action log, shown on
the desk, the table's judge told (``taken_over_by``) and no longer entering events until the
chief hands the console back. Nobody else may take it over."""
import json

import pytest
from django.urls import reverse

from console.action_types import CONSOLE_HANDED_BACK, CONSOLE_TAKEN_OVER
from console.models import ConsoleEvent
from tests.console.test_log_service import post, seat_roles, url
from tests.protocols.helpers import make_cast
from tournaments.models import ActionLog

pytestmark = pytest.mark.django_db


@pytest.fixture
def cast():
    return seat_roles(make_cast(), "g1_fiim_red_win.json")


def take(client, game, body):
    return client.post(reverse("console:takeover", args=[game.pk]), json.dumps(body), content_type="application/json")


def hand_back(client, game):
    return client.post(reverse("console:handback", args=[game.pk]), "{}", content_type="application/json")


def test_the_chief_takes_over_the_table_judge_is_told_and_may_no_longer_enter(client, cast):
    client.force_login(cast.judge)
    assert post(client, cast.game, 0, {"type": "next"}).status_code == 200
    client.force_login(cast.chief)
    response = take(client, cast.game, {"reason": "судья стола заболел"})
    assert response.status_code == 200
    assert response.json()["taken_over_by"]["reason"] == "судья стола заболел"
    assert response.json()["taken_over_by"]["name"] == "Главный"
    entry = ActionLog.objects.get(action=CONSOLE_TAKEN_OVER.code)
    assert entry.object_id == cast.game.pk and entry.reason == "судья стола заболел" and entry.user == cast.chief

    client.force_login(cast.judge)
    seen = client.get(url(cast.game)).json()
    assert seen["taken_over_by"]["name"] == "Главный" and seen["may_append"] is False
    refused = post(client, cast.game, 1, {"type": "next"})
    assert refused.status_code == 403 and refused.json()["error"]["code"] == "taken_over"
    assert refused.json()["index"] == 1 and refused.json()["taken_over_by"]["reason"] == "судья стола заболел"
    assert ConsoleEvent.objects.filter(log__game=cast.game).count() == 1

    client.force_login(cast.chief)
    assert post(client, cast.game, 1, {"type": "next"}).status_code == 200
    assert hand_back(client, cast.game).status_code == 200
    assert ActionLog.objects.filter(action=CONSOLE_HANDED_BACK.code, object_id=cast.game.pk).count() == 1

    client.force_login(cast.judge)
    back = client.get(url(cast.game)).json()
    assert back["taken_over_by"] is None and back["may_append"] is True
    assert post(client, cast.game, 2, {"type": "next", "seat": 1}).status_code == 200


def test_the_reason_is_required_and_named(client, cast):
    client.force_login(cast.chief)
    for body in ({}, {"reason": "   "}, {"reason": 5}):
        response = take(client, cast.game, body)
        assert response.status_code == 400 and response.json()["error"]["field"] == "reason"
        assert "reason" in response.json()["error"]["message"]
    assert not ActionLog.objects.filter(action=CONSOLE_TAKEN_OVER.code).exists()
    bad = client.post(reverse("console:takeover", args=[cast.game.pk]), "not json", content_type="application/json")
    assert bad.status_code == 400


@pytest.mark.parametrize("who", ["judge", "other_judge", "foreign_judge", "organiser", "appeals", "player", None])
def test_only_the_tournaments_chief_judge_may_take_over(client, cast, who):
    if who is not None:
        client.force_login(getattr(cast, who))
    assert take(client, cast.game, {"reason": "хочу"}).status_code == 403
    assert hand_back(client, cast.game).status_code == 403
    assert not ActionLog.objects.filter(action__in=[CONSOLE_TAKEN_OVER.code, CONSOLE_HANDED_BACK.code]).exists()


def test_another_tournaments_chief_judge_may_not_take_over(client, cast):
    from tests.factories import JudgeFactory, TournamentFactory

    elsewhere = JudgeFactory(name="Главный другого турнира")
    TournamentFactory(chief_judge=elsewhere)
    client.force_login(elsewhere.user)
    assert take(client, cast.game, {"reason": "хочу"}).status_code == 403
    assert client.get(url(cast.game)).status_code == 403


def test_the_chief_watches_any_game_and_a_second_take_over_is_refused(client, cast):
    for seat in cast.game.seats.all():
        cast.other_game.seats.filter(number=seat.number).update(role=seat.role)
    client.force_login(cast.chief)
    watched = client.get(url(cast.other_game))
    assert watched.status_code == 200 and watched.json()["taken_over_by"] is None
    assert take(client, cast.game, {"reason": "спор за столом"}).status_code == 200
    again = take(client, cast.game, {"reason": "ещё раз"})
    assert again.status_code == 400 and again.json()["error"]["field"] == "console"
    assert hand_back(client, cast.game).status_code == 200
    assert hand_back(client, cast.game).status_code == 400


def test_the_take_over_is_on_the_desk(client, cast):
    client.force_login(cast.chief)
    take(client, cast.game, {"reason": "спор за столом"})
    body = client.get(reverse("desk:home", args=[cast.game.tournament.slug]), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Console taken over" in body and "спор за столом" in body
    tables = client.get(reverse("desk:tables", args=[cast.game.tournament.slug]), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "taken over" in tables and "Console taken over by Главный" in tables
