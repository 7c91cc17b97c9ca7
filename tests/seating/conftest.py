import pytest
from django.utils import translation


@pytest.fixture
def english():
    """The messages are asserted in English (the default language is Russian)."""
    with translation.override("en"):
        yield


@pytest.fixture
def quick_generator(settings):
    """A small move budget: fast, and the seating depends on the seed only."""
    settings.SEATING_ITERATIONS = 500
