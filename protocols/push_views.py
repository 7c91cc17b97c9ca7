"""Web push on the player's page (/judge/): the small service worker that shows a pushed message
(/judge/push/sw.js, scope /judge/push/: apart from the console's, whose worker stores Pyodide),
and the doors where a browser leaves its subscription and takes it back (JSON, the user's own).
tournaments/web_push.py decides what it takes."""
from __future__ import annotations

import json
from pathlib import Path

from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse, JsonResponse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from tournaments import web_push

WORKER_SOURCE = Path(settings.BASE_DIR) / "static" / "push_sw.js"
MAX_BODY = 4096


@require_safe
def worker(request):
    return HttpResponse(WORKER_SOURCE.read_text(encoding="utf-8"), content_type="text/javascript; charset=utf-8",
                        headers={"Cache-Control": "no-cache", "Service-Worker-Allowed": "/judge/push/"})


def _body(request) -> dict:
    if len(request.body) > MAX_BODY:
        raise web_push.PushRefused("", _("The request is too large."))
    try:
        body = json.loads(request.body)
    except (ValueError, UnicodeDecodeError):
        raise web_push.PushRefused("", _("The request is not JSON.")) from None
    if not isinstance(body, dict):
        raise web_push.PushRefused("", _("The request is not JSON."))
    return body


def _refused(refusal: web_push.PushRefused) -> JsonResponse:
    return JsonResponse({"field": refusal.field, "error": str(refusal)}, status=400)


@require_POST
@login_required(login_url="protocols:login")
def subscribe(request):
    if not web_push.enabled():
        return JsonResponse({"error": _("This site sends no web push.")}, status=404)
    try:
        body = _body(request)
        keys = body.get("keys") if isinstance(body.get("keys"), dict) else {}
        web_push.subscribe(request.user, endpoint=body.get("endpoint"), p256dh=keys.get("p256dh"), auth=keys.get("auth"))
    except web_push.PushRefused as refusal:
        return _refused(refusal)
    return JsonResponse({"subscribed": True})


@require_POST
@login_required(login_url="protocols:login")
def unsubscribe(request):
    try:
        body = _body(request)
    except web_push.PushRefused as refusal:
        return _refused(refusal)
    endpoint = body.get("endpoint")
    if isinstance(endpoint, str):
        web_push.forget(request.user, endpoint)
    return JsonResponse({"subscribed": False})
