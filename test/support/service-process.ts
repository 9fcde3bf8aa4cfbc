import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { API_PATH } from '#core/webmail-info.ts';
import { Accounts } from '../../server/accounts.ts';
import { loadConfig } from '../../server/config.ts';
import { openStorage } from '../../server/storage/open-storage.ts';
import type { Storage } from '../../server/storage/storage.ts';
import { documentedFetch } from './openapi-answers.ts';
import type { PostgresServer } from './postgres-server.ts';
import { endProcess, KILL_WAIT_MS, runningChild, SERVER_CLOSE_MS, within } from './teardown.ts';

const ROOT = new URL('../..', import.meta.url).pathname;
const STARTUP_TIMEOUT_MS = 15_000;
/** The service's own default for SHUTDOWN_TIMEOUT_SECONDS (server/config.ts), when the test sets none. */
const DEFAULT_SHUTDOWN_SECONDS = 10;
/** Beyond its SHUTDOWN_TIMEOUT_SECONDS, the time a service has to close its database and exit on SIGTERM. */
const EXIT_MARGIN_MS = 10_000;

/** The service's answer to a lookup: its status, its body (parsed where it is JSON) and its headers. */
export interface LookupAnswer {
  status: number;
  json: unknown;
  headers: Headers;
}

export interface ServiceProcess {
  baseUrl: string;
  /** DATABASE_PATH or DATABASE_URL: what points a process (the service, the CLI) at this service's database. */
  databaseEnv: Record<string, string>;
  child: ChildProcess;
  /** Every line the service wrote to stdout and stderr so far. */
  output: string[];
  /** Creates a key directly in the service's database (the CLI is tested on its own). */
  createKey(grant: { credits: number; subscriptionDays?: number; allowance?: number }): Promise<string>;
  topUp(key: string, grant: { credits?: number; subscriptionDays?: number }): Promise<void>;
  revoke(key: string): Promise<void>;
  balance(key: string): Promise<{ credits: number; subscriptionAllowance: number; lookups: number }>;
  /** Runs one statement, written alike for SQLite and PostgreSQL, on the database behind the service's back. */
  execute(statement: string): Promise<void>;
  /** The first column of the first row a query, written alike for both, returns (null for none). */
  queryValue(query: string): Promise<unknown>;
  lookup(body: unknown, key?: string | null, init?: RequestInit): Promise<LookupAnswer>;
  /** A lookup of each of `emails` with `key`, asked one after another: the answers, in order. */
  lookUpEach(emails: readonly string[], key: string | null): Promise<LookupAnswer[]>;
  /**
   * Sends the process a signal (SIGTERM unless told otherwise) and waits for it to exit: on SIGTERM, for its
   * SHUTDOWN_TIMEOUT_SECONDS and a margin, after which it fails saying so.
   */
  kill(signal?: NodeJS.Signals): Promise<void>;
  /**
   * Ends the process (SIGTERM, then SIGKILL when it has not exited in the time SIGTERM gives it) and removes
   * the SQLite file it was given: the end of a suite (a PostgreSQL server goes with its file). A second call
   * waits for the first.
   */
  stop(): Promise<void>;
  /** Starts the process again on the same database; returns the new base URL. */
  restart(): Promise<string>;
}

/**
 * Lookups that cost nothing, and the status of each answer: an address that is none (400), a domain without
 * MX and one whose MX names no provider (404), a DNS failure (500, the fixture zones' SERVFAIL).
 */
export const FREE_LOOKUPS = {
  emails: ['not an address', 'no-mx.example.com', 'unknown-provider.example.com', 'dns-servfail.example.com'],
  statuses: [400, 404, 404, 500],
};

export interface ServiceOptions {
  /** With `false`, the request log is drained unread after start-up. */
  keepOutput?: boolean;
  /** Gives the service a new database on this PostgreSQL server, rather than a new SQLite file. */
  postgres?: PostgresServer | undefined;
  /**
   * Holds the service to file modes when the tests run as root, who may write any file: so that a read-only
   * database is read-only to it (withoutPrivileges).
   */
  unprivileged?: boolean;
}

/**
 * Rate limits and the connection cap off, for suites that send one key's thousands of requests from one
 * address, a thousand at once, to test something else (billing, faults).
 */
export const WITHOUT_LIMITS = {
  RATE_LIMIT_PER_KEY: '0',
  RATE_LIMIT_PER_ADDRESS: '0',
  RATE_LIMIT_WITHOUT_KEY: '0',
  RATE_LIMIT_UNPAID_PER_KEY: '0',
  MAX_CONNECTIONS: '0',
};

/** setpriv's options that start a command with no capabilities at all, root's included. */
const NO_CAPABILITIES = ['--inh-caps=-all', '--bounding-set=-all', '--'];
let capabilitiesDropChecked = false;

/**
 * That setpriv starts a command with no effective capabilities here; a clear failure, never a skip, when it
 * cannot (no setpriv, or a container that took CAP_SETPCAP from root).
 */
function checkCapabilitiesDrop(): void {
  if (capabilitiesDropChecked) return;
  const effective = `process.stdout.write(/^CapEff:\\s*(\\w+)/m.exec(require('node:fs').readFileSync('/proc/self/status', 'utf8'))[1])`;
  const result = spawnSync('setpriv', [...NO_CAPABILITIES, process.execPath, '-e', effective], {
    encoding: 'utf8',
  });
  if (result.status !== 0 || !/^0+$/.test(result.stdout)) {
    throw new Error(
      'The tests run as root, who may write any file, so they start the service as root without capabilities ' +
        `(setpriv ${NO_CAPABILITIES.join(' ')}), which file modes bind; that failed here ` +
        `(${result.error?.message ?? (result.stderr.trim() || `it still had the capabilities ${result.stdout}`)}). ` +
        'Install util-linux (setpriv), let root keep CAP_SETPCAP, or run the tests as a user other than root.',
    );
  }
  capabilitiesDropChecked = true;
}

/**
 * The command that runs `command` held to file modes: as it is for a user other than root; for root, with
 * setpriv, as root without capabilities. Not as another user (nobody): that user cannot enter a checkout in a
 * folder only its owner may enter (mktemp -d's 0700, root's home), and would fail before the check a test is
 * about. Root without capabilities still reads a checkout root made, and owns the files the test made.
 */
export function withoutPrivileges(command: string, args: readonly string[]): [string, string[]] {
  if (process.getuid?.() !== 0) return [command, [...args]];
  checkCapabilitiesDrop();
  return ['setpriv', [...NO_CAPABILITIES, command, ...args]];
}

async function databaseFor(
  env: Record<string, string>,
  dir: string,
  postgres: PostgresServer | undefined,
): Promise<Record<string, string>> {
  if (env.DATABASE_URL) return { DATABASE_URL: env.DATABASE_URL };
  if (postgres) return { DATABASE_URL: await postgres.createDatabase() };
  return { DATABASE_PATH: env.DATABASE_PATH ?? join(dir, 'service.db') };
}

/**
 * Spawns the real service (`server/main.ts`) as its own process on a free loopback port, on a new database
 * (a SQLite file, or one on `postgres`) unless `env` names one (DATABASE_PATH, DATABASE_URL): then several
 * processes can share it. With `keepOutput: false` its request log is drained unread after start-up, as a
 * benchmark's load generator must not share its process with the work of collecting a hundred thousand lines.
 */
export async function startServiceProcess(
  env: Record<string, string>,
  { keepOutput = true, postgres, unprivileged = false }: ServiceOptions = {},
): Promise<ServiceProcess> {
  const dir = mkdtempSync(join(tmpdir(), 'webmail-service-'));
  const databaseEnv = await databaseFor(env, dir, postgres);
  const output: string[] = [];
  // Opened when first needed: a test may start a service on a database this process could not open.
  let opened: { storage: Storage; accounts: Accounts } | undefined;
  const database = async () => {
    if (!opened) {
      const storage = await openStorage(loadConfig(databaseEnv));
      opened = { storage, accounts: new Accounts(storage) };
    }
    return opened;
  };
  const keyAccount = async (key: string) => {
    const id = await (await database()).accounts.accountForKey(key);
    if (id === null) throw new Error('unknown key');
    return id;
  };

  const launch = async (): Promise<{ child: ChildProcess; baseUrl: string }> => {
    const service = [process.execPath, ['--import', 'tsx', join(ROOT, 'server/main.ts')]] as const;
    const [command, args] = unprivileged ? withoutPrivileges(...service) : service;
    const child = spawn(command, args, {
      cwd: ROOT,
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', ...env, ...databaseEnv },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const baseUrl = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`service did not start:\n${output.join('\n')}`)),
        STARTUP_TIMEOUT_MS,
      );
      const collect = (chunk: Buffer) => {
        for (const line of chunk.toString().split('\n').filter(Boolean)) {
          output.push(line);
          const match = /listening on (http:\/\/\S+)/.exec(line);
          if (match?.[1]) {
            clearTimeout(timer);
            resolve(match[1]);
            if (!keepOutput) {
              child.stdout?.off('data', collect).resume();
              child.stderr?.off('data', collect).resume();
            }
          }
        }
      };
      child.stdout?.on('data', collect);
      child.stderr?.on('data', collect);
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`service exited with ${code}:\n${output.join('\n')}`));
      });
    }).catch((error: unknown) => {
      // A service that did not start in time is not left to start later, holding its port and database.
      child.kill('SIGKILL');
      throw error;
    });
    return { child, baseUrl };
  };

  const exitOnSigtermMs =
    Number(env.SHUTDOWN_TIMEOUT_SECONDS ?? DEFAULT_SHUTDOWN_SECONDS) * 1000 + EXIT_MARGIN_MS;
  let current = await launch();
  /** Stopping twice (by a test, then by its stack) stops once. */
  let stopped: Promise<void> | undefined;
  const service: ServiceProcess = {
    get baseUrl() {
      return current.baseUrl;
    },
    get child() {
      return current.child;
    },
    databaseEnv,
    output,
    createKey: async (grant) => (await database()).accounts.create(grant),
    topUp: async (key, grant) => {
      await (await database()).accounts.topUp(key, grant);
    },
    revoke: async (key) => {
      await (await database()).accounts.revoke({ key });
    },
    balance: async (key) => {
      const id = await keyAccount(key);
      const row = (await (await database()).accounts.list()).find((account) => account.id === id);
      if (!row) throw new Error('no account');
      const { credits, subscriptionAllowance, lookups } = row;
      return { credits, subscriptionAllowance, lookups };
    },
    async execute(statement) {
      await service.queryValue(statement);
    },
    async queryValue(query) {
      if (databaseEnv.DATABASE_URL) {
        const client = new pg.Client(databaseEnv.DATABASE_URL);
        await client.connect();
        const { rows } = await client.query({ text: query, rowMode: 'array' }).finally(() => client.end());
        return (rows[0] as unknown[] | undefined)?.[0] ?? null;
      }
      const db = new Database(databaseEnv.DATABASE_PATH);
      try {
        const statement = db.prepare(query);
        if (!statement.reader) {
          statement.run();
          return null;
        }
        return (statement.raw().get() as unknown[] | undefined)?.[0] ?? null;
      } finally {
        db.close();
      }
    },
    async lookup(body, key, init = {}) {
      const headers: Record<string, string> = { 'Content-Type': 'application/json' };
      if (key) headers.Authorization = `Bearer ${key}`;
      const response = await documentedFetch(`${current.baseUrl}${API_PATH}`, {
        method: 'POST',
        headers,
        body: typeof body === 'string' ? body : JSON.stringify(body),
        ...init,
      });
      const text = await response.text();
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        json = text;
      }
      return { status: response.status, json, headers: response.headers };
    },
    async lookUpEach(emails, key) {
      const answers = [];
      for (const email of emails) answers.push(await service.lookup({ email }, key));
      return answers;
    },
    async kill(signal = 'SIGTERM') {
      const { child } = current;
      const running = runningChild(child);
      if (running.exited()) return;
      child.kill(signal);
      await within(
        signal === 'SIGKILL' ? KILL_WAIT_MS : exitOnSigtermMs,
        `the service (pid ${child.pid}) has not exited on ${signal}`,
        running.exit,
      );
    },
    stop() {
      stopped ??= (async () => {
        const { child } = current;
        await endProcess(runningChild(child), 'the service', {
          ask: () => child.kill('SIGTERM'),
          graceMs: exitOnSigtermMs,
        });
        if (opened) {
          const database = opened.storage.close();
          await within(
            SERVER_CLOSE_MS,
            "this process's connection to the service's database is still open",
            database,
          );
        }
        rmSync(dir, { recursive: true, force: true });
      })();
      return stopped;
    },
    async restart() {
      current = await launch();
      return current.baseUrl;
    },
  };
  return service;
}
