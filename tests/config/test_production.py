"""The production shape: settings that refuse to start insecure, `check --deploy` clean, login
throttling on the admin and judge logins, a Content-Security-Policy that our pages keep, a health
endpoint that says when the database or the broker is away."""
import asyncio
import os
import re
import secrets
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.test import override_settings
from health_check.views import HealthCheckView

from config import health

ROOT = Path(__file__).resolve().parents[2]


def production(*args: str, **env: str) -> subprocess.CompletedProcess:
    # the browser tests' DJANGO_ALLOW_ASYNC_UNSAFE is for tests only; check --deploy rightly refuses it
    environment = {k: v for k, v in os.environ.items()
                   if k not in {"SECRET_KEY", "ALLOWED_HOSTS", "DEBUG", "DJANGO_ALLOW_ASYNC_UNSAFE"}}
    environment.update(DJANGO_SETTINGS_MODULE="config.settings.production", **env)
    return subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=environment,
                          capture_output=True, text=True, timeout=120)


def test_check_deploy_is_clean_with_production_settings():
    done = production("check", "--deploy", "--fail-level", "WARNING",
                      SECRET_KEY=secrets.token_urlsafe(64), ALLOWED_HOSTS="mafia.example.org")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "no issues" in done.stdout


@pytest.mark.parametrize("key", ["", "change-me", "dev-only-insecure-key-change-me-in-production", "x" * 60])
def test_production_refuses_to_start_without_a_real_secret_key(key):
    done = production("check", SECRET_KEY=key, ALLOWED_HOSTS="mafia.example.org")
    assert done.returncode != 0
    assert "SECRET_KEY must be set" in done.stderr


def test_production_refuses_to_start_without_allowed_hosts():
    done = production("check", SECRET_KEY=secrets.token_urlsafe(64), ALLOWED_HOSTS="")
    assert done.returncode != 0 and "ALLOWED_HOSTS" in done.stderr


def test_behind_a_tls_proxy_the_https_switches_follow_the_environment():
    code = ("from django.conf import settings as s; print(s.SECURE_SSL_REDIRECT, s.SESSION_COOKIE_SECURE, "
            "s.SECURE_HSTS_SECONDS, getattr(s, 'SECURE_PROXY_SSL_HEADER', None))")
    environment = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings.production",
                   "SECRET_KEY": secrets.token_urlsafe(64), "ALLOWED_HOSTS": "mafia.example.org"}
    run = lambda **extra: subprocess.run(  # noqa: E731
        [sys.executable, "-c", f"import django; django.setup(); {code}"], cwd=ROOT,
        env={**environment, **extra}, capture_output=True, text=True, timeout=60).stdout.split()
    assert run() == ["True", "True", "31536000", "('HTTP_X_FORWARDED_PROTO',", "'https')"]
    assert run(SECURE_SSL_REDIRECT="0", SECURE_COOKIES="0", SECURE_HSTS_SECONDS="0", BEHIND_TLS_PROXY="0") == [
        "False", "False", "0", "None"]


def test_production_serves_static_files_as_collected_with_their_compressed_copies():
    """WhiteNoise with the finders serves the sources, uncompressed (Pyodide's WebAssembly: 8.6 MB
    where its gzip is 2.8 MB); production serves STATIC_ROOT, where collectstatic wrote the .gz."""
    from django.conf import settings

    environment = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings.production",
                   "SECRET_KEY": secrets.token_urlsafe(64), "ALLOWED_HOSTS": "mafia.example.org"}
    done = subprocess.run([sys.executable, "-c", "import django; django.setup(); from django.conf import settings as s; "
                           "print(s.WHITENOISE_USE_FINDERS)"], cwd=ROOT, env=environment, capture_output=True, text=True,
                          timeout=60)
    assert done.stdout.strip() == "False", done.stderr
    assert settings.WHITENOISE_USE_FINDERS is True  # make run and the tests serve the sources as they change


@pytest.mark.django_db
@pytest.mark.parametrize("login_url", ["/admin/login/", "/judge/login/", "/api/v1/auth/token/"])
def test_thirty_wrong_passwords_then_the_right_one_is_refused(client, login_url):
    get_user_model().objects.create_user("chief", password="right-password", is_staff=True)
    post = (lambda data: client.post(login_url, data, content_type="application/json")) if login_url.startswith("/api/") \
        else (lambda data: client.post(login_url, data))
    for _ in range(30):
        cache.clear()  # the API's own rate limit aside: it is the lockout that must refuse
        post({"username": "chief", "password": "wrong"})
    cache.clear()
    response = post({"username": "chief", "password": "right-password"})
    assert response.status_code == 429
    assert "_auth_user_id" not in client.session and "token" not in response.content.decode()
    assert "15" in response.content.decode()  # says when to try again


@pytest.mark.django_db
def test_a_few_wrong_passwords_do_not_lock_anyone_out(client):
    get_user_model().objects.create_user("judge", password="right-password")
    for _ in range(3):
        client.post("/judge/login/", {"username": "judge", "password": "wrong"})
    response = client.post("/judge/login/", {"username": "judge", "password": "right-password"})
    assert response.status_code == 302 and client.session["_auth_user_id"]


@pytest.mark.django_db
@pytest.mark.parametrize("path", ["/", "/admin/login/", "/judge/login/", "/api/docs/"])
def test_pages_carry_a_content_security_policy_without_inline_scripts(client, path):
    response = client.get(path)
    assert response.status_code == 200
    policy = response["Content-Security-Policy"]
    script_src = policy.split("script-src")[1].split(";")[0]
    assert "'self'" in script_src and "unsafe-inline" not in script_src and "frame-ancestors 'none'" in policy
    # every <script> on the page loads a file: an inline one would be blocked by the policy
    scripts = re.findall(r"<script\b([^>]*)>(.*?)</script>", response.content.decode(), re.S)
    assert all("src=" in attributes or not body.strip() or "application/json" in attributes
               for attributes, body in scripts), scripts


def test_no_template_of_ours_has_an_inline_script_or_handler():
    offenders = []
    for path in (ROOT / "templates").rglob("*.html"):
        text = path.read_text()
        for attributes, body in re.findall(r"<script\b([^>]*)>(.*?)</script>", text, re.S):
            if body.strip() and "application/json" not in attributes:
                offenders.append(str(path.relative_to(ROOT)))
        if re.search(r"\son(click|load|change|submit|input)=", text):
            offenders.append(str(path.relative_to(ROOT)))
    assert offenders == []


@pytest.mark.django_db
def test_the_health_endpoint_answers_200_when_the_database_answers(client):
    response = client.get("/health/", HTTP_ACCEPT="application/json")
    assert response.status_code == 200 and response.json() == {"status": "ok"}  # details: staff only (test_health.py)


def test_the_health_endpoint_answers_500_when_the_broker_is_away(rf):
    with override_settings(CELERY_BROKER_URL="redis://127.0.0.1:1/0"):  # nothing listens on port 1
        broker_checks = [check for check in health.checks() if check != "health_check.checks.Database"]
    assert broker_checks, "a redis broker is checked"
    view = HealthCheckView.as_view(checks=broker_checks)  # an async view
    request = rf.get("/health/", HTTP_ACCEPT="application/json")
    # its own thread and event loop: a browser test may have left one running in this one
    with ThreadPoolExecutor(max_workers=1) as pool:
        response = pool.submit(lambda: asyncio.run(view(request))).result()
    assert response.status_code == 500
