"""Web push of a player's seats, end to end without a browser: the player's page leaves a
subscription (its keys made here as a browser makes them), a seating is saved, and a push service
of our own (HTTP on 127.0.0.1) receives the message, which decrypts with the subscription's keys to
the seats. Addresses that are no push service's are refused; a subscription its service calls gone
is deleted."""
import base64
import json
import os
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import http_ece
import pytest
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat
from django.core.management import call_command

from seating.services import preview_seating, save_seating
from tests.factories import PlayerFactory, RegistrationFactory, StageFactory, TournamentFactory, UserFactory
from tournaments.models import PushSubscription

pytestmark = pytest.mark.django_db(transaction=True)


def b64url(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


class PushService:
    """Takes what the site posts; answers 410 under /gone/ (a subscription its browser dropped)."""

    def __init__(self):
        self.received: list[dict] = []
        service = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):  # noqa: N802 (http.server's name)
                body = self.rfile.read(int(self.headers["Content-Length"]))
                service.received.append({"path": self.path, "headers": {k.lower(): v for k, v in self.headers.items()}, "body": body})
                self.send_response(410 if self.path.startswith("/gone/") else 201)
                self.end_headers()

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"


@pytest.fixture
def push_service(settings, capsys):
    call_command("vapid_keys")
    keys = dict(line.split("=", 1) for line in capsys.readouterr().out.split())
    settings.WEB_PUSH_VAPID_PUBLIC_KEY = keys["WEB_PUSH_VAPID_PUBLIC_KEY"]
    settings.WEB_PUSH_VAPID_PRIVATE_KEY = keys["WEB_PUSH_VAPID_PRIVATE_KEY"]
    settings.WEB_PUSH_INSECURE_HOSTS = ["127.0.0.1"]
    service = PushService()
    yield service
    service.server.shutdown()


def browser_keys():
    """What a browser's PushSubscription.toJSON() carries, and the private half it keeps."""
    private = ec.generate_private_key(ec.SECP256R1())
    auth = os.urandom(16)
    public = private.public_key().public_bytes(Encoding.X962, PublicFormat.UncompressedPoint)
    return private, auth, {"p256dh": b64url(public), "auth": b64url(auth)}


def subscribe(client, endpoint, keys):
    return client.post("/judge/push/subscription/", json.dumps({"endpoint": endpoint, "keys": keys}),
                       content_type="application/json")


def test_a_saved_seating_is_pushed_to_the_players_browser_encrypted_for_it(client, push_service):
    user = UserFactory(username="voron")  # no e-mail address: the push alone tells him
    me = PlayerFactory(nickname="Ворон", user=user)
    t = TournamentFactory(slug="push-cup", name="Кубок пушей", language="en")
    RegistrationFactory(tournament=t, player=me, number=1)
    for n in range(2, 11):
        RegistrationFactory(tournament=t, player=PlayerFactory(), number=n)
    client.force_login(user)
    assert 'id="push-toggle"' in client.get("/judge/").content.decode()
    private, auth, keys = browser_keys()
    assert subscribe(client, f"{push_service.url}/push/abc", keys).json() == {"subscribed": True}
    _gone_private, _gone_auth, gone_keys = browser_keys()
    assert subscribe(client, f"{push_service.url}/gone/old-phone", gone_keys).status_code == 200

    stage = StageFactory(tournament=t)
    save_seating(stage=stage, seating=preview_seating(stage=stage, games=1, seed=1)[0], user=None)

    [message] = [m for m in push_service.received if m["path"] == "/push/abc"]
    assert message["headers"]["content-encoding"] == "aes128gcm" and message["headers"]["ttl"] == "43200"
    assert message["headers"]["authorization"].startswith("vapid t=")
    payload = json.loads(http_ece.decrypt(message["body"], private_key=private, auth_secret=auth, version="aes128gcm"))
    seat = me.seats.get()
    assert payload["title"] == "Кубок пушей: your seats"
    assert payload["body"] == f"round 1: table {seat.game.table.number}, seat {seat.number}"
    assert payload["url"].endswith("/judge/")
    assert list(PushSubscription.objects.values_list("endpoint", flat=True)) == [f"{push_service.url}/push/abc"]


def test_only_a_push_services_address_and_real_keys_are_taken(client, push_service, settings):
    client.force_login(UserFactory())
    _private, _auth, keys = browser_keys()
    for endpoint in ("https://evil.example/hook", "http://10.0.0.1/push", "https://fcm.googleapis.com.evil.example/x",
                     "file:///etc/passwd", 5):
        response = subscribe(client, endpoint, keys)
        assert response.status_code == 400 and response.json()["field"] == "endpoint", endpoint
    assert subscribe(client, "https://fcm.googleapis.com/fcm/send/abc", keys).status_code == 200
    bad = subscribe(client, "https://fcm.googleapis.com/fcm/send/def", {**keys, "p256dh": "AAAA"})
    assert bad.status_code == 400 and bad.json()["field"] == "keys.p256dh"
    assert client.post("/judge/push/subscription/", "[", content_type="application/json").status_code == 400
    assert PushSubscription.objects.count() == 1
    client.post("/judge/push/subscription/delete/", json.dumps({"endpoint": "https://fcm.googleapis.com/fcm/send/abc"}),
                content_type="application/json")
    assert PushSubscription.objects.count() == 0
    settings.WEB_PUSH_VAPID_PUBLIC_KEY = ""
    assert subscribe(client, "https://fcm.googleapis.com/fcm/send/abc", keys).status_code == 404
    assert 'id="push-toggle"' not in client.get("/judge/").content.decode()


def test_the_worker_is_served_for_its_scope(client):
    response = client.get("/judge/push/sw.js")
    assert response["Service-Worker-Allowed"] == "/judge/push/"
    assert 'addEventListener("push"' in response.content.decode()
