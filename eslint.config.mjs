// The JavaScript's linter (eslint, pinned in package.json; `make test` runs it before the tests).
// The pages' scripts are ES modules in the browser; two files are classic scripts on purpose:
// engine.js (a <script> whose own tag tells it where Pyodide is, and which node requires in
// tests/console/js/agree.mjs) and sw.js (a service worker, served with its constants written
// before it by console/offline.py).
import js from "@eslint/js";
import globals from "globals";

export default [
  { ignores: ["node_modules/", "staticfiles/", ".venv/"] },
  js.configs.recommended,
  {
    rules: {
      "no-unused-vars": ["error", { args: "none", caughtErrors: "none" }],
      "no-var": "error",
      "prefer-const": "error",
      eqeqeq: ["error", "always", { null: "ignore" }],
    },
  },
  {
    files: ["static/**/*.js"],
    languageOptions: { sourceType: "module", globals: { ...globals.browser } },
  },
  {
    files: ["static/console/engine.js"],
    languageOptions: { sourceType: "script", globals: { ...globals.browser, ...globals.commonjs } },
    rules: { "no-var": "off", "prefer-const": "off" },
  },
  {
    files: ["static/console/sw.js"],
    languageOptions: { sourceType: "script", globals: { ...globals.serviceworker } },
    rules: { "no-var": "off", "prefer-const": "off" },
  },
  {
    files: ["tests/**/*.mjs", "tests/**/*.js", "eslint.config.mjs"],
    languageOptions: { sourceType: "module", globals: { ...globals.node } },
  },
];
