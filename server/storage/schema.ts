import { revokeDemoKeySql } from '#server/demo-key.ts';

/**
 * What the two dialects spell apart in the schema; everything else in it is written once, below, so the
 * tables are the same in both and rows move between them unchanged (migrate-to-postgres).
 */
export interface SchemaDialect {
  /** A whole number: times in milliseconds since the epoch, balances, counts. */
  integer: string;
  /** A lookup's HTTP status. */
  smallInteger: string;
  /** An account's id, given on insert. */
  accountId: string;
  /** How the first step creates its tables. */
  createFirstTables: string;
  /** The time now, in milliseconds since the epoch. */
  now: string;
  /** What follows a table that is only ever read by its primary key. */
  keyedTable: string;
}

/**
 * The schema, one step per version, in a dialect's words. Add a step; never edit one that has shipped:
 * a database that has had a step never runs it again.
 */
export function schemaSteps(dialect: SchemaDialect): readonly string[] {
  const { integer, smallInteger, accountId, createFirstTables, now, keyedTable } = dialect;
  return [
    `${createFirstTables} accounts (
     id ${accountId},
     credits ${integer} NOT NULL DEFAULT 0 CHECK (credits >= 0),
     subscription_expires_at ${integer},
     subscription_allowance ${integer} NOT NULL DEFAULT 0 CHECK (subscription_allowance >= 0),
     lookups ${integer} NOT NULL DEFAULT 0,
     created_at ${integer} NOT NULL
   );
   ${createFirstTables} api_keys (
     key_hash TEXT PRIMARY KEY,
     key_prefix TEXT NOT NULL,
     account_id ${integer} NOT NULL REFERENCES accounts(id),
     created_at ${integer} NOT NULL
   );
   ${createFirstTables} lookup_cache (
     domain TEXT PRIMARY KEY,
     status ${smallInteger} NOT NULL,
     body TEXT NOT NULL,
     expires_at ${integer} NOT NULL
   );`,
    `ALTER TABLE api_keys ADD COLUMN revoked_at ${integer};
   ${revokeDemoKeySql(now)};
   CREATE INDEX lookup_cache_not_found ON lookup_cache (expires_at) WHERE status = 404;
   CREATE TABLE rate_limit_counts (
     window_start ${integer} NOT NULL,
     bucket TEXT NOT NULL,
     taken ${integer} NOT NULL,
     PRIMARY KEY (window_start, bucket)
   )${keyedTable};
   CREATE TABLE write_probe (id INTEGER PRIMARY KEY CHECK (id = 1), probed_at ${integer} NOT NULL);`,
  ];
}
