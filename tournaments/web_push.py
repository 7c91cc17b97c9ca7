"""Web push: a short message to every browser a user asked to be told on (pywebpush, VAPID keys
from the settings). The seat notices use it beside the e-mail (seating/notices.py).

    enabled() -> bool                           both VAPID keys are set
    subscribe(user, endpoint=, p256dh=, auth=)  a browser's subscription (PushRefused naming the field)
    forget(user, endpoint)
    push(user_ids, title=, body=, url=) -> int  messages the push services took

A push service gives a subscription an https address of its own (FCM, Mozilla's, Apple's, ...):
only addresses under WEB_PUSH_HOSTS are taken, so nobody makes the site post to an address of his
choosing. A subscription its service says is gone (404, 410) is deleted.
"""
from __future__ import annotations

import base64
import binascii
import json
import logging
from urllib.parse import urlsplit

from django.conf import settings
from django.utils.translation import gettext as _

from .models import PushSubscription

log = logging.getLogger(__name__)

MAX_PER_USER = 10  # a player's phones and browsers; the oldest go first
TIMEOUT_SECONDS = 5
TTL_SECONDS = 12 * 3600  # a phone off all morning still hears of its afternoon seat


class PushRefused(ValueError):
    def __init__(self, field: str, message: str):
        super().__init__(message)
        self.field = field


def enabled() -> bool:
    return bool(settings.WEB_PUSH_VAPID_PUBLIC_KEY and settings.WEB_PUSH_VAPID_PRIVATE_KEY)


def endpoint_allowed(endpoint: str) -> bool:
    parts = urlsplit(endpoint)
    host = (parts.hostname or "").lower()
    if parts.scheme == "http" and host in settings.WEB_PUSH_INSECURE_HOSTS:  # a test's own push service
        return True
    return parts.scheme == "https" and any(host == h or host.endswith("." + h) for h in settings.WEB_PUSH_HOSTS)


def _key(value, field: str, size: int) -> str:
    if not isinstance(value, str) or len(value) > 200:
        raise PushRefused(field, _("Not a key."))
    try:
        raw = base64.urlsafe_b64decode(value + "=" * (-len(value) % 4))
    except (binascii.Error, ValueError):
        raise PushRefused(field, _("Not a key.")) from None
    if len(raw) != size:
        raise PushRefused(field, _("Not a key."))
    return value


def subscribe(user, *, endpoint, p256dh, auth) -> PushSubscription:
    if not isinstance(endpoint, str) or len(endpoint) > 1000 or not endpoint_allowed(endpoint):
        raise PushRefused("endpoint", _("Not an address of a push service this site sends to."))
    p256dh, auth = _key(p256dh, "keys.p256dh", 65), _key(auth, "keys.auth", 16)
    found, _created = PushSubscription.objects.update_or_create(
        endpoint=endpoint, defaults={"user": user, "p256dh": p256dh, "auth": auth})
    extra = PushSubscription.objects.filter(user=user).order_by("-created_at", "-pk").values_list("pk", flat=True)[MAX_PER_USER:]
    PushSubscription.objects.filter(pk__in=list(extra)).delete()
    return found


def forget(user, endpoint: str) -> None:
    PushSubscription.objects.filter(user=user, endpoint=endpoint).delete()


def push(user_ids, *, title: str, body: str, url: str) -> int:
    """Send the message to each subscription of the users; never raises (a push is a courtesy)."""
    if not enabled():
        return 0
    from pywebpush import WebPushException, webpush  # local: only a process that pushes loads it

    payload = json.dumps({"title": title, "body": body, "url": url}, ensure_ascii=False)
    sent = 0
    for subscription in PushSubscription.objects.filter(user_id__in=list(user_ids)):
        info = {"endpoint": subscription.endpoint, "keys": {"p256dh": subscription.p256dh, "auth": subscription.auth}}
        try:
            webpush(info, data=payload, vapid_private_key=settings.WEB_PUSH_VAPID_PRIVATE_KEY,
                    vapid_claims={"sub": settings.WEB_PUSH_SUBJECT}, timeout=TIMEOUT_SECONDS, ttl=TTL_SECONDS)
        except WebPushException as error:
            status = getattr(error.response, "status_code", None)
            if status in (404, 410):
                subscription.delete()
            else:
                log.warning("web push to subscription %s failed: %s", subscription.pk, status or error)
            continue
        except Exception:  # the push service unreachable: this browser is told at the next change
            log.warning("web push to subscription %s failed", subscription.pk, exc_info=True)
            continue
        sent += 1
    return sent
