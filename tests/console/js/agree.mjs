// The browser's rules against the Python core: static/console/engine.js (Pyodide running the core
// from /judge/console/core.zip) on every case of CASES.json, compared with what CPython computed.
//
//   node tests/console/js/agree.mjs CASES.json CORE.zip PYODIDE_DIR STDLIB.zip
//
// STDLIB.zip is the standard library the phone gets (/judge/console/stdlib.zip, trimmed to what the
// console imports): Pyodide starts from it alone, so a file the trim left out fails every case.
// CASES.json: [{"name", "text" (the log as the file has it), "view" (engines.console.view of it),
// "replay": {"exit", "stdout", "stderr"} (`python -m console replay` on it, or null)}], written by
// tests/console/test_engine_agreement.py. Prints each difference, then "N passed, M failed";
// exits 1 on any difference.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [casesPath, zipPath, pyodideDir, stdlibPath] = process.argv.slice(2);
const require = createRequire(import.meta.url);
const engine = require(resolve(import.meta.dirname ?? new URL(".", import.meta.url).pathname, "../../../static/console/engine.js"));

function canonical(value) {
  if (Array.isArray(value)) return "[" + value.map(canonical).join(",") + "]";
  if (value && typeof value === "object") {
    return "{" + Object.keys(value).sort().map((k) => JSON.stringify(k) + ":" + canonical(value[k])).join(",") + "}";
  }
  return JSON.stringify(value);
}

const started = Date.now();
await engine.load({
  pyodideModule: pathToFileURL(resolve(pyodideDir, "pyodide.mjs")).href,
  indexURL: resolve(pyodideDir) + "/",
  stdLibURL: resolve(stdlibPath),
  coreZip: new Uint8Array(readFileSync(zipPath)),
});
const loadMs = Date.now() - started;
const cases = JSON.parse(readFileSync(casesPath, "utf-8"));
let passed = 0, failed = 0;
const t0 = Date.now();
for (const c of cases) {
  const problems = [];
  const got = engine.view(JSON.parse(c.text));
  if (canonical(got) !== canonical(c.view)) problems.push("view differs: " + canonical(got).slice(0, 300));
  if (c.replay) {
    const r = engine.replayText(c.text);
    if (r.exit !== c.replay.exit || r.stdout !== c.replay.stdout || r.stderr !== c.replay.stderr) {
      problems.push(`replay differs: exit ${r.exit} vs ${c.replay.exit}; stdout ${r.stdout.slice(0, 200)}`);
    }
  }
  if (problems.length) {
    failed += 1;
    console.log(`DIFFERENT ${c.name}: ${problems.join("; ")}`);
  } else passed += 1;
}
console.log(`engine loaded in ${loadMs} ms; ${cases.length} cases in ${Date.now() - t0} ms`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
