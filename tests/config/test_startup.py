"""The web app, the Celery worker and `migrate` start without the seating search's heavy engines:
numba (the tabu kernel) and python-sat load only when a seating is generated."""
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
HEAVY = ("numba", "pysat")

CHECK = f"""
import sys
heavy = sorted({{m.split(".")[0] for m in sys.modules}} & set({HEAVY!r}))
assert not heavy, heavy
print("clean")
"""

STARTS = {
    "the web app": (
        "from config.wsgi import application\n"
        "from django.urls import get_resolver\n"
        "get_resolver().url_patterns\n"  # every app's views and admin loaded
        "from django.contrib import admin\n"
        "admin.autodiscover()\n"
    ),
    "the Celery worker": (
        "import django, os\n"
        "os.environ.setdefault('DJANGO_SETTINGS_MODULE', 'config.settings')\n"
        "from config.celery import app\n"
        "django.setup()\n"
        "app.loader.import_default_modules()\n"  # what a worker imports before it takes jobs
        "assert 'scoring.recompute_standings' in app.tasks\n"
    ),
    "migrate": (
        "import django, os\n"
        "os.environ.setdefault('DJANGO_SETTINGS_MODULE', 'config.settings')\n"
        "django.setup()\n"
        "from django.core.management import call_command\n"
        "call_command('migrate', verbosity=0)\n"  # a real migration of an empty database
    ),
}


@pytest.mark.parametrize("start", STARTS)
def test_it_starts_without_numba_or_pysat(start, tmp_path):
    env = {**os.environ, "PYTHONPATH": str(ROOT), "DJANGO_SETTINGS_MODULE": "config.settings",
           "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}"}
    env.pop("CELERY_BROKER_URL", None)
    result = subprocess.run([sys.executable, "-c", STARTS[start] + CHECK], capture_output=True, text=True, env=env, cwd=ROOT,
                            timeout=120)
    assert result.returncode == 0 and result.stdout.strip().endswith("clean"), result.stderr


def test_the_check_would_see_them(tmp_path):
    """The same check after a seating search: the engines are there, so the test above is not blind."""
    code = ("import django, os\nos.environ.setdefault('DJANGO_SETTINGS_MODULE', 'config.settings')\ndjango.setup()\n"
            "from engines.seating.generator import generate\ngenerate(25, 8, 2, seed=1, iterations=200, balance='tables')\n")
    result = subprocess.run([sys.executable, "-c", code + CHECK], capture_output=True, text=True, cwd=ROOT, timeout=300,
                            env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert result.returncode != 0 and "AssertionError" in result.stderr
