"""The console's log as the record: stored append-only at its index, checked by the core,
one event per index however many tabs send it, the same permissions as the entry page, and a
finished log writing the protocol's draft through the entry page's own service."""
import json
from pathlib import Path

import pytest
from django.urls import reverse

from console import services
from console.models import ConsoleEvent
from engines import console as core
from protocols.entry import entry_from_game
from tests.protocols.helpers import make_cast

pytestmark = pytest.mark.django_db

DATA = Path(__file__).parent.parent / "engines" / "console" / "data" / "game-log-examples"


def example(name: str) -> dict:
    return json.loads((DATA / name).read_text(encoding="utf-8"))


def seat_roles(cast, name: str):
    log = example(name)
    tournament = cast.game.tournament
    tournament.ruleset = log["ruleset"]
    tournament.save(update_fields=["ruleset"])
    for s in log["seats"]:
        seat = cast.game.seats.get(number=s["seat"])
        seat.role = s["role"]
        seat.save(update_fields=["role"])
    cast.events = log["events"]
    return cast


@pytest.fixture
def cast():
    return seat_roles(make_cast(), "g1_fiim_red_win.json")


def url(game) -> str:
    return reverse("console:console", args=[game.pk])


def post(client, game, index, event):
    return client.post(url(game), json.dumps({"index": index, "event": event}), content_type="application/json")


def test_an_event_is_stored_at_its_index_and_the_state_moves_on(client, cast):
    client.force_login(cast.judge)
    start = client.get(url(cast.game)).json()
    assert start["index"] == 0 and start["state"]["phase"] == "night0_mafia"
    assert {"type": "next"} in start["legal"]
    response = post(client, cast.game, 0, {"type": "next"})
    assert response.status_code == 200
    assert response.json()["index"] == 1 and response.json()["state"]["phase"] == "night0_sheriff"
    assert list(ConsoleEvent.objects.filter(log__game=cast.game).values_list("index", "payload")) == [(0, {"type": "next"})]


def test_two_tabs_sending_the_same_index_store_one_event_and_the_second_gets_the_state(client, cast):
    client.force_login(cast.judge)
    assert post(client, cast.game, 0, {"type": "next"}).status_code == 200
    second = post(client, cast.game, 0, {"type": "next"})
    assert second.status_code == 409
    body = second.json()
    assert body["error"]["code"] == "conflict" and body["index"] == 1 and body["state"]["phase"] == "night0_sheriff"
    assert ConsoleEvent.objects.filter(log__game=cast.game).count() == 1


def test_a_refused_event_names_its_rule_and_stores_nothing(client, cast):
    client.force_login(cast.judge)
    response = post(client, cast.game, 0, {"type": "vote", "seat": 3, "count": 2})
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "VOTE_NOT_NOW" and response.json()["error"]["rule"] == "7.7.2"
    assert not ConsoleEvent.objects.filter(log__game=cast.game).exists()
    assert client.get(url(cast.game)).json()["index"] == 0


@pytest.mark.parametrize("event, field, params", [
    ({"type": "next", "note": "x" * 501}, "note", {"field": "note"}),
    ({"type": "next", "colour": "red"}, "colour", {"field": "colour"}),
    ({"type": "vote", "seat": 3, "count": 2}, None, {}),
])
def test_the_service_refuses_with_the_field_and_params_and_stores_nothing(cast, event, field, params):
    """7.17: the web door gets which field of an ill-formed event is at fault (and every refusal's
    params, for its sentence) from the service's refusal; nothing is stored."""
    with pytest.raises(services.EventRefused) as refused:
        services.append_event(game=cast.game, index=0, event=event, user=cast.judge)
    assert refused.value.refused["field"] == field and refused.value.refused["params"] == params
    assert not ConsoleEvent.objects.filter(log__game=cast.game).exists()


def test_undo_is_an_event_kept_in_the_log(client, cast):
    client.force_login(cast.judge)
    post(client, cast.game, 0, {"type": "next"})
    response = post(client, cast.game, 1, {"type": "undo"})
    assert response.status_code == 200 and response.json()["state"]["phase"] == "night0_mafia"
    assert ConsoleEvent.objects.filter(log__game=cast.game).count() == 2


@pytest.mark.parametrize("body", ["not json", json.dumps([1]), json.dumps({"index": "0", "event": {"type": "next"}}),
                                  json.dumps({"index": 0, "event": "next"})])
def test_a_malformed_request_is_a_400_not_a_500(client, cast, body):
    client.force_login(cast.judge)
    response = client.post(url(cast.game), body, content_type="application/json")
    assert response.status_code == 400 and response.json()["error"]["message"]


def test_another_tables_judge_may_not_run_the_console(client, cast):
    client.force_login(cast.other_judge)
    assert client.get(url(cast.game)).status_code == 403
    assert post(client, cast.game, 0, {"type": "next"}).status_code == 403
    assert not ConsoleEvent.objects.exists()


def test_anonymous_is_refused(client, cast):
    assert client.get(url(cast.game)).status_code == 403
    assert post(client, cast.game, 0, {"type": "next"}).status_code == 403


def test_the_chief_judge_may_run_any_game_of_the_tournament(client, cast):
    client.force_login(cast.chief)
    assert post(client, cast.game, 0, {"type": "next"}).status_code == 200


def test_a_post_without_the_csrf_token_is_refused(cast):
    from django.test import Client
    client = Client(enforce_csrf_checks=True)
    client.force_login(cast.judge)
    assert post(client, cast.game, 0, {"type": "next"}).status_code == 403


@pytest.mark.parametrize("name", ["g1_fiim_red_win.json", "g2_fiim_black_win.json", "g3_mafclub_red_win.json",
                                  "g4_mafclub_black_win.json", "c14_black_win_right_after_vote.json"])
def test_a_finished_log_writes_the_protocol_draft_the_mapping_gives(client, name):
    cast = seat_roles(make_cast(), name)
    client.force_login(cast.judge)
    for index, event in enumerate(cast.events):
        response = post(client, cast.game, index, event)
        assert response.status_code == 200, (index, response.json())
    body = response.json()
    assert body["state"]["phase"] == "ended" and body["protocol_problems"] == []
    expected = core.replay(example(name))["mapped"]
    cast.game.refresh_from_db()
    entry = entry_from_game(cast.game)
    assert cast.game.result == expected["game"]["result"] and not cast.game.is_signed_off
    assert entry.result_kind == expected["protocol"]["result_kind"]
    assert [(s.number, s.fouls, s.role) for s in entry.seats] == [
        (s["seat"], s["fouls"], s["role"]) for s in expected["game"]["seats"]]
    assert sorted((s.number, s.left_how, s.left_on) for s in entry.seats if s.left_how) == sorted(
        (x["seat"], x["left_how"], x["left_on"]) for x in expected["protocol"]["left"])
    assert sorted((n.day, n.by_seat, n.nominee_seat, n.withdrawn) for n in entry.nominations) == sorted(
        (n["day"], n["by_seat"], n["nominee_seat"], n["withdrawn"]) for n in expected["protocol"]["nominations"])
    assert sorted((v.day, v.ballot, v.nominee_seat or 0, v.votes) for v in entry.votes) == sorted(
        (v["day"], v["ballot"], v["nominee_seat"] or 0, v["votes"]) for v in expected["protocol"]["votes"])
    first = expected["game"]["first_killed"]
    assert entry.first_killed_seat == (first["seat"] if first else None)
    assert entry.best_move == (first["named"] if first else [])


def test_an_index_ahead_of_the_log_is_a_conflict_and_leaves_no_gap(client, cast):
    client.force_login(cast.judge)
    response = post(client, cast.game, 3, {"type": "next"})
    assert response.status_code == 409 and response.json()["index"] == 0
    assert not ConsoleEvent.objects.exists()


def test_the_refusal_is_told_in_russian_too(client, cast):
    client.force_login(cast.other_judge)
    response = client.get(url(cast.game), HTTP_ACCEPT_LANGUAGE="ru")
    assert response.json()["error"]["message"] == "Вести эту игру на пульте может только судья её стола или главный судья."


def test_a_game_whose_roles_are_not_dealt_is_a_400_naming_the_roles(client, cast):
    cast.game.seats.update(role="")
    client.force_login(cast.judge)
    response = client.get(url(cast.game))
    assert response.status_code == 400 and response.json()["error"]["code"] == "LOG_ROLES"


def test_after_sign_off_the_tables_judge_may_no_longer_enter_events(client, cast):
    from django.utils import timezone

    from protocols.vocabulary import GameStatus
    type(cast.game).objects.filter(pk=cast.game.pk).update(
        status=GameStatus.SIGNED_OFF, signed_off_at=timezone.now(), result="red")
    client.force_login(cast.judge)
    assert post(client, cast.game, 0, {"type": "next"}).status_code == 403


def play(client, cast):
    for index, event in enumerate(cast.events):
        response = post(client, cast.game, index, event)
        assert response.status_code == 200, (index, response.json())
    return response.json()


def test_the_judges_extra_points_reasons_approvals_and_penalties_stay_as_entered(client, cast):
    from decimal import Decimal

    from protocols.models import SeatPenalty
    seat = cast.game.seats.get(number=4)
    seat.extra, seat.extra_reason, seat.extra_approved = Decimal("0.60"), "нашёл обоих чёрных", True
    seat.save(update_fields=["extra", "extra_reason", "extra_approved"])
    SeatPenalty.objects.create(seat=cast.game.seats.get(number=6), clause="8.5.1", reason="спор с судьёй")
    client.force_login(cast.judge)
    body = play(client, cast)
    assert body["protocol_problems"] == []
    cast.game.refresh_from_db()
    entry = entry_from_game(cast.game)
    four = entry.seat(4)
    assert (four.extra, four.extra_reason, four.extra_approved) == (Decimal("0.60"), "нашёл обоих чёрных", True)
    assert [(p.seat, p.clause, p.reason) for p in entry.penalties] == [(6, "8.5.1", "спор с судьёй")]
    assert cast.game.result == "red"


def test_the_logs_protocol_goes_through_the_entry_pipelines_parse_and_its_refusal_is_worded(client, cast, monkeypatch):
    """A mapped value the entry pipeline does not take (here a removal no protocol has) is told
    in the page's words and stores no draft: the console never writes what the page would refuse."""
    from console import services
    real = services.core.mapped

    def garbled(state):
        record = real(state)
        if record is not None:
            record["game"]["seats"][2]["removed"] = "banished"
        return record

    monkeypatch.setattr(services.core, "mapped", garbled)
    version = cast.game.version
    client.force_login(cast.judge)
    body = play(client, cast)
    assert body["state"]["phase"] == "ended"
    assert body["protocol_problems"] == ["Место 3, удаление: «banished» — не вид удаления"]
    cast.game.refresh_from_db()
    assert cast.game.result == "" and cast.game.version == version


def test_each_stored_event_is_announced_after_the_commit_and_a_refused_one_is_not(cast, django_capture_on_commit_callbacks):
    from console import services
    from console.services import EventConflict
    from tests.domain_event_recorder import heard
    from tournaments.domain_events import ConsoleEventStored

    game = cast.game
    with heard(ConsoleEventStored) as events:
        for index in (0, 1):
            with django_capture_on_commit_callbacks(execute=True):
                services.append_event(game=game, index=index, event=cast.events[index], user=cast.judge)
        with pytest.raises(EventConflict), django_capture_on_commit_callbacks(execute=True):
            services.append_event(game=game, index=5, event=cast.events[2], user=cast.judge)
    where = (game.table.number, game.number)  # named with the event: the pushes need no query for them
    assert events == [ConsoleEventStored(game.tournament_id, game.pk, 0, *where),
                      ConsoleEventStored(game.tournament_id, game.pk, 1, *where)]
