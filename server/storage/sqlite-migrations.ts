import type Database from 'better-sqlite3';
import { schemaSteps } from './schema.ts';

/**
 * The SQLite schema (schema.ts); a file's `user_version` says how many steps it has had. The first step
 * creates its tables IF NOT EXISTS: files made before versioning (version 0, tables present) pass it
 * unchanged. `INTEGER PRIMARY KEY` makes the account's id the row id.
 */
export const MIGRATIONS = schemaSteps({
  integer: 'INTEGER',
  smallInteger: 'INTEGER',
  accountId: 'INTEGER PRIMARY KEY',
  createFirstTables: 'CREATE TABLE IF NOT EXISTS',
  now: "CAST(strftime('%s', 'now') AS INTEGER) * 1000",
  keyedTable: ' WITHOUT ROWID',
});

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
