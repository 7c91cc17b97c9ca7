"""The client's address as the login lockout sees it (django-axes' AXES_CLIENT_IP_CALLABLE): the
same reading as the API's throttles, DRF's, so that one setting decides both.

PROXY_COUNT (settings: REST_FRAMEWORK["NUM_PROXIES"] and this) is how many proxies of ours stand
in front of the app. Each proxy appends the address it was connected from to X-Forwarded-For, so
the client is the PROXY_COUNT-th entry from the right; what lies left of it was written by the
client and is never trusted. With PROXY_COUNT=0 the header is ignored everywhere and the address
is the connection's (REMOTE_ADDR): a rotated header neither lifts a throttle nor dodges a lockout.
"""
from rest_framework.throttling import BaseThrottle


def client_address(request) -> str:
    """The address of the client that sent `request` (an HttpRequest or DRF's Request), read as
    DRF's throttles read it (NUM_PROXIES); the connection's address when the header gives none."""
    return BaseThrottle().get_ident(request) or request.META.get("REMOTE_ADDR", "")
