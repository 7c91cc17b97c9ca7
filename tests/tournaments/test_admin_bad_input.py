"""Bad values at the admin's doors are a 400, a 404 or Django's "wrong parameters" page, never a
500: every registered model's list with each of its filters given garbage, NUL, huge and
negative numbers, bad orderings and pages; its change, delete and history pages with ids that
are not ids. (On PostgreSQL a NUL in a compared text raised; it was 36 of 1,428 fuzzed GETs.)"""
from urllib.parse import urlencode

import pytest
from django.contrib import admin
from django.urls import NoReverseMatch, reverse

from tests.protocols.helpers import login_as

pytestmark = pytest.mark.django_db

BAD_VALUES = ["\x00", "abc", "-1", "99999999999999999999999", "1,2", "2026-13-45", "\u202e%"]
BAD_IDS = ["abc", "%00", "-1", "99999999999999999999999", "1.0", "%E2%80%AE", "0x1"]
VIEWS = ["change", "delete", "history"]


def admins():
    return sorted(admin.site._registry.items(), key=lambda item: item[0]._meta.label)


def filter_parameters(client, model) -> list[str]:
    """The query parameters of the list's filters, as the list's own page names them."""
    url = reverse(f"admin:{model._meta.app_label}_{model._meta.model_name}_changelist")
    response = client.get(url)
    assert response.status_code == 200, url
    names = set()
    for spec in response.context["cl"].filter_specs:
        names.update(spec.expected_parameters())
    return sorted(names)


class Doors:
    """GETs that must not be a 500, failures gathered so that one run names them all."""

    def __init__(self, client):
        self.client, self.failed = client, []

    def get(self, url):
        try:
            status = self.client.get(url).status_code
        except Exception as exc:  # noqa: BLE001 (a 500 the test client raises: name it)
            status = type(exc).__name__
        if not isinstance(status, int) or status >= 500:
            self.failed.append((url, status))


@pytest.mark.parametrize("who", ["superuser", "judge"])
def test_no_list_answers_bad_filter_values_with_a_500(client, cast, who):
    login_as(client, cast, who)
    doors = Doors(client)
    for model, _model_admin in admins():
        base = reverse(f"admin:{model._meta.app_label}_{model._meta.model_name}_changelist")
        if client.get(base).status_code != 200:
            continue  # the role has no list of this model
        names = filter_parameters(client, model) + ["q", "o", "p", "id__gt", "pk__in", "e", "_to_field", "_popup"]
        for name in names:
            for value in BAD_VALUES:
                doors.get(f"{base}?{urlencode({name: value})}")
        assert client.get(f"{base}?{urlencode({names[0]: chr(0)})}").status_code == 400
    assert doors.failed == []


@pytest.mark.parametrize("who", ["superuser", "organiser"])
def test_no_object_page_answers_an_id_that_is_not_one_with_a_500(client, cast, who):
    login_as(client, cast, who)
    doors = Doors(client)
    for model, _model_admin in admins():
        for view in VIEWS:
            try:
                reverse(f"admin:{model._meta.app_label}_{model._meta.model_name}_{view}", args=["1"])
            except NoReverseMatch:
                continue
            for bad in BAD_IDS:
                doors.get(f"/admin/{model._meta.app_label}/{model._meta.model_name}/{bad}/{view}/".replace("/change/", "/"))
        if hasattr(_model_admin, "history_form_view"):
            for bad in BAD_IDS:
                doors.get(f"/admin/{model._meta.app_label}/{model._meta.model_name}/{bad}/history/{bad}/")
    assert doors.failed == []


def test_the_autocomplete_answers_bad_parameters_without_a_500(client, cast):
    login_as(client, cast, "superuser")
    url = reverse("admin:autocomplete")
    for query in ({"term": "\x00"}, {"app_label": "\x00", "model_name": "x", "field_name": "y"},
                  {"app_label": "tournaments", "model_name": "registration", "field_name": "player", "term": "\x00"},
                  {"app_label": "tournaments", "model_name": "registration", "field_name": "player", "page": "abc"},
                  {"app_label": "tournaments", "model_name": "registration", "field_name": "player", "page": "99999999999"},
                  {"app_label": "tournaments", "model_name": "registration", "field_name": "nickname"},
                  {"app_label": "protocols", "model_name": "game", "field_name": "judge", "term": "%"}):
        assert client.get(url, query).status_code < 500, query
