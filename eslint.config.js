// ESLint for the browser client (src/cribkit/web/static) and its unit tests (tests/js).
import js from "@eslint/js";
import globals from "globals";

const STATIC = "src/cribkit/web/static";

export default [
  { ignores: ["node_modules/", ".venv/", ".venv-*/"] },
  js.configs.recommended,
  {
    files: ["**/*.js"],
    languageOptions: { ecmaVersion: 2022, sourceType: "module" },
    rules: {
      eqeqeq: ["error", "always"],
      "no-var": "error",
      "prefer-const": "error",
      "no-unused-vars": ["error", { args: "after-used", ignoreRestSiblings: true }],
    },
  },
  // The client runs in the browser, but for its pure logic (logic/): the unit tests import that
  // in node, so it may use no DOM and no browser global (only the language's own).
  {
    files: [`${STATIC}/**/*.js`],
    ignores: [`${STATIC}/logic/**`],
    languageOptions: { globals: globals.browser },
  },
  // The service worker runs in its own global scope (caches, clients, skipWaiting).
  {
    files: [`${STATIC}/sw.js`],
    languageOptions: { globals: globals.serviceworker },
  },
  // The unit tests and this file run in node.
  {
    files: ["tests/js/**/*.js", "eslint.config.js"],
    languageOptions: { globals: globals.node },
  },
];
