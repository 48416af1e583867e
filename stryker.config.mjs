// StrykerJS mutation testing of domain/ against the domain tests: `npm run mutation`.
// Not part of `npm test` (it takes minutes). docs/mutation-testing.md explains the run and its figures.
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const mocha12Shim = fileURLToPath(new URL('./test/support/stryker-mocha12.cjs', import.meta.url));
createRequire(import.meta.url)(mocha12Shim);

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  mutate: ['domain/**/*.ts'],
  testRunner: 'mocha',
  testRunnerNodeArgs: ['--require', mocha12Shim, '--import', 'tsx/esm'],
  // Stryker's checker process loads every plugin too (no checker is configured).
  checkerNodeArgs: ['--require', mocha12Shim],
  mochaOptions: {
    spec: ['test/domain/**/*.test.ts'],
    extension: ['ts'],
  },
  coverageAnalysis: 'perTest',
  concurrency: 1,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  // The sandbox needs only the domain, its tests and their fixtures, the test environment that
  // .mocharc.json requires (Stryker's mocha runner reads that file), the two adapters that read the
  // bank's accounts and consent answers (the tests build their inputs with them) and the wire
  // types they name (plus package.json and tsconfig.json, which tsx reads).
  // test/architecture/mutation-sandbox.test.ts fails when something they load is left out.
  ignorePatterns: [
    '/*',
    '!/domain',
    '!/adapters',
    '/adapters/*',
    '!/adapters/account-answer.reader.ts',
    '!/adapters/consent-detail.reader.ts',
    '!/contract',
    '!/test',
    '/test/*',
    '!/test/domain',
    '!/test/fixtures',
    '!/test/support',
    '!/package.json',
    '!/tsconfig.json',
  ],
  // Stryker rewrites the sandbox's tsconfig.json with the TypeScript compiler API, which TypeScript
  // 7 no longer has (ts.parseConfigFileTextToJson). This project's tsconfig.json has no `extends`
  // or `references` to rewrite, so point that step at a file that does not exist.
  tsconfigFile: 'no-tsconfig-to-rewrite.json',
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
  thresholds: { high: 95, low: 90, break: null },
};
