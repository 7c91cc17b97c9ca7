"""The rating core runs with the project installed and nothing else: no Django, no settings."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
EXAMPLE = ROOT / "tests" / "engines" / "scoring" / "data" / "example-tournament.json"  # the spec's, copied


def _core_modules():
    names = []
    for path in sorted((ROOT / "engines" / "ratings").rglob("*.py")):
        if path.name == "__main__.py":  # runs the command: `python -m` imports it, nothing else does
            continue
        parts = path.relative_to(ROOT).with_suffix("").parts
        names.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return names


def test_it_sees_every_core_module():
    assert {"engines.ratings", "engines.ratings.model", "engines.ratings.reader", "engines.ratings.cli",
            "engines.ratings.table", "engines.ratings.params", "engines.ratings.games"} <= set(_core_modules())


def test_the_core_imports_no_django_and_the_command_runs_without_settings(tmp_path):
    code = ("import importlib, sys\n"
            f"for name in {['ratings', *_core_modules()]!r}:\n"
            "    importlib.import_module(name)\n"
            "apps = ('django', 'celery', 'scoring', 'seating', 'console', 'tournaments', 'protocols')\n"
            "bad = sorted(m for m in sys.modules if m.split('.')[0] in apps)\n"
            "assert not bad, bad\n"
            "print('ok')\n")
    env = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT)}
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, cwd=ROOT, env=env, timeout=60)
    assert run.returncode == 0, run.stderr.decode()
    assert run.stdout == b"ok\n"
    out = subprocess.run([sys.executable, "-m", "ratings", "predict", str(EXAMPLE)], capture_output=True,
                         cwd=tmp_path, env=env, timeout=60)
    assert out.returncode == 0, out.stderr.decode()
    assert out.stdout.count(b"\n") >= 1 and b'"p_red": ' in out.stdout
