"""`python manage.py trace_console_stdlib` (`make console-stdlib`): writes console/pyodide_stdlib.txt,
the files of Pyodide's standard library the console imports in the browser, traced under Pyodide
itself in node (console/trace_stdlib.mjs) on the core's zip and every example log."""
from __future__ import annotations

import shutil
import subprocess
import tempfile
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from console.offline import core_zip
from console.pyodide_stdlib import LIST_FILE

TRACER = Path(__file__).resolve().parents[2] / "trace_stdlib.mjs"
EXAMPLES = Path(settings.BASE_DIR) / "tests" / "engines" / "console" / "data" / "game-log-examples"


class Command(BaseCommand):
    help = "Trace which files of Pyodide's python_stdlib.zip the console imports; write console/pyodide_stdlib.txt."

    def handle(self, *args, **options):
        node = shutil.which("node")
        if node is None or not (settings.PYODIDE_DIR / "pyodide.mjs").is_file():
            raise CommandError("node and node_modules/pyodide are needed: run `make install`")
        logs = [str(p) for p in sorted(EXAMPLES.glob("*.json")) if p.name != "expected.json"]
        with tempfile.TemporaryDirectory() as tmp:
            zip_path = Path(tmp) / "core.zip"
            zip_path.write_bytes(core_zip()[0])
            done = subprocess.run([node, str(TRACER), str(settings.PYODIDE_DIR), str(zip_path), *logs],
                                  capture_output=True, text=True, timeout=600)
        if done.returncode != 0:
            raise CommandError(done.stderr[-3000:])
        LIST_FILE.write_text(done.stdout, encoding="utf-8")
        self.stdout.write(f"{LIST_FILE.name}: {done.stderr.strip()}")
