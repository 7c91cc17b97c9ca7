"""The client's address behind a proxy: one setting, PROXY_COUNT, for the login lockout and every
API throttle. With no proxy a rotated X-Forwarded-For is the same client (it lifted every limit,
the token endpoint's included); behind the documented TLS proxy (PROXY_COUNT=1) each client has its
own address, so an attacker who locks a judge's username locks it only where the attacker is."""
import os
import secrets
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.test import override_settings

from config.client_address import client_address

ROOT = Path(__file__).resolve().parents[2]
PROXY = "10.0.0.2"  # the TLS proxy: every request reaches the app from it


def api_settings(*, proxies: int | None = None, **rates) -> dict:
    """The API's settings with `rates`; PROXY_COUNT as the settings made it unless `proxies`."""
    changed = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": {**settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], **rates}}
    return changed if proxies is None else {**changed, "NUM_PROXIES": proxies}


@pytest.fixture(autouse=True)
def fresh_counts():
    cache.clear()
    yield
    cache.clear()


@pytest.mark.parametrize(("proxies", "forwarded", "expected"), [
    (0, None, PROXY),
    (0, "203.0.113.9", PROXY),                      # no proxy of ours: the header is the client's own words
    (1, None, PROXY),
    (1, "203.0.113.9", "203.0.113.9"),
    (1, "6.6.6.6, 203.0.113.9", "203.0.113.9"),     # the client wrote the left part; the proxy the last
    (2, "6.6.6.6, 203.0.113.9, 10.0.0.1", "203.0.113.9"),
])
def test_the_client_is_the_entry_the_proxies_wrote(rf, proxies, forwarded, expected):
    headers = {"HTTP_X_FORWARDED_FOR": forwarded} if forwarded else {}
    with override_settings(REST_FRAMEWORK=api_settings(proxies=proxies)):
        assert client_address(rf.get("/", REMOTE_ADDR=PROXY, **headers)) == expected


@pytest.mark.django_db
def test_with_no_proxy_a_rotated_forwarded_for_does_not_lift_the_public_throttle(client):
    with override_settings(REST_FRAMEWORK=api_settings(anon="3/min")):  # PROXY_COUNT unset: 0
        codes = [client.get("/api/v1/tournaments/", HTTP_X_FORWARDED_FOR=f"198.51.100.{i}").status_code for i in range(5)]
    assert codes == [200, 200, 200, 429, 429]


@pytest.mark.django_db
def test_with_no_proxy_a_rotated_forwarded_for_does_not_lift_the_token_throttle(client):
    get_user_model().objects.create_user("judge", password="right-password")
    with override_settings(REST_FRAMEWORK=api_settings(token="3/min")):
        codes = [client.post("/api/v1/auth/token/", {"username": "judge", "password": f"guess-{i}"},
                             content_type="application/json", HTTP_X_FORWARDED_FOR=f"198.51.100.{i}").status_code
                 for i in range(5)]
    assert codes[:3] == [400, 400, 400] and codes[3:] == [429, 429]


@pytest.mark.django_db
def test_behind_one_proxy_each_client_has_its_own_limit_whatever_it_writes_in_front(client):
    with override_settings(REST_FRAMEWORK=api_settings(proxies=1, anon="2/min")):
        get = lambda forwarded: client.get("/api/v1/tournaments/", REMOTE_ADDR=PROXY,  # noqa: E731
                                           HTTP_X_FORWARDED_FOR=forwarded).status_code
        attacker = [get(f"6.6.6.{i}, 203.0.113.9") for i in range(4)]
        other = get("198.51.100.7")
    assert attacker == [200, 200, 429, 429] and other == 200


@pytest.mark.django_db
@pytest.mark.parametrize("login_url", ["/judge/login/", "/admin/login/", "/api/v1/auth/token/"])
def test_an_attacker_elsewhere_cannot_lock_a_judge_out_of_the_device_they_use(client, login_url):
    get_user_model().objects.create_user("judge", password="right-password", is_staff=True)

    def log_in(password, forwarded):
        data = {"username": "judge", "password": password}
        extra = {"REMOTE_ADDR": PROXY, "HTTP_X_FORWARDED_FOR": forwarded}
        if login_url.startswith("/api/"):
            return client.post(login_url, data, content_type="application/json", **extra)
        return client.post(login_url, data, **extra)

    with override_settings(REST_FRAMEWORK=api_settings(proxies=1, token=None)):
        for i in range(30):  # rotating what it writes in front changes nothing: its own address is locked
            log_in("wrong", f"6.6.6.{i}, 203.0.113.9")
        locked = log_in("right-password", "203.0.113.9")
        judge = log_in("right-password", "198.51.100.7")  # the judge's phone, behind the same proxy
    assert locked.status_code == 429
    if login_url.startswith("/api/"):
        assert judge.status_code == 200 and judge.json()["token"]
    else:
        assert judge.status_code == 302 and client.session["_auth_user_id"]


@pytest.mark.django_db
def test_with_no_proxy_rotating_forwarded_for_does_not_dodge_the_lockout(client):
    get_user_model().objects.create_user("judge", password="right-password")
    for i in range(10):
        client.post("/judge/login/", {"username": "judge", "password": "wrong"}, HTTP_X_FORWARDED_FOR=f"198.51.100.{i}")
    response = client.post("/judge/login/", {"username": "judge", "password": "right-password"},
                           HTTP_X_FORWARDED_FOR="192.0.2.1")
    assert response.status_code == 429


def _settings(module="config.settings.production", **env) -> list[str]:
    code = ("from django.conf import settings as s; from rest_framework.settings import api_settings as a; "
            "print(s.PROXY_COUNT, a.NUM_PROXIES, s.AXES_CLIENT_IP_CALLABLE)")
    environment = {k: v for k, v in os.environ.items() if k not in {"PROXY_COUNT", "BEHIND_TLS_PROXY", "DJANGO_ALLOW_ASYNC_UNSAFE"}}
    environment.update(DJANGO_SETTINGS_MODULE=module, SECRET_KEY=secrets.token_urlsafe(64),
                       ALLOWED_HOSTS="mafia.example.org", **env)
    done = subprocess.run([sys.executable, "-c", f"import django; django.setup(); {code}"], cwd=ROOT, env=environment,
                          capture_output=True, text=True, timeout=60)
    return done.stdout.split() or [done.stderr.strip().splitlines()[-1]]


def test_one_setting_drives_the_lockout_and_the_throttles_and_the_tls_proxy_counts_as_one():
    callable_ = "config.client_address.client_address"
    assert _settings("config.settings") == ["0", "0", callable_]  # development: no proxy
    assert _settings(module="config.settings", PROXY_COUNT="1") == ["1", "1", callable_]
    assert _settings() == ["1", "1", callable_]  # behind the TLS proxy of the README
    assert _settings(BEHIND_TLS_PROXY="0") == ["0", "0", callable_]
    assert _settings(PROXY_COUNT="2") == ["2", "2", callable_]
    assert "PROXY_COUNT must be a whole number from 0 to 10" in _settings(PROXY_COUNT="-1")[0]


@pytest.mark.django_db
@pytest.mark.parametrize(("language", "texts"), [
    ("ru", ["через 15 мин", "из другой сети", "обратитесь к главному судье или организаторам"]),
    ("en", ["in 15 minutes", "on another network", "ask the chief judge or the organisers"]),
])
def test_the_lockout_page_says_how_to_get_help_in_the_readers_language(client, language, texts):
    get_user_model().objects.create_user("judge", password="right-password")
    for _ in range(6):
        client.post(f"/judge/login/?lang={language}", {"username": "judge", "password": "wrong"})
    page = client.post(f"/judge/login/?lang={language}", {"username": "judge", "password": "right-password"})
    api = client.post(f"/api/v1/auth/token/?lang={language}", {"username": "judge", "password": "right-password"},
                      content_type="application/json")
    assert page.status_code == 429 and api.status_code == 429
    for text in texts:
        assert text in page.content.decode() and text in api.json()["detail"], text
