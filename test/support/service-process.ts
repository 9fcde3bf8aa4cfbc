import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API_PATH } from '../../lib/webmail-info.ts';
import { createAccounts } from '../../server/accounts.ts';
import { openDatabase } from '../../server/database.ts';

const ROOT = new URL('../..', import.meta.url).pathname;
const STARTUP_TIMEOUT_MS = 15_000;

export interface ServiceProcess {
  baseUrl: string;
  databasePath: string;
  child: ChildProcess;
  /** Every line the service wrote to stdout and stderr so far. */
  output: string[];
  /** Creates a key directly in the service's SQLite file (the CLI is tested on its own). */
  createKey(grant: { credits: number; subscriptionDays?: number; allowance?: number }): string;
  topUp(key: string, grant: { credits?: number; subscriptionDays?: number }): void;
  balance(key: string): { credits: number; subscriptionAllowance: number; lookups: number };
  lookup(body: unknown, key?: string | null, init?: RequestInit): Promise<{ status: number; json: unknown }>;
  /** Sends the process a signal (SIGTERM unless told otherwise) and waits for it to exit. */
  kill(signal?: NodeJS.Signals): Promise<void>;
  /** Kills the process and removes its database: the end of a suite. */
  stop(): Promise<void>;
  /** Starts the process again on the same database file; returns the new base URL. */
  restart(): Promise<string>;
}

/**
 * Spawns the real service (`server/main.ts`) as its own process on a free loopback port. With
 * `keepOutput: false` its request log is drained unread after start-up, as a benchmark's load generator
 * must not share its process with the work of collecting a hundred thousand lines.
 */
export async function startServiceProcess(
  env: Record<string, string>,
  { keepOutput = true }: { keepOutput?: boolean } = {},
): Promise<ServiceProcess> {
  const dir = mkdtempSync(join(tmpdir(), 'webmail-service-'));
  const databasePath = env.DATABASE_PATH ?? join(dir, 'service.db');
  const output: string[] = [];
  const db = openDatabase(databasePath);
  const accounts = createAccounts(db);
  const keyAccount = (key: string) => {
    const id = accounts.accountForKey(key);
    if (id === null) throw new Error('unknown key');
    return id;
  };

  const launch = async (): Promise<{ child: ChildProcess; baseUrl: string }> => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'server/main.ts')], {
      cwd: ROOT,
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATABASE_PATH: databasePath, ...env },
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
    });
    return { child, baseUrl };
  };

  let current = await launch();
  const service: ServiceProcess = {
    get baseUrl() {
      return current.baseUrl;
    },
    get child() {
      return current.child;
    },
    databasePath,
    output,
    createKey: (grant) => accounts.create(grant),
    topUp: (key, grant) => {
      accounts.topUp(key, grant);
    },
    balance: (key) => {
      const row = db
        .prepare<[number], { credits: number; subscriptionAllowance: number; lookups: number }>(
          'SELECT credits, subscription_allowance AS subscriptionAllowance, lookups FROM accounts WHERE id = ?',
        )
        .get(keyAccount(key));
      if (!row) throw new Error('no account');
      return row;
    },
    async lookup(body, key, init = {}) {
      const headers: Record<string, string> = { 'Content-Type': 'application/json' };
      if (key) headers.Authorization = `Bearer ${key}`;
      const response = await fetch(`${current.baseUrl}${API_PATH}`, {
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
      return { status: response.status, json };
    },
    async kill(signal = 'SIGTERM') {
      const { child } = current;
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill(signal);
      await exited;
    },
    async stop() {
      await service.kill();
      db.close();
      rmSync(dir, { recursive: true, force: true });
    },
    async restart() {
      current = await launch();
      return current.baseUrl;
    },
  };
  return service;
}
