import { afterAll, beforeAll } from 'vitest';
import { type DnsFixtureServer, startDnsFixtureServer } from './dns-fixture-server.ts';
import type { PostgresServer } from './postgres-server.ts';
import { type ServiceProcess, startServiceProcess } from './service-process.ts';

/** What a service suite runs against: DNS on loopback with the fixture zones, the real service, a key. */
export interface ServiceStack {
  dns: DnsFixtureServer;
  service: ServiceProcess;
  key: string;
}

export interface ServiceStackOptions {
  /** The service's environment beside DNS_SERVERS, which points at the fixture server. */
  env: Record<string, string>;
  /** The key's credits. */
  credits: number;
  /** PostgreSQL, when the suite runs on it (as `backendsForFile().postgresFor(backend)` says, read at start). */
  postgres: () => PostgresServer | undefined;
}

/**
 * Starts the stack before the suite's first test and stops it after its last. The object it returns is
 * filled in when the suite starts, so tests read its fields, never a copy taken while tests are collected.
 */
export function useServiceStack({ env, credits, postgres }: ServiceStackOptions): ServiceStack {
  const stack = {} as ServiceStack;
  beforeAll(async () => {
    stack.dns = await startDnsFixtureServer();
    stack.service = await startServiceProcess(
      { DNS_SERVERS: stack.dns.address, ...env },
      { postgres: postgres() },
    );
    stack.key = await stack.service.createKey({ credits });
  });
  afterAll(async () => {
    await stack.service?.stop();
    await stack.dns?.close();
  });
  return stack;
}
