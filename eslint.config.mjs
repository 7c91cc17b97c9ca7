// The JavaScript's linter (eslint, pinned in package.json; `make test` runs it before the tests).
// The pages' scripts are ES modules in the browser; two files are classic scripts on purpose:
// engine.js (a <script> whose own tag tells it where Pyodide is, and which node requires in
// tests/console/js/agree.mjs), sw.js (a service worker, served with its constants written
// before it by console/offline.py) and push_sw.js (the player's page's service worker for web push).
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
    files: ["static/push_sw.js"],
    languageOptions: { sourceType: "script", globals: { ...globals.serviceworker } },
  },
  {
    files: ["tests/**/*.mjs", "tests/**/*.js", "eslint.config.mjs"],
    languageOptions: { sourceType: "module", globals: { ...globals.node } },
  },
];
