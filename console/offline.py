"""What the console needs to keep playing without a connection (issue 27, "never lose an event").

The rules have one source: the Python core ``engines/console/`` itself, run in the browser by Pyodide
(static/console/engine.js). This module serves the pieces the browser needs:

``GET /judge/console/core.zip``             the core's sources (``engines/console/**.py`` and an empty
    ``engines/__init__.py``) as a zip built in memory from the files on disk, remade when one
    changes; its ETag is the content's hash, so a browser revalidates it cheaply.
``GET /judge/console/stdlib.zip``           Pyodide's standard library trimmed to the files the
    console imports (console/pyodide_stdlib.py), built in memory the same way; ETag = its hash.
``GET /judge/console-sw.js``                the service worker (static/console/sw.js) with its caches
    written in, each a name and the URLs it keeps; served from /judge/ so its scope covers every
    judge page, the console's included. Three caches, each named by what changes it
    (``worker_caches``): Pyodide's files by Pyodide's version, the trimmed standard library by its
    hash, our files (the core's zip, static/console/*.js) by their hash. A change of screen.js
    renames only the last, so a phone downloads our files again (about 0.1 MB), not Pyodide.
``GET /judge/games/<id>/console/log/``     the stored log itself (the header and the events), with
    the current view and its ``clock`` (the stored timer, as the console's GET); the browser keeps
    it, with its queue, in IndexedDB to replay offline.

Pyodide's own files are static files (config/settings ``PYODIDE_DIR``, from ``make install``); its
untrimmed python_stdlib.zip is among them but no page or worker asks for it.
"""
from __future__ import annotations

import hashlib
import io
import json
import zipfile
from pathlib import Path

from django.conf import settings
from django.http import Http404, HttpResponse, HttpResponseNotModified
from django.templatetags.static import static
from django.urls import reverse
from django.views.decorators.http import require_GET

from console import services
from console.doors import json_door, roles_missing, run_denied
from console.pyodide_stdlib import installed_version, trimmed_stdlib
from engines import console as core
from tournaments.permissions import may_run_console

CORE_DIR = Path(core.__file__).resolve().parent
STATIC_CONSOLE = Path(settings.BASE_DIR) / "static" / "console"
SW_SOURCE = STATIC_CONSOLE / "sw.js"
# The files of the npm package that loadPyodide fetches (pyodide.mjs imports the rest); its
# python_stdlib.zip is not one of them: engine.js asks for the trimmed one (/judge/console/stdlib.zip).
PYODIDE_FILES = ["pyodide.mjs", "pyodide.asm.js", "pyodide.asm.wasm", "pyodide-lock.json"]
# The service worker's caches: "<kind><what names it>"; on activate it deletes a cache of these
# kinds that is not one of its own (tests/console/test_service_worker.py).
PYODIDE_CACHE, STDLIB_CACHE, OURS_CACHE = "mafia-pyodide-", "mafia-stdlib-", "mafia-console-"
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


def _zip_response(request, data: bytes, digest: str) -> HttpResponse:
    etag = f'"{digest[:32]}"'
    if request.headers.get("If-None-Match") == etag:
        return HttpResponseNotModified(headers={"ETag": etag})
    return HttpResponse(data, content_type="application/zip",
                        headers={"ETag": etag, "Cache-Control": "no-cache", "X-Content-Type-Options": "nosniff"})


@require_GET
def core_zip_view(request):
    return _zip_response(request, *core_zip())


@require_GET
def stdlib_zip_view(request):
    if not settings.PYODIDE_DIR.is_dir():
        raise Http404("node_modules/pyodide is not installed")
    return _zip_response(request, *trimmed_stdlib())


def _ours_hash() -> str:
    """The hash of our files: the core's zip and static/console/* (sw.js too: a new worker's way of
    storing starts from an empty cache)."""
    h = hashlib.sha256(core_zip()[1].encode())
    for p in sorted(STATIC_CONSOLE.glob("*")):
        if p.is_file():
            h.update(p.name.encode() + b"\0" + hashlib.sha256(p.read_bytes()).digest())
    return h.hexdigest()[:16]


def worker_caches() -> dict[str, list[str]]:
    """The service worker's caches: {name: the URLs it keeps}. Without node_modules/pyodide, only ours."""
    ours = [reverse("console:core_zip"),
            *(static(f"console/{p.name}") for p in sorted(STATIC_CONSOLE.glob("*.js")) if p.name != "sw.js")]
    if not settings.PYODIDE_DIR.is_dir():
        return {OURS_CACHE + _ours_hash(): ours}
    return {
        PYODIDE_CACHE + installed_version(): [static(f"pyodide/{name}") for name in PYODIDE_FILES],
        STDLIB_CACHE + trimmed_stdlib()[1][:16]: [reverse("console:stdlib_zip")],
        OURS_CACHE + _ours_hash(): ours,
    }


def kept_files() -> list[str]:
    """The URLs the service worker stores when it installs."""
    return [url for urls in worker_caches().values() for url in urls]


@require_GET
def service_worker(request):
    preamble = (f"const CACHES = {json.dumps(worker_caches())};\n"
                f"const KINDS = {json.dumps([PYODIDE_CACHE, STDLIB_CACHE, OURS_CACHE])};\n"
                f"const PYODIDE_PREFIX = {json.dumps(static('pyodide/'))};\n"
                f"const STDLIB_URL = {json.dumps(reverse('console:stdlib_zip'))};\n")
    return HttpResponse(preamble + SW_SOURCE.read_text(encoding="utf-8"), content_type="text/javascript; charset=utf-8",
                        headers={"Cache-Control": "no-cache", "Service-Worker-Allowed": "/judge/"})


@json_door(may=may_run_console, denied=run_denied, methods=("GET",))
def log(request, game, body):
    """The log document and the view of it, for the browser's copy (refused as the console's own JSON)."""
    try:
        entry, doc, view = services.console_document(game=game, user=request.user)
    except services.ConsoleRefused as exc:
        raise roles_missing(exc.refused) from None
    return {**services.with_clock(entry, view), "log": doc}  # the stored timer, as the GET view
