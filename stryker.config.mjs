// @ts-check
/**
 * Mutation testing of the core with the unit tests beside it (StrykerJS and its vitest runner). Not part of
 * `npm test` nor of CI: lib/core/email alone takes about 25 minutes on 2 shared cores. docs/mutation-testing.md
 * has the scores and the equivalent mutants left.
 *
 *   npm run mutation                          lib/core/email: the address-extraction core (the default scope)
 *   npm run mutation -- lib/core/catalog           any folder of the core, with the *.test.ts files inside it
 *   npm run mutation -- lib/core/email/extract.ts  one file, with the tests of its folder
 *   npm run mutation -- lib/core/email --incremental   flags after the scope go to `stryker run`
 *
 * The scope reaches this file as MUTATION_SCOPE (comma-separated paths; scripts/mutation.ts sets it). The
 * report is written to coverage/mutation/ (index.html, and mutation.json for tooling).
 */
import { statSync } from 'node:fs';
import { dirname } from 'node:path';

const TESTS = '*.test.{ts,tsx}';
const scopes = (process.env.MUTATION_SCOPE || 'lib/core/email')
  .split(',')
  .map((scope) => scope.replace(/\/+$/, ''));

/** @param {string} scope */
function isFolder(scope) {
  try {
    return statSync(scope).isDirectory();
  } catch {
    throw new Error(`mutation scope ${scope}: no such file or folder`);
  }
}

const mutate = scopes.flatMap((scope) =>
  isFolder(scope) ? [`${scope}/**/*.{ts,tsx}`, `!${scope}/**/${TESTS}`] : [scope],
);
// An area's corpus and property tests sit in its folder too (extraction-corpus, properties, the catalog's
// accuracy tests), so the tests of a file's folder include them.
const tests = scopes.map((scope) =>
  isFolder(scope) ? `${scope}/**/${TESTS}` : `${dirname(scope)}/${TESTS}`,
);

// The tests reach vitest.mutation.config.ts in the environment its workers inherit, not as Stryker's
// `testFiles`: with `testFiles`, Stryker 9.6 activates a mutant of module-level code (a table, a regular
// expression) only after the module is loaded, and reports it survived (stryker-js issue 6144).
process.env.MUTATION_TESTS = JSON.stringify([...new Set(tests)]);

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  // The project's vitest config less its globalSetup, which builds the extension for the end-to-end suites.
  vitest: { configFile: 'vitest.mutation.config.ts', related: false },
  plugins: ['@stryker-mutator/vitest-runner'],
  mutate,
  coverageAnalysis: 'perTest',
  // The machine's 2 cores are shared with browsers and builds: one test runner at a time.
  concurrency: 1,
  // A busy machine slows a test run now and then; a mutant that only slows the code is not a hang.
  timeoutMS: 10_000,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'coverage/mutation/index.html' },
  jsonReporter: { fileName: 'coverage/mutation/mutation.json' },
  incrementalFile: 'coverage/mutation/incremental.json',
  // Inside a folder git already ignores, so a stopped run leaves nothing to commit.
  tempDirName: '.cache/stryker',
  cleanTempDir: 'always',
  // Anchored at the root: a bare `data` also left lib/core/catalog/data/ out of the sandbox, so the catalog's tests
  // failed to load there and every mutant of lib/core/catalog but spf.ts was reported not covered.
  ignorePatterns: ['/.output', '/data', '/coverage', '/docs'],
  thresholds: { high: 85, low: 70, break: null },
};
