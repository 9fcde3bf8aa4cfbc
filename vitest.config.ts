import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';

/**
 * Two projects. `unit`: the tests beside their code, with WXT's fake browser, in seconds and without a
 * build (`npm run test:unit`). `suite`: everything under test/: end to end in real browsers with the built
 * extension, the service as a black box, the corpora. `npm test` runs both.
 */
export default defineConfig({
  // Gives unit tests WXT's fake browser (fakeBrowser from wxt/testing) and its module aliases.
  plugins: [WxtVitest()],
  test: {
    // The end-to-end suites start real service processes, a DNS server and Chromium; give them room on 2 cores.
    testTimeout: 30_000,
    // Answers cross the page, the worker (started cold at times), a proxy and a service process: on 2 busy
    // cores, or a machine three times slower, a first answer took over 5 s. A poll ends when it holds.
    expect: { poll: { timeout: 15_000 } },
    // Components and lib/ get their words from browser.i18n; the fake browser answers from messages.json.
    setupFiles: ['test/support/fake-i18n.ts'],
    hookTimeout: 120_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'lib/**/*.test.{ts,tsx}',
            'server/**/*.test.ts',
            'entrypoints/**/*.test.{ts,tsx}',
            'components/**/*.test.{ts,tsx}',
            'test/support/**/*.test.ts',
          ],
        },
      },
      {
        extends: true,
        test: {
          name: 'suite',
          include: ['test/**/*.test.ts'],
          exclude: ['test/support/**'],
          // Builds the extension for both browsers once per run, for the end-to-end suites.
          globalSetup: ['test/e2e/support/build-extension.ts'],
        },
      },
    ],
  },
});
