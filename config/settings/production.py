"""Production settings: DJANGO_SETTINGS_MODULE=config.settings.production.

They refuse to start without a real SECRET_KEY and without ALLOWED_HOSTS, never run with DEBUG, and
turn on HTTPS: secure cookies, HSTS and the redirect to https. Each of those can be switched by the
environment for a deployment behind a TLS proxy (which terminates HTTPS and says so in
X-Forwarded-Proto). `manage.py check --deploy --fail-level WARNING` passes with them.
"""
from django.core.exceptions import ImproperlyConfigured

from .base import *  # noqa: F403
from .base import LOGGING, REST_FRAMEWORK, env, proxy_count

INSECURE_KEYS = {"dev-only-insecure-key-change-me-in-production", "change-me", "secret", "changeme"}

SECRET_KEY = env("SECRET_KEY", default="")
if len(SECRET_KEY) < 50 or len(set(SECRET_KEY)) < 5 or SECRET_KEY in INSECURE_KEYS or SECRET_KEY.startswith("django-insecure"):
    raise ImproperlyConfigured(
        "SECRET_KEY must be set to a random value of at least 50 characters, e.g. "
        "python -c 'import secrets; print(secrets.token_urlsafe(64))'"
    )

DEBUG = False
ALLOWED_HOSTS = env.list("ALLOWED_HOSTS", default=[])
if not ALLOWED_HOSTS:
    raise ImproperlyConfigured("ALLOWED_HOSTS must name the site's host names, e.g. ALLOWED_HOSTS=mafia.example.org")

# HTTPS. Behind a TLS proxy, the proxy's X-Forwarded-Proto tells a request came over https.
BEHIND_TLS_PROXY = env.bool("BEHIND_TLS_PROXY", default=True)
if BEHIND_TLS_PROXY:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
# That proxy is one hop: the last X-Forwarded-For entry, the one it wrote, is the client (for the
# login lockout and the API's throttles; base.py). Without it the header is ignored.
PROXY_COUNT = proxy_count(default=1 if BEHIND_TLS_PROXY else 0)
AXES_IPWARE_PROXY_COUNT = PROXY_COUNT
REST_FRAMEWORK = {**REST_FRAMEWORK, "NUM_PROXIES": PROXY_COUNT}
SECURE_SSL_REDIRECT = env.bool("SECURE_SSL_REDIRECT", default=True)
SECURE_REDIRECT_EXEMPT = [r"^health/"]  # the load balancer's health check may come over plain http
SESSION_COOKIE_SECURE = env.bool("SECURE_COOKIES", default=True)
CSRF_COOKIE_SECURE = env.bool("SECURE_COOKIES", default=True)
SECURE_HSTS_SECONDS = env.int("SECURE_HSTS_SECONDS", default=60 * 60 * 24 * 365)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env.bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", default=True)
SECURE_HSTS_PRELOAD = env.bool("SECURE_HSTS_PRELOAD", default=True)
SECURE_REFERRER_POLICY = "same-origin"
SESSION_COOKIE_HTTPONLY = True

LOGGING = {**LOGGING, "handlers": {"console": {"class": "logging.StreamHandler", "formatter": env("LOG_FORMAT", default="json")}},
           "root": {"handlers": ["console"], "level": env("LOG_LEVEL", default="INFO")}}

# Static files from STATIC_ROOT only, as collectstatic wrote them with their compressed copies
# (the image collects at build time): the finders would serve the sources uncompressed, Pyodide's
# 8.6 MB WebAssembly among them (bench/console_download.py: 10.6 MB to a phone instead of 3.8 MB).
WHITENOISE_USE_FINDERS = False
