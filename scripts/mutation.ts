/**
 * `npm run mutation [-- SCOPE...] [FLAGS]`: mutation testing of the core (stryker.config.mjs says how).
 * The arguments before the first flag are the scope; the flags and their values go to `stryker run`
 * (`--incremental`, `--incrementalFile coverage/mutation/server.json`, ...). A flag's value is never taken
 * for a scope, though it names a file that exists.
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const args = process.argv.slice(2);
const firstFlag = args.findIndex((arg) => arg.startsWith('-'));
const scope = firstFlag === -1 ? args : args.slice(0, firstFlag);
const flags = firstFlag === -1 ? [] : args.slice(firstFlag);

// The package exports no path to its command, so it is found beside its package.json.
const core = dirname(createRequire(import.meta.url).resolve('@stryker-mutator/core/package.json'));
const run = spawnSync(
  process.execPath,
  [join(core, 'bin/stryker.js'), 'run', 'stryker.config.mjs', ...flags],
  {
    stdio: 'inherit',
    env: { ...process.env, ...(scope.length > 0 && { MUTATION_SCOPE: scope.join(',') }) },
  },
);
process.exit(run.status ?? 1);
