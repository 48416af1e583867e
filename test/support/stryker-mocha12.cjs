// Lets @stryker-mutator/mocha-runner 9.x load mocha 12.
//
// The runner reads mocha's CLI helpers with extensionless requires
// (`mocha/lib/cli/run-helpers`, `…/options`, `…/collect-files`). Mocha 12 became an ES module
// package and renamed those helpers to `.cjs`, which Node's CommonJS resolver does not try, so
// importing the runner throws before it can register (stryker-js PR #6205, still open).
// Registering `.cjs` as a CommonJS extension makes the resolver try it; it loads `.cjs` files
// exactly as Node does without it (Node already falls back to the `.js` loader for them).
//
// stryker.config.mjs requires this file in Stryker's own process and passes it with `--require`
// to every test-runner process. Only `npm run mutation` loads it; the tests' own processes never
// do (test/architecture/mutation-sandbox.test.ts reads stryker.config.mjs in a process of its own).
'use strict';
const Module = require('node:module');

if (!Object.hasOwn(Module._extensions, '.cjs')) {
  Module._extensions['.cjs'] = Module._extensions['.js'];
}
