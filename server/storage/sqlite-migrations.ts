import type Database from 'better-sqlite3';

/**
 * The SQLite schema, one step per version; a file's `user_version` says how many steps it has had. The first
 * step is the schema as it was before versioning, with IF NOT EXISTS, so files made then (version 0, tables
 * present) pass it unchanged. Add a step; never edit one that has shipped.
 */
const MIGRATIONS: readonly string[] = [
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
];

/** Brings the file's schema up to date, each step in its own write transaction. */
export function migrateSqlite(db: Database.Database): void {
  const version = db.pragma('user_version', { simple: true }) as number;
  for (const [index, migration] of MIGRATIONS.entries()) {
    if (index < version) continue;
    db.transaction(() => {
      db.exec(migration);
      db.pragma(`user_version = ${index + 1}`);
    }).immediate();
  }
}
