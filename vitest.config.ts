import { configDefaults, defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';

/** Tests beside their code, and the support folder's tests of its own measures. */
const BESIDE_THE_CODE = [
  'lib/**/*.test.{ts,tsx}',
  'server/**/*.test.ts',
  'entrypoints/**/*.test.{ts,tsx}',
  'components/**/*.test.{ts,tsx}',
  'scripts/**/*.test.ts',
  'test/support/**/*.test.ts',
];
/** Timing tests: they grow an input and compare times within the run (test/support/linear-time.ts). */
const TIMING_TESTS = BESIDE_THE_CODE.map((pattern) => pattern.replace('*.test.', '*.speed.test.'));

/**
 * Four projects, run in this order by `npm test`:
 * - `unit` (`npm run test:unit`): the tests beside their code, with WXT's fake browser, without a build.
 * - `server`: test/server, the service as a black box: real processes, DNS and databases; no build.
 * - `e2e`: test/e2e, real browsers with the built extension; its global setup builds the extension for
 *   both browsers first.
 * - `speed` (`npm run test:speed`): the timing tests, one file at a time after everything else, so that no
 *   other test shares the cores while one compares its times.
 */
export default defineConfig({
  // Gives unit tests WXT's fake browser (fakeBrowser from wxt/testing) and its module aliases.
  plugins: [WxtVitest()],
  resolve: {
    // WXT's stand-in for wxt/browser takes the fake browser from wxt/testing, whose index also loads WXT's
    // build tooling for the vitest plugin: over a second in every test file. The fake browser is all it needs.
    alias: [{ find: /^wxt\/testing$/, replacement: 'wxt/testing/fake-browser' }],
  },
  test: {
    // The end-to-end suites start real service processes, a DNS server and Chromium; give them room on 2 cores.
    testTimeout: 30_000,
    // Answers cross the page, the worker (started cold at times), a proxy and a service process: on 2 busy
    // cores, or a machine three times slower, a first answer took over 5 s. A poll ends when it holds.
    expect: { poll: { timeout: 15_000 } },
    // Components and lib/ get their words from browser.i18n; the fake browser answers from messages.json.
    setupFiles: ['test/support/fake-i18n.ts'],
    // A teardown's own waits end well before this (closeAll's 90 s, test/support/teardown.ts), saying what
    // they still wait for, where this would only say that a hook timed out.
    hookTimeout: 120_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: BESIDE_THE_CODE,
          exclude: [...configDefaults.exclude, '**/*.speed.test.*'],
          // Worker threads start faster than processes, and unit tests use every core: they spend their
          // time computing, and vitest's own process waits meanwhile.
          pool: 'threads',
          maxWorkers: '100%',
        },
      },
      {
        extends: true,
        test: { name: 'server', include: ['test/server/**/*.test.ts'], sequence: { groupOrder: 1 } },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          // Builds the extension for both browsers once per run.
          globalSetup: ['test/support/build-extension.ts'],
          sequence: { groupOrder: 2 },
        },
      },
      {
        extends: true,
        test: {
          name: 'speed',
          include: TIMING_TESTS,
          maxWorkers: 1,
          sequence: { groupOrder: 3 },
        },
      },
    ],
  },
});
