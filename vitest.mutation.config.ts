import type { RunnerTestCase } from 'vitest';
import { configDefaults, defineConfig } from 'vitest/config';
import type { Reporter, Vitest } from 'vitest/node';
import base from './vitest.config.ts';

/**
 * Gives a test file that failed to load (its import threw) one failed test carrying its error. Stryker's
 * vitest runner builds a mutant's verdict from the tests it collected, and such a file collects none: a
 * mutant that stops a module from loading (a table built at load that now throws) was reported survived,
 * and a file missing from the sandbox went unnoticed (stryker-js issue 6150, in 9.6.1 and 10.0.0). With
 * this reporter the first is killed and the second fails the initial test run. The cast: vitest types a
 * test with a context only it can build, and nothing reads one once the run has ended.
 */
function unloadableFileAsFailedTest(): Reporter {
  let vitest: Vitest | undefined;
  return {
    onInit(ctx) {
      vitest = ctx;
    },
    onTestRunEnd() {
      for (const file of vitest?.state.getFiles() ?? []) {
        if (file.result?.state !== 'fail' || file.tasks.length > 0) continue;
        file.tasks.push({
          type: 'test',
          id: `${file.id}_load`,
          name: 'loads',
          mode: 'run',
          file,
          suite: file,
          meta: {},
          result: { state: 'fail', errors: file.result.errors },
        } as unknown as RunnerTestCase);
      }
    },
  };
}

/**
 * The unit tests as mutation testing runs them: those stryker.config.mjs names for the scope (a JSON
 * list in MUTATION_TESTS), with the project's WXT plugin and setup files, as one project (no build for the
 * end-to-end suites), and less the timing tests (`*.speed.test.ts`): instrumented code is
 * far too slow to time, and a mutant that only slows the code changes no answer.
 */
const { projects: _projects, ...baseTest } = base.test ?? {};

export default defineConfig({
  ...base,
  test: {
    ...baseTest,
    include: JSON.parse(process.env.MUTATION_TESTS ?? '["lib/core/email/**/*.test.ts"]'),
    exclude: [...(base.test?.exclude ?? configDefaults.exclude), '**/*.speed.test.ts'],
    reporters: ['default', unloadableFileAsFailedTest()],
  },
});
