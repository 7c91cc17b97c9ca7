"""The service worker's caches, as a judge's phone meets them: Pyodide's files in a cache named by
Pyodide's version, the trimmed standard library in one named by its hash, our files (the core's
zip, static/console/*.js) in one named by their hash. A change of one of our files renames our
cache alone, so the phone downloads our files again and not Pyodide's 5 MB."""
from __future__ import annotations

import json
import re
import shutil

import pytest
from django.conf import settings
from django.urls import reverse

from console import offline
from tests.conftest import missing_service


@pytest.fixture(autouse=True)
def _pyodide_installed():
    if not (settings.PYODIDE_DIR / "pyodide.asm.wasm").is_file():
        missing_service("node_modules/pyodide is missing: run `make install`")


def served_caches(client) -> dict[str, dict]:
    """{kind: {"name", "urls"}} of the worker the browser gets."""
    text = client.get(reverse("console:service_worker")).content.decode()
    caches = json.loads(re.search(r"^const CACHES = (.*);$", text, re.M).group(1))
    kinds = {offline.PYODIDE_CACHE: "pyodide", offline.STDLIB_CACHE: "stdlib", offline.OURS_CACHE: "ours"}
    found = {}
    for name, urls in caches.items():
        (kind,) = [k for prefix, k in kinds.items() if name.startswith(prefix)]
        found[kind] = {"name": name, "urls": urls}
    return found


def changed_console_static(tmp_path, monkeypatch, name: str) -> None:
    """static/console/ as it is, but for one more line at the end of `name` (the worker reads the copy)."""
    copy = tmp_path / "console"
    shutil.copytree(offline.STATIC_CONSOLE, copy)
    with (copy / name).open("a", encoding="utf-8") as f:
        f.write("\n// one more line\n")
    monkeypatch.setattr(offline, "STATIC_CONSOLE", copy)


def test_pyodide_the_standard_library_and_our_files_each_have_a_cache(client):
    caches = served_caches(client)
    assert caches["pyodide"]["name"] == "mafia-pyodide-" + json.loads((settings.PYODIDE_DIR / "package.json").read_text())["version"]
    files = ("pyodide.mjs", "pyodide.asm.js", "pyodide.asm.wasm", "pyodide-lock.json")
    assert caches["pyodide"]["urls"] == [f"/static/pyodide/{name}" for name in files]
    assert caches["stdlib"]["urls"] == ["/judge/console/stdlib.zip"]
    assert "/judge/console/core.zip" in caches["ours"]["urls"] and "/static/console/screen.js" in caches["ours"]["urls"]
    # the untrimmed standard library (2.4 MB) is nowhere in what the phone downloads
    assert not any("python_stdlib.zip" in url for kept in caches.values() for url in kept["urls"])


def test_a_one_line_change_of_screen_js_renames_our_cache_but_not_pyodides(client, tmp_path, monkeypatch):
    before = served_caches(client)
    changed_console_static(tmp_path, monkeypatch, "screen.js")
    after = served_caches(client)
    assert after["ours"]["name"] != before["ours"]["name"]
    assert after["pyodide"] == before["pyodide"] and after["stdlib"] == before["stdlib"]
    assert after["ours"]["urls"] == before["ours"]["urls"]


def test_a_change_of_the_core_renames_our_cache_and_a_new_pyodide_only_pyodides(client, monkeypatch):
    before = served_caches(client)
    data, digest = offline.core_zip()
    monkeypatch.setattr(offline, "core_zip", lambda: (data + b"\0", "0" * 64))
    after_core = served_caches(client)
    assert after_core["ours"]["name"] != before["ours"]["name"] and after_core["pyodide"] == before["pyodide"]
    monkeypatch.setattr(offline, "core_zip", lambda: (data, digest))
    monkeypatch.setattr(offline, "installed_version", lambda: "0.99.0")
    after_pyodide = served_caches(client)
    assert after_pyodide["pyodide"]["name"] == "mafia-pyodide-0.99.0"
    assert after_pyodide["ours"] == before["ours"] and after_pyodide["stdlib"] == before["stdlib"]


def test_the_trimmed_standard_library_is_served_with_its_etag(client):
    from console.pyodide_stdlib import trimmed_stdlib

    response = client.get(reverse("console:stdlib_zip"))
    assert response.status_code == 200 and response["Content-Type"] == "application/zip"
    assert response.content == trimmed_stdlib()[0]
    assert client.get(reverse("console:stdlib_zip"), HTTP_IF_NONE_MATCH=response["ETag"]).status_code == 304
