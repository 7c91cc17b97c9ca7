"""The scoring core needs no Django, no database and no Celery.

The root conftest's autouse fixtures ask for pytest-django's ``settings``; they are overridden
here by no-ops of the same names, so these tests also run with ``pytest -p no:django``.
"""
import pytest


@pytest.fixture(autouse=True)
def eager_celery_by_default():
    yield


@pytest.fixture(autouse=True)
def fast_password_hashing():
    yield


@pytest.fixture(autouse=True)
def _no_pointer_memo():
    yield
