"""Pyodide's standard library, trimmed to what the judge's console imports.

Pyodide's python_stdlib.zip is 2.4 MB (575 files); the console imports 122 of its files: those
Pyodide's own start imports and the few the engine adds (argparse, dataclasses, gettext,
__future__). console/pyodide_stdlib.txt lists them, traced under Pyodide itself by
`make console-stdlib` (console/trace_stdlib.mjs); this module builds the zip of those files.

Built in memory from node_modules and served by console/offline.py (`/judge/console/stdlib.zip`,
ETag = its hash), as the core's zip is, rather than written by a build step: the bytes follow the
installed Pyodide and the committed list wherever the site runs (`make run` with or without
collectstatic, the test server, the Docker image), with no generated file to forget or go stale.
Building it takes about 0.1 s, once per process and again only when one of its inputs changes.

When the list was traced for another Pyodide than the one installed, the untrimmed zip is served
whole: heavier for the phone, but a start that imports a module the list lacks would leave the
console with no rules offline at all (tests/console/test_pyodide_stdlib.py fails in that case).
"""
from __future__ import annotations

import hashlib
import io
import json
import zipfile
from pathlib import Path

from django.conf import settings

LIST_FILE = Path(__file__).with_name("pyodide_stdlib.txt")
ZIP_TIME = (2020, 1, 1, 0, 0, 0)  # the same inputs give the same bytes, and so the same hash

_cache: dict = {}


def original_path() -> Path:
    return settings.PYODIDE_DIR / "python_stdlib.zip"


def installed_version() -> str:
    try:
        return json.loads((settings.PYODIDE_DIR / "package.json").read_text())["version"]
    except (OSError, ValueError, KeyError):
        return "missing"


def listed() -> tuple[str, list[str]]:
    """(the Pyodide version the list was traced for, the files: ``json/decoder.py``, ...)."""
    version, files = "", []
    for line in LIST_FILE.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("pyodide "):
            version = line.split()[1]
        else:
            files.append(line)
    return version, files


def entries(files: list[str], available: set[str]) -> list[str]:
    """The zip's entries for ``files``: the files and their packages' directory entries (where the
    original has them)."""
    kept = set()
    for file in files:
        if file not in available:
            raise LookupError(f"{file} is in {LIST_FILE.name} but not in python_stdlib.zip: run `make console-stdlib`")
        kept.add(file)
        parts = file.split("/")[:-1]
        kept.update(d for d in ("/".join(parts[:i]) + "/" for i in range(1, len(parts) + 1)) if d in available)
    return sorted(kept)


def _build(original: Path) -> bytes:
    version, files = listed()
    if version != installed_version():
        return original.read_bytes()
    buf = io.BytesIO()
    with zipfile.ZipFile(original) as source, zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as out:
        for name in entries(files, set(source.namelist())):
            data = b"" if name.endswith("/") else source.read(name)
            out.writestr(zipfile.ZipInfo(name, ZIP_TIME), data, zipfile.ZIP_DEFLATED, compresslevel=9)
    return buf.getvalue()


def trimmed_stdlib() -> tuple[bytes, str]:
    """(the trimmed zip, its sha256 hex digest), remade only when Pyodide's zip or the list changed."""
    original = original_path()
    key = tuple((str(p), p.stat().st_mtime_ns, p.stat().st_size) for p in (original, LIST_FILE))
    if _cache.get("key") != key:
        data = _build(original)
        _cache.update(key=key, data=data, digest=hashlib.sha256(data).hexdigest())
    return _cache["data"], _cache["digest"]
