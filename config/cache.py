"""The cache (REDIS_URL) as a helper, never a single point of failure.

    CACHES = caches_for(env("REDIS_URL"))

Everything we keep in the cache can be made again from the database: the public pages and the
API's standings (keyed by the snapshot's version), the exports (keyed by their contents' version)
and the API throttles' counts. So when Redis is down, or hung (it accepts and never answers), a
cache call is logged once and answered as a miss — `get` gives the default, `set` and `delete`
do nothing — and the page is made from the database. Each call waits at most
REDIS_SOCKET_TIMEOUT (0.5 s) to connect and as long again to read; after a failure the process
leaves Redis alone for REDIS_RETRY_SECONDS (5 s), every call a miss at once, so a hung Redis
costs a request about a second at most, not half a second for each of its cache calls.

A subclass of Django's own RedisCache (one module, no new dependency) rather than django-redis,
whose IGNORE_EXCEPTIONS does the first half of this but would replace the backend, its
serializer and its key format for one option, and has no pause after a failure.
"""
from __future__ import annotations

import logging
import time

from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.redis import RedisCache

log = logging.getLogger(__name__)

SOCKET_TIMEOUT = 0.5
RETRY_SECONDS = 5.0


# Which standings version is current, per web process for about a second (scoring/selectors.py:
# `current`); always in the process's memory, whatever REDIS_URL says.
STANDINGS_POINTER = {"standings-pointer": {
    "BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "standings-pointer",
    "OPTIONS": {"MAX_ENTRIES": 1000},
}}


def caches_for(redis_url: str, *, socket_timeout: float = SOCKET_TIMEOUT, retry_seconds: float = RETRY_SECONDS) -> dict:
    """The CACHES setting: Redis at `redis_url` through ForgivingRedisCache, or, without a URL, the
    process's own memory; and the standings pointer's memory (STANDINGS_POINTER)."""
    if not redis_url:
        return {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}, **STANDINGS_POINTER}
    return {"default": {
        "BACKEND": "config.cache.ForgivingRedisCache",
        "LOCATION": redis_url,
        "OPTIONS": {"socket_connect_timeout": socket_timeout, "socket_timeout": socket_timeout,
                    "retry_seconds": retry_seconds},
    }, **STANDINGS_POINTER}


class ForgivingRedisCache(RedisCache):
    """Django's RedisCache whose errors are misses (see the module). OPTIONS take `retry_seconds`
    besides redis-py's connection options."""

    def __init__(self, server, params):
        params = {**params, "OPTIONS": dict(params.get("OPTIONS") or {})}
        self.retry_seconds = float(params["OPTIONS"].pop("retry_seconds", RETRY_SECONDS))
        super().__init__(server, params)
        self._down_until = 0.0  # monotonic time before which Redis is not asked

    def _forgive(self, what: str, call, miss):
        """`call()`, or `miss` when Redis fails (or failed less than retry_seconds ago)."""
        if time.monotonic() < self._down_until:
            return miss
        try:
            return call()
        except Exception as error:  # redis-py's ConnectionError, TimeoutError, ResponseError...
            self._down_until = time.monotonic() + self.retry_seconds
            log.warning("cache %s failed (%s: %s): answered from the database; Redis is not asked for %s s",
                        what, type(error).__name__, error, self.retry_seconds)
            return miss

    def add(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        return self._forgive("add", lambda: super(ForgivingRedisCache, self).add(key, value, timeout, version), False)

    def get(self, key, default=None, version=None):
        return self._forgive("get", lambda: super(ForgivingRedisCache, self).get(key, default, version), default)

    def set(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        return self._forgive("set", lambda: super(ForgivingRedisCache, self).set(key, value, timeout, version), None)

    def touch(self, key, timeout=DEFAULT_TIMEOUT, version=None):
        return self._forgive("touch", lambda: super(ForgivingRedisCache, self).touch(key, timeout, version), False)

    def delete(self, key, version=None):
        return self._forgive("delete", lambda: super(ForgivingRedisCache, self).delete(key, version), False)

    def get_many(self, keys, version=None):
        return self._forgive("get_many", lambda: super(ForgivingRedisCache, self).get_many(keys, version), {})

    def has_key(self, key, version=None):
        return self._forgive("has_key", lambda: super(ForgivingRedisCache, self).has_key(key, version), False)

    def incr(self, key, delta=1, version=None):
        missing = object()
        value = self._forgive("incr", lambda: super(ForgivingRedisCache, self).incr(key, delta, version), missing)
        if value is missing:
            raise ValueError(f"Key '{key}' not found")  # what a miss gives
        return value

    def set_many(self, data, timeout=DEFAULT_TIMEOUT, version=None):
        keys = list(data)
        return self._forgive("set_many", lambda: super(ForgivingRedisCache, self).set_many(data, timeout, version), keys)

    def delete_many(self, keys, version=None):
        return self._forgive("delete_many", lambda: super(ForgivingRedisCache, self).delete_many(keys, version), None)

    def clear(self):
        return self._forgive("clear", lambda: super(ForgivingRedisCache, self).clear(), False)
