"""docker/: the compose file validates, starts web, worker, beat, PostgreSQL and Redis with health
checks and volumes, refuses to start without its secrets, and loads no demo data; the image runs
as an unprivileged user with collected static files under gunicorn."""
import os
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from tests.conftest import ensure_debian_package

ROOT = Path(__file__).resolve().parents[2]
COMPOSE = ROOT / "docker" / "compose.yml"
SECRETS = {"SECRET_KEY": "k" * 30 + "0123456789abcdefghijklmnopqrstuvwxyz", "ALLOWED_HOSTS": "mafia.example.org",
           "POSTGRES_PASSWORD": "a-database-password"}


def compose_config(**env: str) -> subprocess.CompletedProcess:
    command = ensure_debian_package("docker-compose", "/usr/bin/docker-compose", recommends=False)
    environment = {k: v for k, v in os.environ.items() if k not in SECRETS}
    return subprocess.run([command, "-f", str(COMPOSE), "config"], env={**environment, **env},
                          capture_output=True, text=True, timeout=60)


@pytest.fixture(scope="module")
def resolved() -> dict:
    done = compose_config(**SECRETS)
    assert done.returncode == 0, done.stderr
    return yaml.safe_load(done.stdout)


def test_compose_validates_and_runs_every_process(resolved):
    services = resolved["services"]
    assert set(services) == {"db", "redis", "migrate", "web", "live", "worker", "beat"}
    assert "beat" in services["beat"]["command"] and "worker" in services["worker"]["command"]
    for name in ("db", "redis", "web", "live", "worker"):
        assert services[name]["healthcheck"]["test"], name
    assert set(resolved["volumes"]) == {"pgdata", "media"}
    # the pages under WSGI's sync workers, the sockets under the ASGI server, on ports of their own
    assert services["web"]["command"][:4] == ["gunicorn", "config.wsgi:application", "--worker-class", "sync"]
    assert services["live"]["command"][:4] == ["gunicorn", "config.asgi:application", "-k", "uvicorn_worker.UvicornWorker"]
    assert [services[name]["ports"] for name in ("web", "live")] == [["127.0.0.1:8000:8000/tcp"], ["127.0.0.1:8001:8001/tcp"]]
    assert services["live"]["environment"] == services["web"]["environment"]
    web = services["web"]["environment"]
    assert web["CHANNEL_LAYER_URL"].startswith("redis://redis:6379/")
    assert web["DJANGO_SETTINGS_MODULE"] == "config.settings.production"
    assert web["SECRET_KEY"] == SECRETS["SECRET_KEY"] and web["ALLOWED_HOSTS"].startswith("mafia.example.org")


def test_compose_loads_no_demo_data_and_has_no_default_secret():
    text = COMPOSE.read_text()
    assert "load_demo" not in text and "change-me" not in text


@pytest.mark.parametrize("missing", sorted(SECRETS))
def test_compose_refuses_to_start_without_each_secret(missing):
    done = compose_config(**{k: v for k, v in SECRETS.items() if k != missing})
    assert done.returncode != 0 and missing in done.stderr


def test_the_image_is_slim_unprivileged_and_serves_collected_static_files_with_gunicorn():
    dockerfile = (ROOT / "docker" / "Dockerfile").read_text()
    assert "FROM python:3.11-slim" in dockerfile
    assert "\nUSER mafia\n" in dockerfile and "useradd" in dockerfile
    assert "collectstatic" in dockerfile and '"gunicorn", "config.asgi:application"' in dockerfile
    assert all(library in dockerfile for library in ("libpango-1.0-0", "libpangoft2-1.0-0", "fonts-dejavu-core"))
    ignored = (ROOT / ".dockerignore").read_text().split()
    assert ".venv" in ignored and "db.sqlite3*" in ignored


def test_the_seating_kernel_caches_its_compilation_where_the_unprivileged_user_may_write(tmp_path):
    # As `mafia`, neither /app/seating/core/__pycache__ nor /app/.cache is writable, and numba
    # then refuses to load a kernel it may not cache: the image gives it NUMBA_CACHE_DIR, owned by
    # that user and filled at build time. Here: numba puts its cache where that variable says.
    dockerfile = (ROOT / "docker" / "Dockerfile").read_text()
    assert "NUMBA_CACHE_DIR=/var/cache/numba" in dockerfile
    assert "chown mafia /media /var/cache/numba" in dockerfile
    assert dockerfile.index("\nUSER mafia\n") < dockerfile.index("from engines.seating import generate")
    # numba places the cache of every kernel of a module by the same rule, so compiling the
    # smallest one shows where all of them go (the search's main kernel takes seconds to compile)
    compile_one = (
        "import numpy as np\n"
        "from engines.seating import solvers\n"
        "sums = np.zeros((1, 10, 2), dtype=np.int64)\n"
        "solvers.tabu()._fill_round(0, np.arange(10).reshape(1, 10), np.zeros((10, 10), dtype=np.int64),\n"
        "                           np.zeros(3, dtype=np.int64), np.zeros(3, dtype=np.int64), sums, sums.copy())\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", compile_one],
        cwd=ROOT, env={**os.environ, "NUMBA_CACHE_DIR": str(tmp_path), "PYTHONPATH": str(ROOT)},
        capture_output=True, text=True, timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert list(tmp_path.rglob("tabu.*.nbi")), "numba wrote no index of the compiled kernel there"
