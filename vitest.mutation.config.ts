import { configDefaults, defineConfig } from 'vitest/config';
import base from './vitest.config.ts';

/**
 * The unit tests as mutation testing runs them (stryker.config.mjs names the files): the project's config
 * with WXT's plugin and setup files, less the globalSetup that builds the extension for the end-to-end
 * suites, and less the timing tests (`*.speed.test.ts`): instrumented code is far too slow to time, and a
 * mutant that only slows the code changes no answer.
 */
export default defineConfig({
  ...base,
  test: {
    ...base.test,
    globalSetup: [],
    exclude: [...(base.test?.exclude ?? configDefaults.exclude), '**/*.speed.test.ts'],
  },
});
