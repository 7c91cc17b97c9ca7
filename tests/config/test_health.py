"""/health/ tells everyone whether the site is up (200 or 500) and only staff why: the broker's
host, port, database and error text were shown to anyone asking `?format=json`."""
import asyncio
import json
from concurrent.futures import ThreadPoolExecutor

import pytest
from django.contrib.auth.models import AnonymousUser
from django.test import override_settings

from config import health
from tests.factories import UserFactory

FORMATS = [({"format": "json"}, {}), ({"format": "text"}, {}), ({"format": "atom"}, {}), ({"format": "rss"}, {}),
           ({"format": "openmetrics"}, {}), ({}, {"HTTP_ACCEPT": "application/json"}), ({}, {"HTTP_ACCEPT": "text/html"}),
           ({}, {})]


def away_broker_view():
    with override_settings(CELERY_BROKER_URL="redis://127.0.0.1:1/5"):  # nothing listens on port 1
        return health.QuietHealthCheckView.as_view(checks=health.checks())


def answer(view, rf, user, query, headers):
    request = rf.get("/health/", query, **headers)

    async def auser():
        return user

    request.user, request.auser = user, auser
    # its own thread and event loop: a browser test may have left one running in this one
    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(lambda: asyncio.run(view(request))).result()


@pytest.mark.django_db
@pytest.mark.parametrize(("query", "headers"), FORMATS)
def test_a_visitor_sees_only_that_the_broker_is_away(rf, query, headers):
    response = answer(away_broker_view(), rf, AnonymousUser(), query, headers)
    body = response.content.decode()
    assert response.status_code == 500
    assert body.strip() in ("unavailable", '{"status": "unavailable"}'), body
    assert "127.0.0.1" not in body and "Redis" not in body and "Error" not in body


@pytest.mark.django_db
def test_a_visitor_sees_200_and_ok_when_all_answer(client, rf):
    response = client.get("/health/?format=json")
    if response.status_code != 200:  # say which check failed, as staff read it
        staff = UserFactory(username="ops", is_staff=True)
        details = answer(health.health, rf, staff, {"format": "json"}, {}).content.decode()
        pytest.fail(f"/health/ answered {response.status_code}: {details}")
    assert response.json() == {"status": "ok"}
    assert client.get("/health/").content.decode().strip() == "ok"
    assert "Cookie" in response["Vary"] and "no-cache" in response["Cache-Control"]


@pytest.mark.django_db
def test_staff_see_which_check_failed_and_why(rf):
    staff = UserFactory(username="ops", is_staff=True)
    response = answer(away_broker_view(), rf, staff, {"format": "json"}, {})
    assert response.status_code == 500
    details = json.loads(response.content)
    assert any("Redis" in name for name in details) and any(value != "OK" for value in details.values())
    # a logged-in player or judge without staff is a visitor
    player = UserFactory(username="player")
    assert json.loads(answer(away_broker_view(), rf, player, {"format": "json"}, {}).content) == {"status": "unavailable"}
