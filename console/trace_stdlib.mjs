// Which files of Pyodide's standard library the console needs in the browser, traced under
// Pyodide itself (CPython 3.11 on the server imports a different set than Pyodide's 3.13):
//
//   node console/trace_stdlib.mjs PYODIDE_DIR CORE.zip LOG.json... > console/pyodide_stdlib.txt
//   (`python manage.py trace_console_stdlib`, or `make console-stdlib`, runs it on every example log)
//
// It starts Pyodide with its whole python_stdlib.zip, notes the files its own start imported from
// the zip, then does what static/console/engine.js does: unpacks the core's zip (that alone needs
// encodings/cp437.py: Pyodide unpacks with Python's zipfile), runs the same glue and calls
// engines.console.view and cli.run_replay on every log given, and notes the files that added. console/pyodide_stdlib.py serves the zip trimmed
// to these modules; tests/console/test_pyodide_stdlib.py checks it against the engine's imports
// under CPython, and tests/console/test_engine_agreement.py replays every case on it in node.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, coreZip, ...logs] = process.argv.slice(2);
const ZIP = "/lib/python313.zip/";

const { loadPyodide } = await import(pathToFileURL(resolve(pyodideDir, "pyodide.mjs")).href);
const py = await loadPyodide({ indexURL: resolve(pyodideDir) + "/", fullStdLib: false });
const version = py.version;
// the zip's files, not the modules' names: _frozen_importlib is importlib/_bootstrap.py
const FROM_ZIP = `sorted({f[${ZIP.length}:] for m in list(sys.modules.values()) if (f := getattr(m, "__file__", None) or "").startswith("${ZIP}")})`;
const started = py.runPython(`import sys\n${FROM_ZIP}`).toJs();

py.unpackArchive(new Uint8Array(readFileSync(coreZip)), "zip", { extractDir: "/home/pyodide/mafia-core" });
py.runPython([  // engine.js's GLUE
  "import json, sys",
  "sys.path.insert(0, '/home/pyodide/mafia-core')",
  "from engines.console import view as _view",
  "from engines.console.cli import run_replay as _run_replay",
].join("\n"));
for (const log of logs) {
  py.globals.set("text", readFileSync(log, "utf-8"));
  py.runPython([  // engine.js's mafia_view and mafia_replay
    "json.dumps(_view(json.loads(text)), ensure_ascii=False)",
    "with open('/tmp/mafia-log.json', 'w', encoding='utf-8') as f:",
    "    f.write(text)",
    "json.dumps(_run_replay('/tmp/mafia-log.json'))",
  ].join("\n"));
}
const after = py.runPython(FROM_ZIP).toJs();
const engine = after.filter((file) => !started.includes(file));

const lines = [
  `# The files of Pyodide ${version}'s python_stdlib.zip the judge's console imports in the browser:`,
  "# console/pyodide_stdlib.py serves the zip with these only. Written by `make console-stdlib`",
  `# (console/trace_stdlib.mjs, ${logs.length} example logs): run it again after a change of the pinned`,
  "# pyodide or of the engine's imports (tests/console/test_pyodide_stdlib.py tells).",
  `pyodide ${version}`,
  "# Pyodide's own start (loadPyodide)",
  ...started,
  "# unpacking the core's zip, static/console/engine.js's glue and the engine (engines/console) on every example log",
  ...engine,
];
process.stdout.write(lines.join("\n") + "\n");
process.stderr.write(`${started.length} files at the start, ${engine.length} more for the engine\n`);
