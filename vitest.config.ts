import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';

export default defineConfig({
  // Gives unit tests WXT's fake browser (fakeBrowser from wxt/testing) and its module aliases.
  plugins: [WxtVitest()],
  test: {
    include: [
      'lib/**/*.test.ts',
      'server/**/*.test.ts',
      'entrypoints/**/*.test.ts',
      'components/**/*.test.tsx',
      'test/**/*.test.ts',
    ],
    // The end-to-end suites start real service processes, a DNS server and Chromium; give them room on 2 cores.
    testTimeout: 30_000,
    // Answers cross the page, the worker, a proxy and a service process: a second is too tight on 2 busy cores.
    expect: { poll: { timeout: 5_000 } },
    globalSetup: ['test/e2e/support/build-extension.ts'],
    hookTimeout: 120_000,
  },
});
