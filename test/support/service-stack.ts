import { afterAll, beforeAll, expect } from 'vitest';
import { BACKENDS, type Backend, backendsForFile } from './backends.ts';
import { type DnsFixtureServer, startDnsFixtureServer } from './dns-fixture-server.ts';
import type { PostgresServer } from './postgres-server.ts';
import { type ServiceOptions, type ServiceProcess, startServiceProcess } from './service-process.ts';
import { closeAll } from './teardown.ts';

export { BACKENDS, type Backend };

/**
 * How long the service waits for one DNS answer. The fixture server answers on loopback in well under a
 * millisecond; this leaves a loaded machine, or one three times slower, room, and keeps a suite that asks a
 * server that never answers (`dns-timeout.example.com`) short.
 */
export const FIXTURE_DNS_TIMEOUT_MS = 400;

/**
 * What a suite of the service runs against: DNS on loopback with the fixture zones, the real service on a
 * database of its own (a SQLite file, or one on PostgreSQL), and a key.
 */
export interface ServiceStack {
  dns: DnsFixtureServer;
  /** The suite's service process. */
  service: ServiceProcess;
  /** A key with the credits asked for; '' when none were. */
  key: string;
  /**
   * Starts another service process on the stack's DNS, with the stack's environment and `env` over it, on a
   * new database of the stack's kind, or on the one `env` names (`...other.databaseEnv` to share one).
   * The stack stops it when it stops, if the test has not.
   */
  startService(
    env?: Record<string, string>,
    options?: Omit<ServiceOptions, 'postgres'>,
  ): Promise<ServiceProcess>;
  close(): Promise<void>;
}

export interface ServiceStackOptions {
  /** The service's environment beside DNS_SERVERS (the fixture server) and DNS_TIMEOUT_MS, which it may override. */
  env?: Record<string, string>;
  /** Creates a key with these credits. */
  credits?: number;
  /** Runs the service on a new database on this PostgreSQL server; on a new SQLite file without it. */
  postgres?: PostgresServer | undefined;
  /** With `false`, the stack starts no service of its own: its tests start theirs with `startService`. */
  service?: boolean;
}

/** Starts the DNS fixture server, then the service pointed at it, then makes the key. */
export async function startServiceStack(options: ServiceStackOptions = {}): Promise<ServiceStack> {
  const { env = {}, credits, postgres, service: startOwn = true } = options;
  const dns = await startDnsFixtureServer();
  const baseEnv = { DNS_SERVERS: dns.address, DNS_TIMEOUT_MS: String(FIXTURE_DNS_TIMEOUT_MS), ...env };
  const started: ServiceProcess[] = [];
  const startService: ServiceStack['startService'] = async (more = {}, serviceOptions = {}) => {
    const ownDatabase = !more.DATABASE_PATH && !more.DATABASE_URL;
    const running = await startServiceProcess(
      { ...baseEnv, ...more },
      { ...serviceOptions, postgres: ownDatabase ? postgres : undefined },
    );
    started.push(running);
    return running;
  };
  const stack: ServiceStack = {
    dns,
    service: undefined as unknown as ServiceProcess,
    key: '',
    startService,
    close: () =>
      closeAll({
        ...Object.fromEntries(
          [...started].reverse().map((running) => [`service on ${running.baseUrl}`, () => running.stop()]),
        ),
        'DNS fixture server': dns,
      }),
  };
  try {
    if (startOwn) stack.service = await startService();
    if (credits !== undefined) stack.key = await stack.service.createKey({ credits });
  } catch (error) {
    await stack.close();
    throw error;
  }
  return stack;
}

/**
 * The stack for the suite it is called in: started before its first test and stopped after its last. The
 * object is filled in when the suite starts, so tests read its fields, never a copy taken while tests are
 * collected. `options` may be a function, for what is known only then (a PostgreSQL server).
 */
export function useServiceStack(
  options: ServiceStackOptions | (() => ServiceStackOptions) = {},
): ServiceStack {
  const stack = {} as ServiceStack;
  let started: ServiceStack | undefined;
  beforeAll(async () => {
    started = await startServiceStack(typeof options === 'function' ? options() : options);
    Object.assign(stack, started);
  });
  afterAll(() => closeAll({ 'service stack': started }));
  return stack;
}

/**
 * The service stacks of one test file of the service's suites, which run on each storage backend: one
 * PostgreSQL server for the file (started before its first suite, stopped after its last), and a stack per
 * suite on the backend it names.
 */
export function serviceStacksForFile() {
  const backends = backendsForFile();
  return {
    /** The stack of the suite it is called in, on `backend`. */
    useStack(backend: Backend, options: Omit<ServiceStackOptions, 'postgres'> = {}): ServiceStack {
      return useServiceStack(() => ({ ...options, postgres: backends.postgresFor(backend) }));
    },
    /** The file's PostgreSQL server, for a test that stops and starts it. */
    postgres(): PostgresServer {
      return backends.postgresFor('PostgreSQL') ?? expect.unreachable('PostgreSQL did not start');
    },
  };
}
