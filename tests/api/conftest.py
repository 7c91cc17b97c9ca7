import pytest

FAST = {"anon": "100000/min", "user": "100000/min", "token": "100000/min"}


@pytest.fixture(autouse=True)
def api_rates(settings):
    """Tests send many requests from one address: throttle rates far above them (one test proves the
    429). The throttle history lives in the cache, which every test starts empty (tests/conftest.py)."""
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": FAST}
