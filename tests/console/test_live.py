"""The live views of a console game: the public table view (and the projector's round) shows the
seats, who is out, fouls, the speaker, the nominees and the vote, never a role, a shot or a check
before sign-off, nor what the night decided before the morning; after sign-off the roles and the
nights come with the protocol. The desk shows each table's phase and what needs the chief judge.
The console's log is on the game's history pages, publicly only after sign-off."""
import json

import pytest
from django.urls import reverse

from console import replay_cache, services
from console.models import ConsoleLog
from engines import console as core
from protocols.services import sign_off
from tests.console.test_log_service import example, post, seat_roles
from tests.console.test_screen import timer
from tests.protocols.helpers import make_cast
from tournaments.models import Publication

pytestmark = pytest.mark.django_db

ROLE_WORDS = ("sheriff", "don", "black", "red")


@pytest.fixture
def cast():
    return seat_roles(make_cast(), "g1_fiim_red_win.json")


def play(client, cast, count):
    client.force_login(cast.judge)
    for index, event in enumerate(cast.events[:count]):
        assert post(client, cast.game, index, event).status_code == 200, index
    client.logout()


def live_url(cast) -> str:
    return f"/t/{cast.game.tournament.slug}/tables/{cast.game.table.number}/live.json"


def live_response(client, cast, **headers):
    return client.get(live_url(cast), HTTP_ACCEPT_LANGUAGE="en", **headers)


def live_json(client, cast):
    response = live_response(client, cast)
    assert response.status_code == 200 and response["Cache-Control"] == "no-cache" and response["ETag"]
    return response.json()


def push(client, cast, start, stop):
    """The judge enters the example's events ``start`` … ``stop - 1``."""
    client.force_login(cast.judge)
    for index in range(start, stop):
        assert post(client, cast.game, index, cast.events[index]).status_code == 200, index
    client.logout()


def test_the_vote_is_live_and_no_role_is_sent_before_sign_off(client, cast):
    play(client, cast, 17)  # day 1: 3 has 2 votes, 9 is being counted
    view = live_json(client, cast)
    state = view["state"]
    assert state["phase"] == "voting" and state["label"] == "D1" and state["phase_name"] == "Vote"
    assert state["nominees"] == [3, 9, 4] and state["fouls"] == {"1": 1}
    assert state["vote"]["seats"] == [3, 9, 4] and state["vote"]["counts"] == {"3": 2} and state["vote"]["called"] == 9
    assert state["vote"]["uncast"] == 8 and state["in_game"] == list(range(1, 11))
    assert [s["seat"] for s in view["seats"]] == list(range(1, 11)) and all("role" not in s for s in view["seats"])
    assert "nights" not in view and view["signed_off"] is False and "result" not in view
    text = json.dumps(view)
    assert not any(f'"{word}"' in text for word in ROLE_WORDS)


def test_the_speaker_is_shown_by_day(client, cast):
    play(client, cast, 4)  # seat 2 speaks, 3 is nominated
    state = live_json(client, cast)["state"]
    assert state["speaker"] == 2 and state["timer"]["seconds"] == 60 and state["nominees"] == [3]


def test_the_night_is_one_phase_and_keeps_its_victim_until_the_morning(client, cast):
    play(client, cast, 19)  # night 1 has fallen: 4 was voted out on day 1
    dusk = live_response(client, cast)
    state = dusk.json()["state"]
    assert state["phase"] == "night" and state["phase_name"] == "Night" and state["label"] == "N1"
    assert state["speaker"] is None and state["timer"] is None and state["nominees"] == [] and state["vote"] is None
    assert 5 in state["in_game"] and state["left"] == {"4": {"how": "voted", "on": "D1", "name": "voted out"}}
    for index in range(19, 24):  # the shots, the shooting closed (5 is killed), the don's check
        push(client, cast, index, index + 1)
        night = live_response(client, cast)
        assert night.content == dusk.content and night["ETag"] == dusk["ETag"], cast.events[index]
    push(client, cast, 24, 25)  # the sheriff's check: the morning
    morning = live_json(client, cast)["state"]
    assert morning["phase"] == "night_last_words" and morning["speaker"] == 5 and morning["label"] == "D2"
    assert morning["left"]["5"] == {"how": "killed", "on": "N1", "name": "killed"} and 5 not in morning["in_game"]


def private_keys(value) -> set:
    """Every key of a JSON value that names something only the judge may know."""
    found = set()
    if isinstance(value, dict):
        for key, item in value.items():
            if any(word in key for word in ("sheriff", "don", "check", "shot", "role", "best_move", "index")):
                found.add(key)
            found |= private_keys(item)
    elif isinstance(value, list):
        for item in value:
            found |= private_keys(item)
    return found


def test_no_live_json_before_sign_off_holds_a_role_a_shot_or_a_check(client, cast):
    for count in range(1, len(cast.events) + 1):
        push(client, cast, count - 1, count)
        view = live_json(client, cast)
        text = json.dumps(view)
        assert not private_keys(view) and not any(f'"{word}"' in text for word in ROLE_WORDS), count
        assert view["state"]["phase"] not in ("shooting", "don_check", "sheriff_check", "best_move"), count
    assert view["state"]["phase"] == "ended"


def test_a_poll_that_has_the_view_gets_304_until_the_hall_sees_a_change(client, cast):
    play(client, cast, 19)
    first = live_response(client, cast)
    etag = first["ETag"]
    again = live_response(client, cast, HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 304 and again.content == b"" and again["ETag"] == etag
    assert again["Cache-Control"] == "no-cache"
    push(client, cast, 19, 21)  # two shots at night: nothing the hall sees
    assert live_response(client, cast, HTTP_IF_NONE_MATCH=etag).status_code == 304
    push(client, cast, 21, 25)  # the rest of the night: the morning
    changed = live_response(client, cast, HTTP_IF_NONE_MATCH=etag)
    assert changed.status_code == 200 and changed["ETag"] != etag and changed.json()["state"]["speaker"] == 5
    other = live_response(client, cast, HTTP_IF_NONE_MATCH='"something else"')
    assert other.status_code == 200 and other["ETag"] == changed["ETag"]


def test_a_poll_serves_the_stored_projection_without_replaying_the_log(client, cast, django_assert_max_num_queries,
                                                                         monkeypatch):
    play(client, cast, 30)
    first = live_json(client, cast)  # the first poll after the event stores the projection
    log = ConsoleLog.objects.get(game=cast.game)
    assert log.public_length == 30 and log.public_state["phase"] == first["state"]["phase"]

    def no_replay(*args, **kwargs):
        raise AssertionError("a poll replayed the log")

    monkeypatch.setattr(services, "_replay_to", no_replay)
    monkeypatch.setattr(core, "replay_game", no_replay)
    with django_assert_max_num_queries(3):
        again = live_json(client, cast)
    assert again == first
    slug = cast.game.tournament.slug
    with django_assert_max_num_queries(3):
        round_view = client.get(f"/t/{slug}/tables/live.json", HTTP_ACCEPT_LANGUAGE="en").json()
    assert round_view["tables"][0]["state"] == first["state"]


def test_the_speakers_timer_is_the_judges_stored_one_and_a_night_turns_is_never_shown(client, cast):
    play(client, cast, 1)  # night 0: the sheriff looks around, a timed turn on the judge's screen
    client.force_login(cast.judge)
    assert timer(client, cast.game, {"action": "start", "turn": "N0#2"}).status_code == 200
    client.logout()
    night = live_response(client, cast)
    assert night.json()["state"]["timer"] is None and b"N0#2" not in night.content and b"deadline" not in night.content
    push(client, cast, 1, 4)  # seat 2 speaks
    client.force_login(cast.judge)
    timer(client, cast.game, {"action": "start", "turn": "D1#2"})
    client.logout()
    running = live_json(client, cast)["state"]["timer"]
    assert running["seat"] == 2 and running["clock"]["running"] and running["clock"]["deadline"] and running["clock"]["now"]
    client.force_login(cast.judge)
    timer(client, cast.game, {"action": "stop", "turn": "D1#2"})
    client.logout()
    stopped = live_response(client, cast)
    clock = stopped.json()["state"]["timer"]["clock"]
    assert not clock["running"] and 0 < clock["remaining_ms"] <= 60_000 and clock["now"] is None
    assert live_response(client, cast, HTTP_IF_NONE_MATCH=stopped["ETag"]).status_code == 304


def test_a_new_event_is_served_at_once(client, cast):
    play(client, cast, 4)
    assert live_json(client, cast)["state"]["speaker"] == 2
    push(client, cast, 4, 5)
    assert live_json(client, cast)["state"]["speaker"] == 3
    log = ConsoleLog.objects.get(game=cast.game)
    assert log.public_length == 5


def test_after_sign_off_the_roles_and_the_nights_are_public(client, cast):
    play(client, cast, len(cast.events))
    cast.game.refresh_from_db()
    sign_off(game=cast.game, user=cast.judge)
    view = live_json(client, cast)
    roles = {s["seat"]: s["role"] for s in view["seats"]}
    assert roles == {s["seat"]: s["role"] for s in example("g1_fiim_red_win.json")["seats"]}
    assert view["result"] == "red" and view["nights"][0]["shots"] and view["nights"][0]["killed"] == 5
    assert view["nights"][0]["sheriff_check"] == [7, "black"]


def test_the_live_page_and_the_projectors_round(client, cast):
    play(client, cast, 4)
    slug = cast.game.tournament.slug
    page = client.get(f"/t/{slug}/tables/1/live/", HTTP_ACCEPT_LANGUAGE="ru")
    body = page.content.decode()
    assert page.status_code == 200 and f'data-json-url="/t/{slug}/tables/1/live.json"' in body
    assert "Стол" in body and '"sheriff"' not in body.split('id="live-initial"')[1]
    round_view = client.get(f"/t/{slug}/tables/live.json").json()
    assert [t["table"] for t in round_view["tables"]] == [1, 2]
    assert round_view["tables"][0]["state"]["speaker"] == 2 and round_view["tables"][1]["state"] is None
    screen = client.get(f"/t/{slug}/screen/").content.decode()
    assert 'id="panel-live"' in screen and f"/t/{slug}/tables/live.json" in screen
    assert client.get(f"/t/{slug}/tables/9/live/").status_code == 404


def test_a_draft_tournaments_live_views_are_404_but_for_its_organisers(client, cast):
    play(client, cast, 4)
    tournament = cast.game.tournament
    tournament.publication = Publication.DRAFT
    tournament.save(update_fields=["publication"])
    for address in (f"/t/{tournament.slug}/tables/1/live/", f"/t/{tournament.slug}/tables/1/live.json",
                    f"/t/{tournament.slug}/tables/live.json"):
        assert client.get(address).status_code == 404
    client.force_login(cast.organiser)
    assert client.get(f"/t/{tournament.slug}/tables/1/live/").status_code == 200


def test_the_desk_shows_each_tables_phase_and_what_needs_the_chief(client, cast):
    play(client, cast, 4)
    client.force_login(cast.judge)
    override = {"type": "override", "what": "fouls", "seat": 1, "fouls": 0, "reason": "фол снят"}
    assert post(client, cast.game, 4, override).status_code == 200
    client.force_login(cast.chief)
    tables = client.get(reverse("desk:tables", args=[cast.game.tournament.slug]), HTTP_ACCEPT_LANGUAGE="en")
    body = tables.content.decode()
    assert tables.status_code == 200 and "no-store" in tables["Cache-Control"]
    card = body.split(f'data-game="{cast.game.pk}"', 1)[1].split("</li>", 1)[0]
    assert "Speeches · D1" in card and "seat 2 speaks" in card and "Needs the chief judge" in card and "override" in card
    other = body.split(f'data-game="{cast.other_game.pk}"', 1)[1].split("</li>", 1)[0]
    assert "not on the console" in other and "Needs the chief judge" not in other
    home = client.get(reverse("desk:home", args=[cast.game.tournament.slug])).content.decode()
    assert 'data-refresh-url="{}"'.format(reverse("desk:tables", args=[cast.game.tournament.slug])) in home
    assert "desk/desk.js" in home


def test_the_console_log_is_on_the_history_pages_publicly_only_after_sign_off(client, cast):
    play(client, cast, 23)
    slug = cast.game.tournament.slug
    public = client.get(f"/t/{slug}/games/{cast.game.number}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "The console&#x27;s log" not in public and "shoots seat 5" not in public
    client.force_login(cast.judge)
    entry = client.get(reverse("protocols:game", args=[cast.game.pk]), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "seat 3 shoots seat 5" in entry and "seat 2 nominates seat 3" in entry
    client.force_login(cast.other_judge)
    staff_public = client.get(f"/t/{slug}/games/{cast.game.number}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "shoots seat 5" not in staff_public
    client.force_login(cast.judge)
    for index, event in enumerate(cast.events[23:], start=23):
        post(client, cast.game, index, event)
    cast.game.refresh_from_db()
    sign_off(game=cast.game, user=cast.judge)
    client.logout()
    public = client.get(f"/t/{slug}/games/{cast.game.number}/", HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert "игрок 3 стреляет в игрока 5" in public and "шериф проверяет игрока 7" in public


def test_the_cached_replay_gives_the_state_a_full_replay_gives(cast, django_capture_on_commit_callbacks):
    replay_cache.clear()
    for index, event in enumerate(cast.events[:30]):
        with django_capture_on_commit_callbacks(execute=True):
            services.append_event(game=cast.game, index=index, event=event, user=cast.judge)
    log = ConsoleLog.objects.get(game=cast.game)
    held = replay_cache.take(log, log.length)
    assert held is not None and held[0] == 30
    replay_cache.put(log, *held)
    cached_view = services.console_view(game=cast.game, user=cast.judge)
    replay_cache.clear()
    fresh_view = services.console_view(game=cast.game, user=cast.judge)
    assert cached_view == fresh_view
    assert fresh_view["state"] == core.state_json(core.replay_game({**log.header, "events": cast.events[:30]})[0].state)


def test_a_rolled_back_append_leaves_no_replay_in_the_cache(cast, django_capture_on_commit_callbacks):
    from django.db import transaction

    replay_cache.clear()
    with django_capture_on_commit_callbacks(execute=True):
        services.append_event(game=cast.game, index=0, event=cast.events[0], user=cast.judge)
    with pytest.raises(RuntimeError), django_capture_on_commit_callbacks(execute=True):
        with transaction.atomic():
            services.append_event(game=cast.game, index=1, event=cast.events[1], user=cast.judge)
            raise RuntimeError("the request failed after the append")
    log = ConsoleLog.objects.get(game=cast.game)
    assert log.length == 1
    held = replay_cache.take(log, 5)
    assert held is None or held[0] == 1
    view = services.console_view(game=cast.game, user=cast.judge)
    assert view["index"] == 1 and view["state"]["phase"] == "night0_sheriff"


def test_the_benchs_long_game_is_legal_and_unfinished():
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
    from console_game import long_game

    doc = long_game(300)
    game, refused = core.replay_game(doc)
    assert refused is None and len(doc["events"]) == 300 and game.state.phase not in ("over", "ended")
