"""The scoring core needs no Django, no database and no Celery.

The root conftest's autouse fixture asks for pytest-django's ``settings``; it is overridden
here by a no-op of the same name, so these tests also run with ``pytest -p no:django``.
"""
import pytest


@pytest.fixture(autouse=True)
def eager_celery_by_default():
    yield
