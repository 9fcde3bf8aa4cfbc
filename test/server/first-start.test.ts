import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS as POSTGRES_MIGRATIONS } from '../../server/storage/postgres-migrations.ts';
import { MIGRATIONS as SQLITE_MIGRATIONS } from '../../server/storage/sqlite-migrations.ts';
import { BACKENDS, type Backend, backendsForFile } from '../support/backends.ts';
import { closeAll, stopChild } from '../support/teardown.ts';

/**
 * Several processes opening one new database at once, as the README's setups do: the service and
 * `keys create` on a first start, or several service processes on one file or one PostgreSQL database. Each
 * open is held until every process is ready, then all are let go together, round after round: the race a
 * first start can meet now and then, met on purpose.
 */
const ROOT = new URL('../..', import.meta.url).pathname;
const backends = backendsForFile();
/** The service, `keys create` and two more service processes. */
const PROCESSES = 4;
/** Rounds per backend, each on a new database: with the version read outside the lock, most rounds failed. */
const ROUNDS = { SQLite: 40, PostgreSQL: 12 } as const;

interface Opener {
  child: ChildProcess;
  /** Asks the process to open the database (a SQLite path or a postgres:// URL). */
  open(database: string): void;
  /** Its next answer: `opened`, or `failed` and the reason. */
  answer(): Promise<string>;
}

/** Starts test/support/open-database-process.ts and waits until it is ready to open. */
async function startOpener(): Promise<Opener> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(ROOT, 'test/support/open-database-process.ts')],
    {
      cwd: ROOT,
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream })[Symbol.asyncIterator]();
  const answer = async () => {
    const next = await lines.next();
    if (next.done) throw new Error(`the opening process exited (${child.exitCode ?? child.signalCode})`);
    return next.value;
  };
  expect(await answer()).toBe('ready');
  return { child, open: (database) => child.stdin?.write(`${database}\n`), answer };
}

/** The number of schema steps the database records as made. */
async function schemaVersion(backend: Backend, database: string): Promise<number> {
  if (backend === 'SQLite') {
    const db = new Database(database, { readonly: true });
    try {
      return db.pragma('user_version', { simple: true }) as number;
    } finally {
      db.close();
    }
  }
  const client = new pg.Client(database);
  await client.connect();
  try {
    const { rows } = await client.query<{ version: number }>(
      'SELECT max(version) AS version FROM schema_migrations',
    );
    return Number(rows[0]?.version);
  } finally {
    await client.end();
  }
}

describe.each(BACKENDS)('processes opening one new %s database at once', (backend) => {
  const migrations = backend === 'SQLite' ? SQLITE_MIGRATIONS : POSTGRES_MIGRATIONS;
  const dir = mkdtempSync(join(tmpdir(), 'webmail-first-start-'));
  const openers: Opener[] = [];
  beforeAll(async () => {
    openers.push(...(await Promise.all(Array.from({ length: PROCESSES }, startOpener))));
  });
  afterAll(() =>
    closeAll({
      ...Object.fromEntries(
        openers.map(({ child }) => [`opener ${child.pid}`, () => stopChild(child, 'a database opener')]),
      ),
      'its folder': () => rmSync(dir, { recursive: true, force: true }),
    }),
  );

  const newDatabase = async (round: number) => {
    const postgres = backends.postgresFor(backend);
    return postgres ? postgres.createDatabase() : join(dir, `round-${round}.db`);
  };

  it('each opens it, it is left at the latest schema, and the next start opens it too', {
    timeout: 180_000,
  }, async () => {
    for (let round = 0; round < ROUNDS[backend]; round++) {
      const database = await newDatabase(round);
      for (const opener of openers) opener.open(database);
      const answers = await Promise.all(openers.map((opener) => opener.answer()));
      expect(answers, `round ${round}`).toEqual(Array(PROCESSES).fill('opened'));
      expect(await schemaVersion(backend, database), `round ${round}`).toBe(migrations.length);
      const [later] = openers;
      later?.open(database);
      expect(await later?.answer(), `round ${round}, a later start`).toBe('opened');
    }
  });
});

describe('a new SQLite file that another process is writing', () => {
  const dir = mkdtempSync(join(tmpdir(), 'webmail-first-start-'));
  let opener: Opener;
  beforeAll(async () => {
    opener = await startOpener();
  });
  afterAll(() =>
    closeAll({
      opener: opener && (() => stopChild(opener.child, 'a database opener')),
      'its folder': () => rmSync(dir, { recursive: true, force: true }),
    }),
  );

  it('is opened once the other process is done, not refused as "database is locked"', async () => {
    const path = join(dir, 'service.db');
    // This process holds the file's write lock, as another process starting on it at the same moment does.
    const other = new Database(path);
    other.exec('BEGIN IMMEDIATE');
    opener.open(path);
    const answered = opener.answer();
    // Released well before the service's wait for a lock (5 s) runs out.
    await new Promise((resolve) => setTimeout(resolve, 500));
    other.exec('COMMIT');
    other.close();
    expect(await answered).toBe('opened');
    expect(await schemaVersion('SQLite', path)).toBe(SQLITE_MIGRATIONS.length);
  });
});
