/* The console's rules in the browser: the Python core (engines/console/) itself, run by Pyodide.
 *
 * There is no JavaScript port of the rules. This file loads Pyodide (the npm package pinned in
 * package.json, served at static/pyodide/), unpacks the core's sources (/judge/console/core.zip,
 * console/offline.py) and calls the same functions the server calls:
 *
 *   MafiaEngine.ready          a Promise, resolved once the core is loaded (the first use of
 *                              `ready` or `load()` starts the download: about 12 MB, kept by the
 *                              service worker, static/console/sw.js)
 *   MafiaEngine.view(doc)      engines.console.view(doc): {state, trace, timer, legal, mapped, refused},
 *                              what the server's view gives without its index (engines/console/view.py)
 *   MafiaEngine.replay(doc)    the replay result, `python -m console replay` parsed
 *   MafiaEngine.replayText(d)  {exit, stdout, stderr} of `python -m console replay` on `d` (an
 *                              object, or the file's text as is)
 *
 * Where the files are: the script tag's data-pyodide-url, data-core-url and data-stdlib-url, else
 * static/pyodide/ beside this script, /judge/console/core.zip and /judge/console/stdlib.zip (Pyodide's
 * standard library trimmed to what the core imports, console/pyodide_stdlib.py). In node
 * (tests/console/js/agree.mjs) the same file is required and `load({pyodideModule, indexURL,
 * stdLibURL, coreZip})` is given paths and the zip's bytes.
 */
(function (root) {
  "use strict";

  // The glue: JSON text in, JSON text out, so both sides see exactly what the server would send.
  var GLUE = [
    "import json, sys",
    "sys.path.insert(0, '/home/pyodide/mafia-core')",
    "from engines.console import view as _view",
    "from engines.console.cli import run_replay as _run_replay",
    "def mafia_view(text):",
    "    return json.dumps(_view(json.loads(text)), ensure_ascii=False)",
    "def mafia_replay(text):",
    "    with open('/tmp/mafia-log.json', 'w', encoding='utf-8') as f:",
    "        f.write(text)",
    "    return json.dumps(_run_replay('/tmp/mafia-log.json'))",
  ].join("\n");

  function scriptUrls() {
    var doc = root.document;
    var script = doc && (doc.currentScript || doc.querySelector('script[src*="console/engine"]'));
    var own = script ? script.src : "";
    var base = own ? new URL("../pyodide/", own).href : "/static/pyodide/";
    return {
      pyodide: (script && script.dataset.pyodideUrl) ? new URL(script.dataset.pyodideUrl, root.location.href).href : base,
      core: (script && script.dataset.coreUrl) || "/judge/console/core.zip",
      stdlib: (script && script.dataset.stdlibUrl) || "/judge/console/stdlib.zip",
    };
  }

  function createEngine(defaults) {
    var py = null, viewFn = null, replayFn = null, loading = null, loadedIn = null;
    var timings = {};  // ms from the start of load(): module imported, Pyodide started, core ready

    function load(options) {
      if (loading) return loading;
      options = options || {};
      var started = Date.now();
      loading = (async function () {
        var moduleUrl = options.pyodideModule || (defaults.pyodide + "pyodide.mjs");
        var mod = await import(moduleUrl);
        timings.module = Date.now() - started;
        var zip = options.coreZip;
        var zipPromise = zip ? Promise.resolve(zip) : fetch(defaults.core, { credentials: "same-origin" }).then(function (r) {
          if (!r.ok) throw new Error("the console core could not be fetched: HTTP " + r.status);
          return r.arrayBuffer();
        });
        py = await mod.loadPyodide({ indexURL: options.indexURL || defaults.pyodide, fullStdLib: false,
          stdLibURL: options.stdLibURL || defaults.stdlib || undefined });
        timings.pyodide = Date.now() - started;
        py.unpackArchive(await zipPromise, "zip", { extractDir: "/home/pyodide/mafia-core" });
        py.runPython(GLUE);
        viewFn = py.globals.get("mafia_view");
        replayFn = py.globals.get("mafia_replay");
        loadedIn = timings.core = Date.now() - started;
        return api;
      })();
      loading.catch(function () { loading = null; });  // a failed load may be tried again
      return loading;
    }

    function needLoaded() {
      if (!viewFn) throw new Error("MafiaEngine is not loaded yet: wait for MafiaEngine.ready");
    }

    var api = {
      load: load,
      get ready() { return load(); },
      get loaded() { return !!viewFn; },
      get loadMs() { return loadedIn; },
      get timings() { return Object.assign({}, timings); },
      view: function (doc) {
        needLoaded();
        return JSON.parse(viewFn(JSON.stringify(doc)));
      },
      replayText: function (doc) {
        needLoaded();
        var out = JSON.parse(replayFn(typeof doc === "string" ? doc : JSON.stringify(doc)));
        return { exit: out[0], stdout: out[1], stderr: out[2] };
      },
      replay: function (doc) {
        var out = api.replayText(doc);
        return out.stdout ? JSON.parse(out.stdout) : null;
      },
    };
    return api;
  }

  var engine = createEngine(root.document ? scriptUrls() : { pyodide: "", core: "", stdlib: "" });
  root.MafiaEngine = engine;
  if (typeof module === "object" && module.exports) module.exports = engine;
})(typeof window !== "undefined" ? window : globalThis);
