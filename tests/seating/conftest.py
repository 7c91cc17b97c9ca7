import pytest
from django.utils import translation

from tests.factories import UserFactory


@pytest.fixture
def english():
    """The messages are asserted in English (the default language is Russian)."""
    with translation.override("en"):
        yield


@pytest.fixture
def quick_generator(settings):
    """A small move budget: fast, and the seating depends on the seed only."""
    settings.SEATING_ITERATIONS = 500


@pytest.fixture
def admin_client(client):
    """A superuser's client that asks for English pages (the seating admin tests assert English)."""
    client.force_login(UserFactory(username="boss", is_staff=True, is_superuser=True))
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    client.cookies["django_language"] = "en"
    return client
