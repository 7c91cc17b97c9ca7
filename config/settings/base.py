"""Settings read from the environment (django-environ): development and test defaults.
A deployment runs config.settings.production on top of these.

DATABASE_URL       default: SQLite file db.sqlite3 in the project
CELERY_BROKER_URL  default: none -> tasks run eagerly in-process
REDIS_URL          optional cache; default: local memory cache
SECRET_KEY, DEBUG, ALLOWED_HOSTS, TIME_ZONE
"""
from datetime import timedelta
from pathlib import Path

import environ
from csp.constants import NONE, SELF
from django.core.exceptions import ImproperlyConfigured

from config.cache import caches_for
from config.channel_layers import channel_layers_for

BASE_DIR = Path(__file__).resolve().parent.parent.parent

env = environ.Env(
    DEBUG=(bool, False),
    ALLOWED_HOSTS=(list, ["127.0.0.1", "localhost", "testserver"]),
    CELERY_BROKER_URL=(str, ""),
    REDIS_URL=(str, ""),
    TIME_ZONE=(str, "Europe/Moscow"),
)
environ.Env.read_env(BASE_DIR / ".env", overwrite=False)

SECRET_KEY = env("SECRET_KEY", default="dev-only-insecure-key-change-me-in-production")
# Former keys, still accepted for what they signed (sessions, a backup's manifest) after a key change.
SECRET_KEY_FALLBACKS = env.list("SECRET_KEY_FALLBACKS", default=[])
DEBUG = env("DEBUG")
ALLOWED_HOSTS = env("ALLOWED_HOSTS")
CSRF_TRUSTED_ORIGINS = env.list("CSRF_TRUSTED_ORIGINS", default=[])

INSTALLED_APPS = [
    "daphne",  # first: runserver serves the ASGI application, websockets included (make run)
    "config.admin_apps.ProductAdminConfig",  # django.contrib.admin with the product's site
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework.authtoken",
    "django_filters",
    "drf_spectacular",
    "drf_spectacular_sidecar",  # Swagger UI and Redoc served from here, not from a CDN
    "simple_history",
    "axes",
    "health_check",
    "tournaments",
    "protocols",
    "scoring",
    "seating",
    "console",
    "ratings",
    "public",
    "demo",
    "desk",
    "operations",
    "exports",
    "api",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "public.middleware.QueryLanguageMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "config.admin_guard.AdminQueryGuardMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "csp.middleware.CSPMiddleware",
    "simple_history.middleware.HistoryRequestMiddleware",
    # last, as django-axes asks: it answers a locked-out login
    "axes.middleware.AxesMiddleware",
]

# Login throttling (django-axes) on every login: the admin's, the judges' and the API's token.
# After AXES_FAILURE_LIMIT wrong passwords for one username from one address, that username is
# locked there for AXES_COOLOFF_MINUTES, the right password included.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_FAILURE_LIMIT = env.int("AXES_FAILURE_LIMIT", default=5)
AXES_COOLOFF_TIME = timedelta(minutes=env.int("AXES_COOLOFF_MINUTES", default=15))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_CALLABLE = "config.lockout.locked_out"
AXES_CLIENT_IP_CALLABLE = "config.client_address.client_address"

# How many proxies of ours stand in front of the app (the TLS proxy of the README's deploy section
# is one). The client's address is the PROXY_COUNT-th X-Forwarded-For entry from the right, for the
# login lockout and the API's throttles alike (DRF's NUM_PROXIES, read by config/client_address.py);
# 0 ignores the header.


def proxy_count(default: int) -> int:
    """PROXY_COUNT from the environment: 0 to 10 proxies, or the site refuses to start."""
    count = env.int("PROXY_COUNT", default=default)
    if not 0 <= count <= 10:
        raise ImproperlyConfigured("PROXY_COUNT must be a whole number from 0 to 10: the proxies in front of the app.")
    return count


PROXY_COUNT = proxy_count(default=0)
AXES_IPWARE_PROXY_COUNT = PROXY_COUNT  # were django-ipware installed; the callable above decides

# Content-Security-Policy (django-csp): scripts and styles from this site only, nothing framed.
# Inline style attributes stay allowed (the admin uses them); no inline script runs.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        # 'wasm-unsafe-eval' lets a page compile WebAssembly (the console's rules offline: Pyodide,
        # static/console/engine.js); it allows no eval() of JavaScript.
        "script-src": [SELF, "'wasm-unsafe-eval'"],
        "style-src": [SELF, "'unsafe-inline'"],
        "img-src": [SELF, "data:"],
        "font-src": [SELF, "data:"],
        "connect-src": [SELF],
        "object-src": [NONE],
        "base-uri": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    },
}

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"
ASGI_APPLICATION = "config.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

DATABASES = {"default": env.db("DATABASE_URL", default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}")}
if DATABASES["default"]["ENGINE"] != "django.db.backends.sqlite3":
    # Keep connections across requests (the whole hall refreshes the standings at once);
    # `?conn_max_age=` in DATABASE_URL overrides it.
    DATABASES["default"].setdefault("CONN_MAX_AGE", env.int("CONN_MAX_AGE", default=60))
    DATABASES["default"]["CONN_HEALTH_CHECKS"] = True
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # SQLite as a real embedded database: readers never wait for a writer (WAL), a writer waits
    # up to SQLITE_BUSY_TIMEOUT s (20) for another (busy timeout), and every transaction takes the
    # write lock when it begins (IMMEDIATE), so two saves at once queue up and the second sees the
    # first's version, the conflict PostgreSQL's row lock gives, instead of failing with "database
    # is locked". A wait that runs out (a long import) answers 503 "try again" (config/errors.py).
    DATABASES["default"].setdefault("OPTIONS", {}).update({
        "timeout": env.float("SQLITE_BUSY_TIMEOUT", default=20),
        "transaction_mode": "IMMEDIATE",
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    })
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Redis as the cache, never a point of failure: down or hung, a cache call waits at most 0.5 s,
# is a miss, and the page is made from the database (config/cache.py). Without REDIS_URL, memory.
CACHES = caches_for(env("REDIS_URL"))

# The live layer (Django Channels): what one process stores reaches the sockets another holds
# through Redis: CHANNEL_LAYER_URL, else REDIS_URL, else a Redis CELERY_BROKER_URL (the machine's
# one Redis). Without any, the process's memory: make run is one process, tasks included.
CHANNEL_LAYERS = channel_layers_for(env("CHANNEL_LAYER_URL", default="") or env("REDIS_URL")
                                    or (env("CELERY_BROKER_URL") if env("CELERY_BROKER_URL").startswith("redis") else ""))

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
]
LOGIN_URL = "admin:login"

LANGUAGE_CODE = "ru"
LANGUAGES = [("ru", "Русский"), ("en", "English")]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = env("TIME_ZONE")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
# Pyodide (the npm package pinned in package.json, installed by `make install` into node_modules/)
# served at static/pyodide/: the console runs its Python rules in the browser with it when offline
# (static/console/engine.js). Listed only once installed, so a checkout without it still starts.
PYODIDE_DIR = BASE_DIR / "node_modules" / "pyodide"
if PYODIDE_DIR.is_dir():
    STATICFILES_DIRS.append(("pyodide", PYODIDE_DIR))
# Serve static files straight from the apps too, so `make run` needs no collectstatic step.
WHITENOISE_USE_FINDERS = True
# Files the exports keep (a protocol booklet built by a job); served only through a view that
# checks who asks (exports.views), never as open media.
MEDIA_ROOT = env("MEDIA_ROOT", default=str(BASE_DIR / "media"))
MEDIA_URL = "media/"

STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "config.static_storage.StaticFilesStorage"},  # WhiteNoise, gzip only above 512 KB
}

# The API (api/): tokens for judges' apps, the session for the site's own pages; JSON only.
# Throttle rates are per client (IP address when anonymous, the user otherwise); API_THROTTLE_*
# override them, e.g. API_THROTTLE_ANON=600/min, or "off".


def _rate(name: str, default: str) -> str | None:
    value = env(name, default=default).strip()
    return None if value in ("", "off") else value


REST_FRAMEWORK = {
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "DEFAULT_FILTER_BACKENDS": ["django_filters.rest_framework.DjangoFilterBackend"],
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "api.authentication.TokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    "DEFAULT_PARSER_CLASSES": ["api.parsers.JSONParser"],
    "DEFAULT_THROTTLE_CLASSES": ["api.throttling.AnonThrottle", "api.throttling.UserThrottle"],
    "NUM_PROXIES": PROXY_COUNT,  # the throttles' client address, the login lockout's too (config/client_address.py)
    "DEFAULT_THROTTLE_RATES": {
        "anon": _rate("API_THROTTLE_ANON", "120/min"),
        "user": _rate("API_THROTTLE_USER", "600/min"),
        "token": _rate("API_THROTTLE_TOKEN", "10/min"),
    },
    "DEFAULT_PAGINATION_CLASS": "api.pagination.Pages",
    "PAGE_SIZE": 50,
    "EXCEPTION_HANDLER": "api.errors.exception_handler",
    "COERCE_DECIMAL_TO_STRING": True,
    "DEFAULT_METADATA_CLASS": None,  # OPTIONS answers 405: the schema describes every operation
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Sports mafia tournaments API",
    "DESCRIPTION": "See api/schema.py.",
    "VERSION": "1",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "SCHEMA_PATH_PREFIX": r"/api/v1",
    "COMPONENT_SPLIT_REQUEST": True,
    "PREPROCESSING_HOOKS": ["api.schema.only_the_api"],
    "POSTPROCESSING_HOOKS": ["drf_spectacular.hooks.postprocess_schema_enums", "api.schema.finish"],
    "PATH_CONVERTER_OVERRIDES": {
        "id": {"type": "integer", "minimum": 0, "maximum": 10**18 - 1},
        "slug": {"type": "string", "pattern": "^[-a-zA-Z0-9_]+$"},
    },
    "ENUM_NAME_OVERRIDES": {
        "GameStatusEnum": "protocols.models.GameStatus.values",
        "ProtestStatusEnum": "protocols.models.ProtestStatus.values",
        "TournamentStatusEnum": "api.selectors.STATUSES",
        "StageEnum": "tournaments.models.StageKind.values",
    },
}

# Celery: with no broker, run tasks in-process (eagerly) so one command serves everything.
BROKER_SOCKET_TIMEOUT = 0.5
CELERY_TASK_ALWAYS_EAGER = not env("CELERY_BROKER_URL")
CELERY_BROKER_URL = env("CELERY_BROKER_URL") or "memory://localhost/"
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_RESULT_BACKEND = env("CELERY_RESULT_BACKEND", default="") or (None if CELERY_TASK_ALWAYS_EAGER else CELERY_BROKER_URL)
# A job is acknowledged when it is done, and a worker killed in the middle of one (SIGKILL, out
# of memory) gives it back: the broker hands it to another worker.
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_BROKER_TRANSPORT_OPTIONS = {
    # Redis gives an unacknowledged job to another worker after this many seconds (a recompute
    # takes seconds; the default of an hour left standings stale that long).
    "visibility_timeout": env.int("CELERY_VISIBILITY_TIMEOUT", default=300),
    # With the broker down or hung (it accepts and never answers), sending a job fails within
    # 0.5 s to connect and 0.5 s to answer, with no retries; the work is then done in-process
    # (tournaments/background.py) or by the next sweep. A worker waits longer (config/celery.py).
    "socket_connect_timeout": BROKER_SOCKET_TIMEOUT,
    "socket_timeout": BROKER_SOCKET_TIMEOUT,
    "max_retries": 0,
}
CELERY_BROKER_CONNECTION_TIMEOUT = BROKER_SOCKET_TIMEOUT
CELERY_TASK_PUBLISH_RETRY = False
# The result store (the broker's Redis) the same way: a job that keeps its result subscribes to it
# when sent, and its default of 20 reconnection attempts held a desk action 20 s with Redis down.
CELERY_REDIS_SOCKET_TIMEOUT = BROKER_SOCKET_TIMEOUT
CELERY_REDIS_SOCKET_CONNECT_TIMEOUT = BROKER_SOCKET_TIMEOUT
CELERY_RESULT_BACKEND_TRANSPORT_OPTIONS = {"retry_policy": {"max_retries": 0}}
CELERY_TIMEZONE = TIME_ZONE
# The safety net for a job that was lost anyway: every 30 s the beat (`make worker`, or its own
# process in production) recomputes standings asked for over a minute ago (scoring/recompute.py).
CELERY_BEAT_SCHEDULE = {
    "sweep-stale-standings": {"task": "scoring.sweep_stale_standings", "schedule": env.float("STANDINGS_SWEEP_SECONDS", default=30.0)},
    "sweep-stale-rating": {"task": "ratings.sweep_stale_rating", "schedule": env.float("RATING_SWEEP_SECONDS", default=60.0)},
}

# The standings page asks the database which snapshot is current at most once this many seconds
# per web process (scoring/selectors.py, the "standings-pointer" cache); 0 asks on every request.
STANDINGS_POINTER_TTL = env.float("STANDINGS_POINTER_TTL", default=1.0)
# The seating generator's move budget when the organiser gives none; unset: a time limit instead
# (seating/services.py).
SEATING_ITERATIONS = env.int("SEATING_ITERATIONS", default=None)

# LOG_FORMAT=json writes one JSON object a line (time, level, logger, message, and the request's
# details where Django gives them): what a log collector reads. production.py makes it the default.
LOG_FORMAT = env("LOG_FORMAT", default="text")
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {
        "text": {"format": "%(asctime)s %(levelname)s %(name)s: %(message)s"},
        "json": {
            "()": "pythonjsonlogger.json.JsonFormatter",
            "fmt": "%(asctime)s %(levelname)s %(name)s %(message)s %(process)d",
            "rename_fields": {"asctime": "time", "levelname": "level", "name": "logger"},
        },
    },
    "handlers": {"console": {"class": "logging.StreamHandler", "formatter": LOG_FORMAT}},
    "root": {"handlers": ["console"], "level": env("LOG_LEVEL", default="WARNING")},
    # WeasyPrint and fontTools log every font subset at INFO: noise in a worker's log
    "loggers": {name: {"level": "WARNING"} for name in ("weasyprint", "fontTools")},
}


# E-mail (the seat notices, seating/notices.py; the sign-ups, tournaments/signup_mail.py): Django's
# SMTP backend when EMAIL_HOST is set (production), else the console's (make run prints each
# message; the tests use Django's in-memory outbox, or a real SMTP server: tests/smtp.py).
EMAIL_HOST = env("EMAIL_HOST", default="")
EMAIL_BACKEND = ("django.core.mail.backends.smtp.EmailBackend" if EMAIL_HOST
                 else "django.core.mail.backends.console.EmailBackend")
EMAIL_PORT = env.int("EMAIL_PORT", default=587)
EMAIL_HOST_USER = env("EMAIL_HOST_USER", default="")
EMAIL_HOST_PASSWORD = env("EMAIL_HOST_PASSWORD", default="")
EMAIL_USE_TLS = env.bool("EMAIL_USE_TLS", default=True)
EMAIL_TIMEOUT = 10  # a mail server that hangs never holds a job for long
DEFAULT_FROM_EMAIL = env("DEFAULT_FROM_EMAIL", default="mafia@localhost")

# Web push (tournaments/web_push.py): a pair of VAPID keys (`manage.py vapid_keys` makes one; both
# empty: no push, the /judge/ page offers none). The subject is how a push service reaches the site's
# owner. Only the push services' own hosts are posted to.
WEB_PUSH_VAPID_PUBLIC_KEY = env("WEB_PUSH_VAPID_PUBLIC_KEY", default="")
WEB_PUSH_VAPID_PRIVATE_KEY = env("WEB_PUSH_VAPID_PRIVATE_KEY", default="")
WEB_PUSH_SUBJECT = env("WEB_PUSH_SUBJECT", default="mailto:" + DEFAULT_FROM_EMAIL)
WEB_PUSH_HOSTS = env.list("WEB_PUSH_HOSTS", default=[
    "fcm.googleapis.com", "android.googleapis.com", "push.services.mozilla.com", "push.apple.com",
    "notify.windows.com"])
WEB_PUSH_INSECURE_HOSTS: list[str] = []  # plain-http push services: a test's own only
# the site's address as players reach it, for links in e-mails
SITE_URL = env("SITE_URL", default="http://127.0.0.1:8000").rstrip("/")
# the live layer's pushes run after the response, in each process's own thread (tournaments/after_response.py);
# not with the in-memory channel layer (make run): its queues belong to the server's event loop, which
# a push from another thread would touch from outside (a request's thread pushes through that loop)
DOMAIN_EVENTS_OFF_REQUEST = env.bool(
    "DOMAIN_EVENTS_OFF_REQUEST", default=CHANNEL_LAYERS["default"]["BACKEND"] != "channels.layers.InMemoryChannelLayer")
# one table's live.json answer is shared by the hall for this long (public/live_cache.py; 0: never kept)
LIVE_JSON_KEEP_SECONDS = env.int("LIVE_JSON_KEEP_SECONDS", default=1)
# ... and each web process keeps its last read of it this long in its own memory (at most the above)
LIVE_JSON_LOCAL_SECONDS = env.float("LIVE_JSON_LOCAL_SECONDS", default=0.25)
