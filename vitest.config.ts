import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['lib/**/*.test.ts', 'server/**/*.test.ts', 'test/**/*.test.ts'],
    // The conformance suite starts real service processes and a DNS server; give them room on a 2-core machine.
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
