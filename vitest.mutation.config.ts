import { configDefaults, defineConfig } from 'vitest/config';
import base from './vitest.config.ts';

/**
 * The unit tests as mutation testing runs them: those stryker.config.mjs names for the scope (a JSON
 * list in MUTATION_TESTS), with the project's WXT plugin and setup files, less the globalSetup that builds the
 * extension for the end-to-end suites, and less the timing tests (`*.speed.test.ts`): instrumented code is
 * far too slow to time, and a mutant that only slows the code changes no answer.
 */
export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: JSON.parse(process.env.MUTATION_TESTS ?? '["lib/core/email/**/*.test.ts"]'),
    globalSetup: [],
    exclude: [...(base.test?.exclude ?? configDefaults.exclude), '**/*.speed.test.ts'],
  },
});
