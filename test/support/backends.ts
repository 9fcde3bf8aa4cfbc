import { afterAll, beforeAll, expect } from 'vitest';
import { type PostgresServer, startPostgres } from './postgres-server.ts';
import { closeAll } from './teardown.ts';

/** The storage backends every suite of the service runs against. */
export const BACKENDS = ['SQLite', 'PostgreSQL'] as const;
export type Backend = (typeof BACKENDS)[number];

/**
 * Starts one PostgreSQL server for the test file, before its first suite, and stops it after its last.
 * `postgresFor(backend)` is that server for suites on PostgreSQL, and undefined on SQLite (each service or
 * storage there makes its own file). Fails, never skips, when PostgreSQL is not installed.
 */
export function backendsForFile() {
  let server: PostgresServer | undefined;
  beforeAll(async () => {
    server = await startPostgres();
  });
  afterAll(() => closeAll({ PostgreSQL: server && (() => server?.stop()) }));
  return {
    postgresFor(backend: Backend): PostgresServer | undefined {
      if (backend === 'SQLite') return undefined;
      return server ?? expect.unreachable('PostgreSQL did not start');
    },
  };
}
