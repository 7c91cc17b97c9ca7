"""The two searches that need compiled or native libraries, loaded when a seating first needs them.

``tabu.py`` compiles its kernel with numba and ``exact.py`` builds SAT models for python-sat. The
web app and the Celery worker import ``engines.seating`` when they start, and most of their requests
never generate a seating; importing numba alone took about half a second there. So nothing in
the core imports those two modules at the top: a search asks for them here when it runs.
"""
from __future__ import annotations

from importlib import import_module
from types import ModuleType


def tabu() -> ModuleType:
    """``engines.seating.tabu``: the tabu search over groups (imports numba)."""
    return import_module(".tabu", __package__)


def exact() -> ModuleType:
    """``engines.seating.exact``: the SAT models of the free rounds (imports python-sat)."""
    return import_module(".exact", __package__)
