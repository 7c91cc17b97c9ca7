"""Throttles whose rates are read from the settings at each request (REST_FRAMEWORK
DEFAULT_THROTTLE_RATES), so a changed setting takes effect at once; DRF's own classes keep the
rates they saw at import. Their counts live in the cache: when it fails (Redis down or hung) a
throttle lets the request through, logged, rather than answer a 500 (it fails open)."""
import logging

from rest_framework import throttling
from rest_framework.settings import api_settings

log = logging.getLogger(__name__)


class _SettingsRate:
    def get_rate(self):
        return api_settings.DEFAULT_THROTTLE_RATES.get(self.scope)

    def allow_request(self, request, view):
        try:
            return super().allow_request(request, view)
        except Exception:  # the cache's error, whatever the backend
            log.warning("throttle %s could not count (cache error): request allowed", self.scope, exc_info=True)
            return True


class AnonThrottle(_SettingsRate, throttling.AnonRateThrottle):
    """Anonymous clients, per IP address: clubs' sites, rating sites, stream overlays."""


class UserThrottle(_SettingsRate, throttling.UserRateThrottle):
    """Logged-in clients (a token or the site's session), per user; anonymous ones only by AnonThrottle
    (DRF's class would count them against this rate too)."""

    def get_cache_key(self, request, view):
        if not (request.user and request.user.is_authenticated):
            return None
        return super().get_cache_key(request, view)


class TokenThrottle(_SettingsRate, throttling.AnonRateThrottle):
    """Asking for a token with a username and password, per IP address (rate `token`)."""

    scope = "token"
