/**
 * How a production install is made and run: production-install.test.ts runs these, and
 * container-recipe.test.ts holds the Dockerfile to them, so the container runs nothing the tests do not.
 */

/** What the install reads: the manifest and the lockfile, copied first (a container build caches it). */
export const INSTALL_INPUTS = ['package.json', 'package-lock.json'] as const;

/**
 * The production install: the service's packages only. `--prefer-offline` takes what npm's cache holds (the
 * test machine's every package), and asks the registry for the rest.
 */
export const INSTALL_COMMAND = ['npm', 'ci', '--omit=dev', '--prefer-offline', '--no-audit', '--no-fund'];

/** What the service needs at run time beside its packages, copied after the install. */
export const SERVICE_FILES = ['server', 'lib', 'docs/openapi.yaml'] as const;

/** The service itself, not npm: npm and sh do not pass SIGTERM on to it. */
export const START_COMMAND = ['node', '--import', 'tsx', 'server/main.ts'];

/** The keys commands, as an operator runs them from a production install. */
export const KEYS_COMMAND = ['npm', 'run', '--silent', 'server', '--', 'keys'];
