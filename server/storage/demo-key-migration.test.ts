import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { hashKey } from '#server/accounts.ts';
import { DEMO_API_KEY } from '#server/demo-key.ts';
import { BACKENDS, backendsForFile } from '#test/support/backends.ts';
import { openPostgresStorage } from './postgres.ts';
import { MIGRATIONS as POSTGRES_MIGRATIONS } from './postgres-migrations.ts';
import { openSqliteStorage } from './sqlite.ts';
import { MIGRATIONS as SQLITE_MIGRATIONS } from './sqlite-migrations.ts';
import type { Storage } from './storage.ts';

const backends = backendsForFile();
const dir = mkdtempSync(join(tmpdir(), 'webmail-demo-key-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const INSERT_DEMO_ACCOUNT = [
  'INSERT INTO accounts (id, credits, created_at) VALUES (1, 10000, 0)',
  `INSERT INTO api_keys (key_hash, key_prefix, account_id, created_at) VALUES ('${hashKey(DEMO_API_KEY)}', 'wl_demo_lo', 1, 0)`,
];

/** A database at the first schema version, holding the demo key as `npm start` used to write it. */
async function databaseWithDemoKey(backend: (typeof BACKENDS)[number]): Promise<() => Promise<Storage>> {
  const postgres = backends.postgresFor(backend);
  if (!postgres) {
    const path = join(dir, 'webmail-lookup.db');
    const db = new Database(path);
    db.exec(SQLITE_MIGRATIONS[0] as string);
    for (const statement of INSERT_DEMO_ACCOUNT) db.exec(statement);
    db.pragma('user_version = 1');
    db.close();
    return async () => openSqliteStorage(path);
  }
  const url = await postgres.createDatabase();
  const client = new pg.Client(url);
  await client.connect();
  try {
    await client.query(POSTGRES_MIGRATIONS[0] as string);
    await client.query(
      'CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, applied_at BIGINT NOT NULL); INSERT INTO schema_migrations VALUES (1, 0)',
    );
    for (const statement of INSERT_DEMO_ACCOUNT) await client.query(statement);
  } finally {
    await client.end();
  }
  return () => openPostgresStorage(url);
}

describe.each(BACKENDS)('the public demo key in a database made before it had its own, on %s', (backend) => {
  it('is revoked when the service upgrades the database', async () => {
    const open = await databaseWithDemoKey(backend);
    const storage = await open();
    try {
      expect(await storage.accountIdForKeyHash(hashKey(DEMO_API_KEY))).toBeNull();
      expect((await storage.listAccounts())[0]?.revokedAt).toEqual(expect.any(Number));
    } finally {
      await storage.close();
    }
  });
});
