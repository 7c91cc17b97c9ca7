"""Pyodide's standard library trimmed to what the console imports (console/pyodide_stdlib.py): much
smaller than the original, and holding every file of it the engine imports. Here the imports are
traced under CPython, apart from the list's own trace under Pyodide (`make console-stdlib`), so an
engine that starts importing another module fails this test until the list is traced again;
tests/console/test_engine_agreement.py replays every case on the trimmed zip in Pyodide."""
from __future__ import annotations

import ast
import io
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from django.conf import settings

from console import pyodide_stdlib
from console.offline import core_zip
from console.pyodide_stdlib import installed_version, listed, original_path, trimmed_stdlib
from tests.conftest import missing_service

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "tests" / "engines" / "console" / "data" / "game-log-examples"

# Run in a fresh interpreter: what the browser does with the core (engine.js): open its zip (Pyodide
# unpacks it with Python's zipfile), import it, and view and replay every example log. Prints the
# standard library's files that this imported, relative to the standard library's directory.
TRACER = """
import sys, sysconfig
from pathlib import Path
stdlib = Path(sysconfig.get_paths()["stdlib"]).resolve()
before = set(sys.modules)
import json, zipfile
zipfile.ZipFile(sys.argv[1]).namelist()
from engines.console import view
from engines.console.cli import run_replay
for path in sys.argv[2:]:
    json.dumps(view(json.loads(Path(path).read_text(encoding="utf-8"))), ensure_ascii=False)
    json.dumps(run_replay(path))
files = set()
for name in set(sys.modules) - before:
    file = getattr(sys.modules[name], "__file__", None)
    if file and Path(file).resolve().is_relative_to(stdlib):
        files.add(Path(file).resolve().relative_to(stdlib).as_posix())
sys.stdout.write(repr(sorted(files)))
"""


@pytest.fixture(autouse=True)
def _pyodide_installed():
    if not original_path().is_file():
        missing_service("node_modules/pyodide is missing: run `make install`")


def names(data: bytes) -> set[str]:
    return set(zipfile.ZipFile(io.BytesIO(data)).namelist())


def test_the_trimmed_standard_library_is_smaller_and_holds_what_the_engine_imports(tmp_path):
    data, _digest = trimmed_stdlib()
    original = original_path().read_bytes()
    assert len(data) < len(original) / 3, (len(data), len(original))
    trimmed, whole = names(data), names(original)
    assert len(trimmed) < len(whole) / 3

    core = tmp_path / "core.zip"
    core.write_bytes(core_zip()[0])
    logs = [str(p) for p in sorted(EXAMPLES.glob("*.json")) if p.name != "expected.json"]
    done = subprocess.run([sys.executable, "-c", TRACER, str(core), *logs], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    imported = set(ast.literal_eval(done.stdout))
    # CPython 3.11 here, Pyodide's 3.13 there: a file of one that the other lacks, or keeps outside
    # the zip (os.py, abc.py), is not asked of the zip
    needed = imported & whole
    assert {"argparse.py", "dataclasses.py", "gettext.py", "encodings/cp437.py", "json/decoder.py"} <= needed
    assert needed <= trimmed, f"missing from the trimmed zip: {sorted(needed - trimmed)}; run `make console-stdlib`"
    # and Pyodide's own start: its package and the event loop it sets up
    assert {"_pyodide/__init__.py", "pyodide/__init__.py", "pyodide/webloop.py", "asyncio/__init__.py"} <= trimmed


def test_the_list_was_traced_for_the_installed_pyodide():
    version, files = listed()
    assert version == installed_version(), "the pinned pyodide changed: run `make console-stdlib`"
    assert files and set(files) <= names(original_path().read_bytes())


def test_a_list_traced_for_another_pyodide_gets_the_whole_standard_library(monkeypatch):
    monkeypatch.setattr(pyodide_stdlib, "installed_version", lambda: "0.99.0")
    monkeypatch.setattr(pyodide_stdlib, "_cache", {})
    assert trimmed_stdlib()[0] == original_path().read_bytes()
    assert settings.PYODIDE_DIR in original_path().parents
