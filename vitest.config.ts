import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';

export default defineConfig({
  // Gives unit tests WXT's fake browser (fakeBrowser from wxt/testing) and its module aliases.
  plugins: [WxtVitest()],
  test: {
    include: [
      'lib/**/*.test.{ts,tsx}',
      'server/**/*.test.ts',
      'entrypoints/**/*.test.ts',
      'components/**/*.test.tsx',
      'test/**/*.test.ts',
    ],
    // The end-to-end suites start real service processes, a DNS server and Chromium; give them room on 2 cores.
    testTimeout: 30_000,
    // Answers cross the page, the worker (started cold at times), a proxy and a service process: on 2 busy
    // cores, or a machine three times slower, a first answer took over 5 s. A poll ends when it holds.
    expect: { poll: { timeout: 15_000 } },
    globalSetup: ['test/e2e/support/build-extension.ts'],
    // Components and lib/ get their words from browser.i18n; the fake browser answers from messages.json.
    setupFiles: ['test/support/fake-i18n.ts'],
    hookTimeout: 120_000,
  },
});
