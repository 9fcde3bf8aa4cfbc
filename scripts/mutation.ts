/**
 * `npm run mutation [-- SCOPE...] [FLAGS]`: mutation testing of the core (stryker.config.mjs says how).
 * Arguments that name a file or folder are the scope; the rest go to `stryker run` (`--incremental`, ...).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const args = process.argv.slice(2);
const scope = args.filter((arg) => !arg.startsWith('-') && existsSync(arg));
const flags = args.filter((arg) => !scope.includes(arg));

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
