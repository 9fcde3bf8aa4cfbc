import type Database from 'better-sqlite3';
import { revokeDemoKeySql } from '#server/demo-key.ts';

/**
 * The SQLite schema, one step per version; a file's `user_version` says how many steps it has had. The first
 * step is the schema as it was before versioning, with IF NOT EXISTS, so files made then (version 0, tables
 * present) pass it unchanged. Add a step; never edit one that has shipped.
 */
export const MIGRATIONS: readonly string[] = [
  `CREATE TABLE IF NOT EXISTS accounts (
     id INTEGER PRIMARY KEY,
     credits INTEGER NOT NULL DEFAULT 0 CHECK (credits >= 0),
     subscription_expires_at INTEGER,
     subscription_allowance INTEGER NOT NULL DEFAULT 0 CHECK (subscription_allowance >= 0),
     lookups INTEGER NOT NULL DEFAULT 0,
     created_at INTEGER NOT NULL
   );
   CREATE TABLE IF NOT EXISTS api_keys (
     key_hash TEXT PRIMARY KEY,
     key_prefix TEXT NOT NULL,
     account_id INTEGER NOT NULL REFERENCES accounts(id),
     created_at INTEGER NOT NULL
   );
   CREATE TABLE IF NOT EXISTS lookup_cache (
     domain TEXT PRIMARY KEY,
     status INTEGER NOT NULL,
     body TEXT NOT NULL,
     expires_at INTEGER NOT NULL
   );`,
  `ALTER TABLE api_keys ADD COLUMN revoked_at INTEGER;
   ${revokeDemoKeySql("CAST(strftime('%s', 'now') AS INTEGER) * 1000")};
   CREATE INDEX lookup_cache_not_found ON lookup_cache (expires_at) WHERE status = 404;
   CREATE TABLE rate_limit_counts (
     window_start INTEGER NOT NULL,
     bucket TEXT NOT NULL,
     taken INTEGER NOT NULL,
     PRIMARY KEY (window_start, bucket)
   ) WITHOUT ROWID;
   CREATE TABLE write_probe (id INTEGER PRIMARY KEY CHECK (id = 1), probed_at INTEGER NOT NULL);`,
];

/**
 * Brings the file's schema up to date in one write transaction, the version read inside it: when several
 * processes open a new file at once (the service and `keys create`, or several services), one migrates while
 * the others wait for its lock, then find the work done. A version read before the lock lets two run the
 * same step, and leaves a file that no later start can open ("duplicate column name").
 */
export function migrateSqlite(db: Database.Database): void {
  db.transaction(() => {
    const version = db.pragma('user_version', { simple: true }) as number;
    if (version >= MIGRATIONS.length) return;
    for (const migration of MIGRATIONS.slice(version)) db.exec(migration);
    db.pragma(`user_version = ${MIGRATIONS.length}`);
  }).immediate();
}
