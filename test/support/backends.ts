import { afterAll, beforeAll, expect } from 'vitest';
import { type DnsFixtureServer, startDnsFixtureServer } from './dns-fixture-server.ts';
import { type PostgresServer, startPostgres } from './postgres-server.ts';

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
  afterAll(async () => {
    await server?.stop();
  });
  return {
    postgresFor(backend: Backend): PostgresServer | undefined {
      if (backend === 'SQLite') return undefined;
      return server ?? expect.unreachable('PostgreSQL did not start');
    },
  };
}

/**
 * Starts the DNS fixture server for the test file, before its first suite, and stops it after its last. Its
 * address and the queries it saw are read through the object returned, once the file's suites run.
 */
export function dnsFixtureForFile(): Pick<DnsFixtureServer, 'address' | 'queries'> {
  let server: DnsFixtureServer | undefined;
  beforeAll(async () => {
    server = await startDnsFixtureServer();
  });
  afterAll(async () => {
    await server?.close();
  });
  const started = () => server ?? expect.unreachable('the DNS fixture server did not start');
  return {
    get address() {
      return started().address;
    },
    get queries() {
      return started().queries;
    },
  };
}
