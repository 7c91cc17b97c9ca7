"""Shared fixtures: services (PostgreSQL, Redis, a real Celery worker) and a real browser.

REQUIRE_SERVICES=1 (set by .ci/run) turns every "service missing" skip into a failure, so CI can
never pass by skipping what it was meant to prove.
"""
import fcntl
import os
import shutil
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

import pytest

pytest_plugins = ["tests.asgi_live_server"]  # the asgi_live_server fixture of the pushed browser tests

# Playwright's sync API runs an event loop in the test thread; Django's ORM refuses to run in a
# thread with a running loop unless told that this is deliberate.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = "/usr/bin/chromium"


def services_required() -> bool:
    return os.environ.get("REQUIRE_SERVICES") == "1"


def missing_service(reason: str):
    """Skip a test whose service is missing, or fail it under REQUIRE_SERVICES=1."""
    if services_required():
        pytest.fail(f"REQUIRE_SERVICES=1 but {reason}")
    pytest.skip(reason)


@pytest.fixture
def require_services():
    return missing_service


@pytest.fixture
def smtp_server(settings):
    """A real SMTP server the site sends its e-mail to (tests/smtp.py)."""
    from tests.smtp import serving

    yield from serving(settings)


@pytest.fixture(autouse=True)
def eager_celery_by_default(settings):
    """Tests run Celery tasks in-process unless they ask for `celery_worker_process`.

    Each test starts allowed to wait for a result: an eager task sets Celery's process-wide "a
    wait would block" flag while it runs and puts back what it found, so two eager tasks on two
    threads (simultaneous sign-offs) can leave it set for the tests that follow."""
    from celery.result import allow_join_result

    from config.celery import app

    app.conf.task_always_eager = True
    app.conf.task_eager_propagates = True
    with allow_join_result():
        yield
    app.conf.task_always_eager = True


@pytest.fixture(autouse=True, scope="session")
def fast_password_hashing():
    """Users are made by the hundred here (every built tournament has an admin, a chief judge and
    its judges); the production hasher spends about half a second on each on purpose. For the
    whole session, so that module fixtures (the demo, a shared cast) hash fast too."""
    from django.test import override_settings

    with override_settings(PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"]):
        yield


@pytest.fixture(autouse=True, scope="session")
def static_files_listed_once():
    """WhiteNoise lists every static file the finders know (the admin's, the API docs', ours: about
    180) when its middleware starts, and Django's test client starts the middleware anew for every
    client, so every test that sent a request paid about 30 ms for it. The files do not change
    during a run: the list is made once a process for each configuration and reused, the same
    entries the middleware would have made."""
    from whitenoise.middleware import WhiteNoiseMiddleware

    listing = WhiteNoiseMiddleware.add_files_from_finders
    listed: dict[tuple, dict] = {}

    def add_files_from_finders(self):
        key = (self.static_prefix, self.max_age, self.allow_all_origins, self.charset, self.index_file,
               self.add_headers_function)
        if key not in listed:
            before = dict(self.files)
            listing(self)
            listed[key] = {url: found for url, found in self.files.items() if before.get(url) is not found}
        self.files.update(listed[key])

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(WhiteNoiseMiddleware, "add_files_from_finders", add_files_from_finders)
        yield


@pytest.fixture(autouse=True)
def _fresh_cache():
    """Every test starts and ends with an empty cache. Pages are cached by tournament id and
    snapshot version, and ids come round again after a test rolls back: a page cached by one test
    was served to the next one in the same process."""
    from django.core.cache import cache

    cache.clear()
    yield
    cache.clear()


@pytest.fixture(autouse=True)
def _no_pointer_memo(settings):
    """Pages see a new standings snapshot at once in tests (the one-second memo has its own test)."""
    from scoring import selectors

    settings.STANDINGS_POINTER_TTL = 0
    selectors.forget()
    yield
    selectors.forget()


@pytest.fixture(autouse=True)
def _live_json_not_kept(settings):
    """A poll sees the event just stored at once in tests, whose transactions never commit (the
    kept answer is forgotten after a commit); the kept answer has its own test (tests/public/test_live_cache.py)."""
    settings.LIVE_JSON_KEEP_SECONDS = 0
    settings.DOMAIN_EVENTS_OFF_REQUEST = False  # a push is sent when the request returns (one test turns it on)


@pytest.fixture(autouse=True)
def _pushes_not_paused():
    """A live push that failed in one test (a hung layer on purpose) pauses the process's pushes
    (tournaments/live_groups.py): the next test starts with them on."""
    from tournaments import live_groups

    live_groups._paused_until = 0.0
    yield
    live_groups._paused_until = 0.0


@pytest.fixture(scope="module")
def module_cast(django_db_setup, django_db_blocker):
    """One permission cast (tests/protocols/helpers.py) for a module's tests, made in a transaction
    that they share and that is rolled back after them; each test's own changes roll back to a
    savepoint, as in Django's TestCase.setUpTestData. Making it took 0.1-0.2 s, for each of
    several hundred tests. Only for modules whose tests are not transactional."""
    from django.db import transaction

    from tests.protocols.helpers import make_cast
    from tests.tournament_builders import as_if_committed

    with django_db_blocker.unblock(), transaction.atomic():
        cast = make_cast()
        as_if_committed()  # the jobs its making asked for are not the tests' own
        yield cast
        transaction.set_rollback(True)


@pytest.fixture
def cast(module_cast, db):
    """The module's cast, read again for this test."""
    return module_cast.reloaded()


def _database_url_for_subprocess() -> str | None:
    from django.db import connection

    conf = connection.settings_dict
    if conf["ENGINE"] == "django.db.backends.postgresql":
        user = conf.get("USER") or "postgres"
        password = f":{conf['PASSWORD']}" if conf.get("PASSWORD") else ""
        host = conf.get("HOST") or "127.0.0.1"
        port = conf.get("PORT") or "5432"
        return f"postgres://{user}{password}@{host}:{port}/{conf['NAME']}"
    name = str(conf["NAME"])
    if conf["ENGINE"] == "django.db.backends.sqlite3" and "memory" not in name and name != ":memory:":
        return f"sqlite:///{name}"
    return None


def redis_broker() -> str:
    """The machine's Redis broker (CELERY_BROKER_URL), answering, or skip (fail under REQUIRE_SERVICES=1)."""
    broker = os.environ.get("CELERY_BROKER_URL")
    if not broker:
        missing_service("CELERY_BROKER_URL is not set: no Redis broker for a real worker")
    try:
        import redis

        redis.Redis.from_url(broker, socket_connect_timeout=2).ping()
    except Exception as exc:  # the broker is down or unreachable
        missing_service(f"the Redis broker at {broker} does not answer: {exc}")
    return broker


class CeleryWorker:
    """A real `celery -A config worker` process on a Redis broker and the test database. Its jobs go
    to a queue of its own, so no other worker on the machine can take them; `start`/`stop` it."""

    def __init__(self, broker: str, *, pool: str = "solo", env: dict | None = None, queue: str | None = None):
        """`queue`: the default one for a private broker that other processes publish to as usual."""
        database_url = _database_url_for_subprocess()
        if database_url is None:
            missing_service("the test database is in memory; a worker process needs PostgreSQL or a SQLite file")
        self.broker, self.pool = broker, pool
        self.queue = queue or f"test-{uuid.uuid4().hex[:10]}"
        self.env = {**os.environ, "DATABASE_URL": database_url, "CELERY_BROKER_URL": broker, "PYTHONPATH": str(ROOT),
                    **(env or {})}
        self.name = f"test-{uuid.uuid4().hex[:10]}"
        self.process = None

    def route(self):
        """Send this process's jobs to the worker's queue (before it runs, they wait there)."""
        from config.celery import app

        app.conf.task_always_eager = False
        app.conf.task_default_queue = self.queue
        return self

    def start(self):

        self.route()
        folder = ROOT / ".pytest_cache" if (ROOT / ".pytest_cache").is_dir() else Path(tempfile.gettempdir())
        self.log_path = folder / f"worker-{self.name}.log"
        self.log = open(self.log_path, "a")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "celery", "-A", "config", "worker", f"--pool={self.pool}", "--concurrency=1", "-Q", self.queue,
             "-n", f"{self.name}@%h", "--without-gossip", "--without-mingle", "--without-heartbeat", "-l", "INFO"],
            cwd=ROOT, env=self.env, stdout=self.log, stderr=subprocess.STDOUT,
        )
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                pytest.fail(f"the Celery worker exited with code {self.process.returncode}")
            # it says so in its log once it consumes from its queue (on its own broker, which need
            # not be this process's, so a ping from here could not reach it)
            if f"{self.name}@" in self.log_path.read_text() and " ready." in self.log_path.read_text():
                return self
            time.sleep(0.2)
        pytest.fail("the Celery worker was not ready within 60 s")

    def stop(self):
        from config.celery import app

        app.conf.task_default_queue = "celery"
        app.conf.task_always_eager = True
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
        if getattr(self, "log", None) is not None:
            self.log.close()


@pytest.fixture
def celery_worker_process(transactional_db):
    """A real worker (solo pool) on the machine's Redis broker and the test database."""
    worker = CeleryWorker(redis_broker()).start()
    try:
        yield worker.process
    finally:
        worker.stop()


def ensure_debian_package(package: str, path: str, *, recommends: bool = True) -> str:
    """`path` from Debian's `package`, installed with apt-get when it is missing (Playwright cannot
    download a browser here; Docker's compose plugin is not packaged, its 1.29 command is).

    The test processes (pytest -n 2) may both get here on a fresh machine: a file lock lets one
    install while the other waits and then finds the program (without it the second apt-get
    failed on dpkg's lock and the tests were skipped)."""
    if not os.path.exists(path):
        apt = shutil.which("apt-get")
        if apt and os.geteuid() == 0:
            with open(os.path.join(tempfile.gettempdir(), f"mafia-tests-{package}.lock"), "w") as lock:
                fcntl.flock(lock, fcntl.LOCK_EX)
                if not os.path.exists(path):
                    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL, "check": False}
                    wait = ["-o", "DPkg::Lock::Timeout=300"]
                    subprocess.run([apt, *wait, "update", "-qq"], **quiet)
                    subprocess.run(
                        [apt, *wait, "install", "-y", "-qq", *([] if recommends else ["--no-install-recommends"]), package],
                        env={**os.environ, "DEBIAN_FRONTEND": "noninteractive"},
                        **quiet,
                    )
    if not os.path.exists(path):
        missing_service(f"{path} is missing and could not be installed with apt-get")
    return path


def ensure_chromium() -> str:
    return ensure_debian_package("chromium", CHROMIUM)


@pytest.fixture(scope="session")
def chromium_browser():
    """A headless Playwright browser on Debian's chromium, shared by the session's browser tests."""
    executable = ensure_chromium()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=executable, headless=True,
            args=["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage"],
        )
        yield browser
        browser.close()


@pytest.fixture
def browser_page(chromium_browser):
    """A fresh page (own cookies) at a laptop size; tests may set_viewport_size for a phone."""
    context = chromium_browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.set_default_timeout(15_000)
    yield page
    context.close()


# After its last test an xdist worker exits only once every non-daemon thread has ended. In a CI
# run a worker reported its tests and then waited for such a thread for over an hour (its main
# thread on a lock, another on a queue's get), past pytest-timeout's reach, which ends with the
# last test. So a worker that has not exited a minute after the session gives every thread's stack
# to stderr and exits: its results are already with the controller, which decides the run.
WORKER_EXIT_GRACE_SECONDS = 60


def pytest_unconfigure(config):
    if not hasattr(config, "workerinput"):  # the controller, or a run without xdist
        return
    import faulthandler
    import threading

    def exit_if_stuck():
        time.sleep(WORKER_EXIT_GRACE_SECONDS)
        sys.stderr.write("worker still alive after its session: the threads that hold it\n")
        faulthandler.dump_traceback(file=sys.stderr, all_threads=True)
        sys.stderr.flush()
        os._exit(0)

    threading.Thread(target=exit_if_stuck, name="worker-exit-watchdog", daemon=True).start()
