"""A database that stays busy past its wait (SQLite's "database is locked" after the busy timeout)
answers 503 "try again" in the reader's language, on the judge's page and in the API, never a 500;
any other error is still the 500 page. The real lock is in tests/protocols/test_sqlite_concurrency.py."""
import pytest
from django.db import InterfaceError, OperationalError
from django.test import Client
from django.urls import reverse

from tests.api.helpers import client_for, protocol
from tests.protocols.helpers import complete_post

pytestmark = pytest.mark.django_db


def locked(*args, **kwargs):
    raise OperationalError("database is locked")


def judge_page(cast, language: str):
    client = Client(raise_request_exception=False, HTTP_ACCEPT_LANGUAGE=language)
    client.force_login(cast.judge)
    return client.post(reverse("protocols:game", args=[cast.game.pk]), complete_post(cast.game))


@pytest.mark.parametrize("language, words", [
    ("ru", "ничего не сохранено"),
    ("en", "nothing was saved"),
])
def test_a_sign_off_refused_by_a_busy_database_says_try_again(cast, monkeypatch, language, words):
    monkeypatch.setattr("protocols.views.sign_off", locked)
    page = judge_page(cast, language)
    assert page.status_code == 503 and page["Retry-After"] == "5"
    assert words in page.content.decode()


def test_the_api_answers_a_busy_database_with_its_error_shape(cast, monkeypatch):
    monkeypatch.setattr("api.views.judging.sign_off", locked)
    client = client_for(cast, "judge")
    client.raise_request_exception = False
    answer = client.post(f"/api/v1/protocols/{cast.game.pk}/sign-off/", {"version": 1, "protocol": protocol(cast.game)},
                         format="json", HTTP_ACCEPT_LANGUAGE="en")
    assert answer.status_code == 503 and answer["Retry-After"] == "5"
    assert answer.json()["code"] == "database_busy" and "nothing was saved" in answer.json()["detail"]


def test_a_busy_database_on_reading_a_page_asks_for_a_reload(cast, monkeypatch):
    monkeypatch.setattr("protocols.views.get_object_or_404", locked)
    client = Client(raise_request_exception=False, HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(cast.judge)
    page = client.get(reverse("protocols:game", args=[cast.game.pk]))
    assert page.status_code == 503 and "reload this page in a few seconds" in page.content.decode()


def test_any_other_database_error_is_still_the_500_page(cast, monkeypatch):
    def broken(*args, **kwargs):
        raise OperationalError("disk I/O error")

    monkeypatch.setattr("protocols.views.sign_off", broken)
    assert judge_page(cast, "en").status_code == 500


@pytest.mark.parametrize("error", [
    OperationalError("server closed the connection unexpectedly\n\tThis probably means the server terminated abnormally"),
    OperationalError("terminating connection due to administrator command"),
    InterfaceError("connection already closed"),
])
def test_a_console_event_whose_database_connection_is_lost_is_a_503_the_queue_retries(cast, monkeypatch, error):
    """PostgreSQL dropping the connection mid-append (a restart, a failover): nothing was stored,
    and the judge's screen is told to send the event again (JSON, Retry-After), not a 500."""
    import json

    from console.models import ConsoleEvent

    def lost(*args, **kwargs):
        raise error

    monkeypatch.setattr("console.services._append", lost)
    client = Client(raise_request_exception=False, HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(cast.judge)
    answer = client.post(reverse("console:console", args=[cast.game.pk]), json.dumps({"index": 0, "event": {"type": "next"}}),
                         content_type="application/json")
    assert answer.status_code == 503 and answer["Retry-After"] == "5"
    assert answer.json()["code"] == "database_busy" and "nothing was saved" in answer.json()["detail"]
    assert not ConsoleEvent.objects.filter(log__game=cast.game).exists()
