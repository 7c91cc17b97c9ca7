"""``engines.console.view(doc)``, the screen the browser computes offline, is what the server answers:
for every example log, cut at every point, it equals the console's JSON view without its index."""
import json

import pytest
from django.urls import reverse

from console import services
from console.models import ConsoleLog
from engines import console as core
from tests.protocols.helpers import make_cast

from .test_log_service import DATA, post, seat_roles

pytestmark = pytest.mark.django_db


def test_the_view_of_a_document_is_the_servers_view_without_the_index():
    for path in sorted(DATA.glob("*.json")):
        if path.name == "expected.json":
            continue
        doc = json.loads(path.read_text(encoding="utf-8"))
        for cut in range(0, len(doc["events"]) + 1, 7):
            part = {**doc, "events": doc["events"][:cut]}
            game, refused = core.replay_game(part)
            if refused is not None:  # an example that ends refused: the server would not store it
                assert core.view(part)["refused"] == refused["refused"]
                break
            log = ConsoleLog(header={k: v for k, v in part.items() if k != "events"}, length=cut)
            server = services.view_of(log, game)
            assert server.pop("index") == cut
            # who holds the console is the server's alone (the action log), not the game's
            assert (server.pop("taken_over_by"), server.pop("may_append")) == (None, None)
            assert core.view(part) == {**server, "refused": None}, (path.name, cut)


# what the server adds of its own: who holds the console (the action log) and the stored timer
SERVER_ONLY = ("taken_over_by", "may_append", "clock")


def game_part(view: dict) -> dict:
    return {k: v for k, v in view.items() if k not in SERVER_ONLY}


def test_a_refused_event_gives_the_servers_refusal_and_the_state_before_it(client):
    cast = seat_roles(make_cast(), "g1_fiim_red_win.json")
    client.force_login(cast.judge)
    for index, event in enumerate(cast.events[:5]):
        assert post(client, cast.game, index, event).status_code == 200
    bad = {"type": "vote", "seat": 3, "count": 2}
    answer = post(client, cast.game, 5, bad).json()
    doc = ConsoleLog.objects.get(game=cast.game).document()
    local = core.view({**doc, "events": [*doc["events"], bad]})
    error = answer.pop("error")
    # the API's error shape beside the console's own `error` and the view
    assert (answer.pop("code"), answer.pop("errors")[0]["field"], answer.pop("detail")) == (error["code"], "event", error["message"])
    refused = local.pop("refused")
    assert refused == {"index": 5, "type": "vote", "code": error["code"], "rule": error["rule"], "field": None,
                       "params": {}}
    assert answer.pop("index") == 5
    assert local == json.loads(json.dumps(game_part(answer)))


def test_the_log_endpoint_gives_the_stored_document_and_its_view(client):
    cast = seat_roles(make_cast(), "g1_fiim_red_win.json")
    client.force_login(cast.judge)
    for index, event in enumerate(cast.events[:3]):
        assert post(client, cast.game, index, event).status_code == 200
    body = client.get(reverse("console:log", args=[cast.game.pk])).json()
    assert body["index"] == 3 and body["log"]["events"] == cast.events[:3]
    assert [s["role"] for s in body["log"]["seats"]] == [s.role for s in cast.game.seats.order_by("number")]
    assert {k: v for k, v in core.view(body["log"]).items() if k != "refused"} == {
        k: v for k, v in game_part(body).items() if k not in ("index", "log")}
    # and the stored timer, as the console's GET gives it (a reload online keeps its deadline)
    same = client.get(reverse("console:console", args=[cast.game.pk])).json()["clock"]
    assert {k: v for k, v in body["clock"].items() if k != "now"} == {k: v for k, v in same.items() if k != "now"}
    assert body["clock"]["seconds"] == 60 and body["clock"]["running"] is False
    client.logout()
    assert client.get(reverse("console:log", args=[cast.game.pk])).json()["error"]["code"] == "login"
    client.force_login(cast.other_judge)
    assert client.get(reverse("console:log", args=[cast.game.pk])).status_code == 403


def test_the_core_zip_and_the_service_worker_are_served(client):
    zipped = client.get(reverse("console:core_zip"))
    assert zipped.status_code == 200 and zipped["Content-Type"] == "application/zip"
    import io
    import zipfile
    names = zipfile.ZipFile(io.BytesIO(zipped.content)).namelist()
    assert "engines/console/view.py" in names and "engines/console/rules/voting.py" in names and "engines/__init__.py" in names
    assert client.get(reverse("console:core_zip"), HTTP_IF_NONE_MATCH=zipped["ETag"]).status_code == 304
    worker = client.get(reverse("console:service_worker"))
    assert worker.status_code == 200 and worker["Content-Type"].startswith("text/javascript")
    text = worker.content.decode()
    assert "/static/pyodide/pyodide.asm.wasm" in text and "/judge/console/core.zip" in text
    assert "/static/console/engine.js" in text and "/static/console/client.js" in text
