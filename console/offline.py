"""What the console needs to keep playing without a connection (issue 27, "never lose an event").

The rules have one source: the Python core ``engines/console/`` itself, run in the browser by Pyodide
(static/console/engine.js). This module serves the pieces the browser needs:

``GET /judge/console/core.zip``             the core's sources (``engines/console/**.py`` and an empty
    ``engines/__init__.py``) as a zip built in memory from the files on disk, remade when one
    changes; its ETag is the content's hash, so a browser revalidates it cheaply.
``GET /judge/console-sw.js``                the service worker (static/console/sw.js) with its
    version and the files it keeps (Pyodide's, the core's zip, static/console/*) written in; served
    from /judge/ so its scope covers every judge page, the console's included. Its version changes
    whenever one of those files does, so the browser installs the new worker and its new cache.
``GET /judge/games/<id>/console/log/``     the stored log itself (the header and the events), with
    the current view and its ``clock`` (the stored timer, as the console's GET); the browser keeps
    it, with its queue, in IndexedDB to replay offline.

Pyodide's own files are static files (config/settings ``PYODIDE_DIR``, from ``make install``).
"""
from __future__ import annotations

import hashlib
import io
import json
import zipfile
from pathlib import Path

from django.conf import settings
from django.http import HttpResponse, HttpResponseNotModified, JsonResponse
from django.shortcuts import get_object_or_404
from django.templatetags.static import static
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from console import services
from engines import console as core
from protocols.models import Game
from tournaments.permissions import PermissionRefused

CORE_DIR = Path(core.__file__).resolve().parent
STATIC_CONSOLE = Path(settings.BASE_DIR) / "static" / "console"
SW_SOURCE = STATIC_CONSOLE / "sw.js"
# The files of the npm package that loadPyodide fetches (pyodide.mjs imports the rest).
PYODIDE_FILES = ["pyodide.mjs", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"]
# A fixed time for every zip entry: the same sources give the same bytes, and so the same hash.
ZIP_TIME = (2020, 1, 1, 0, 0, 0)

_zip_cache: dict = {}


def _core_sources() -> list[Path]:
    return sorted(p for p in CORE_DIR.rglob("*.py") if "__pycache__" not in p.parts)


def core_zip() -> tuple[bytes, str]:
    """(the zip of the core's sources, its sha256 hex digest), remade only when a file changed."""
    files = _core_sources()
    key = tuple((str(p), p.stat().st_mtime_ns, p.stat().st_size) for p in files)
    if _zip_cache.get("key") != key:
        buf = io.BytesIO()
        with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
            z.writestr(zipfile.ZipInfo("engines/__init__.py", ZIP_TIME), "")
            for p in files:
                name = "engines/console/" + p.relative_to(CORE_DIR).as_posix()
                z.writestr(zipfile.ZipInfo(name, ZIP_TIME), p.read_bytes(), zipfile.ZIP_DEFLATED)
        data = buf.getvalue()
        _zip_cache.update(key=key, data=data, digest=hashlib.sha256(data).hexdigest())
    return _zip_cache["data"], _zip_cache["digest"]


@require_GET
def core_zip_view(request):
    data, digest = core_zip()
    etag = f'"{digest[:32]}"'
    if request.headers.get("If-None-Match") == etag:
        return HttpResponseNotModified(headers={"ETag": etag})
    return HttpResponse(data, content_type="application/zip",
                        headers={"ETag": etag, "Cache-Control": "no-cache", "X-Content-Type-Options": "nosniff"})


def pyodide_version() -> str:
    try:
        return json.loads((settings.PYODIDE_DIR / "package.json").read_text())["version"]
    except (OSError, ValueError, KeyError):
        return "missing"


def kept_files() -> list[str]:
    """The URLs the service worker stores when it installs."""
    pyodide = [static(f"pyodide/{name}") for name in PYODIDE_FILES] if (settings.PYODIDE_DIR).is_dir() else []
    console_static = [static(f"console/{p.name}") for p in sorted(STATIC_CONSOLE.glob("*.js")) if p.name != "sw.js"]
    return [*pyodide, reverse("console:core_zip"), *console_static]


def _worker_version() -> str:
    h = hashlib.sha256()
    h.update(pyodide_version().encode())
    h.update(core_zip()[1].encode())
    for p in sorted(STATIC_CONSOLE.glob("*")):
        if p.is_file():
            h.update(p.name.encode())
            h.update(p.read_bytes())
    return h.hexdigest()[:16]


@require_GET
def service_worker(request):
    preamble = (f"const VERSION = {json.dumps(_worker_version())};\n"
                f"const KEEP = {json.dumps(kept_files())};\n"
                f"const PYODIDE_PREFIX = {json.dumps(static('pyodide/'))};\n")
    return HttpResponse(preamble + SW_SOURCE.read_text(encoding="utf-8"), content_type="text/javascript; charset=utf-8",
                        headers={"Cache-Control": "no-cache", "Service-Worker-Allowed": "/judge/"})


@require_GET
def log(request, pk: int):
    """The log document and the view of it, for the browser's copy (403 as the console's own JSON)."""
    if not request.user.is_authenticated:
        return JsonResponse({"error": {"code": "login", "message": _("Log in to run the console.")}}, status=403)
    game = get_object_or_404(Game.objects.select_related("tournament"), pk=pk)
    try:
        entry, doc, view = services.console_document(game=game, user=request.user)
    except PermissionRefused:
        return JsonResponse({"error": {"code": "forbidden", "message": _(
            "Only the judge of this game's table or the chief judge may run its console.")}}, status=403)
    except services.ConsoleRefused as exc:
        return JsonResponse({"error": {"code": exc.refused["code"], "rule": exc.refused.get("rule"), "message": _(
            "The seats and roles of this game are not complete: deal the roles first.")}}, status=400)
    return JsonResponse({**services.with_clock(entry, view), "log": doc})  # the stored timer, as the GET view
