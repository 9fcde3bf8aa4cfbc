import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type pg from 'pg';
import { connectPostgres, describePostgresUrl, inTransaction } from '#server/storage/postgres.ts';
import { openSqliteDatabase, type SqliteDb } from '#server/storage/sqlite.ts';
import { loadConfig } from './config.ts';
import { UsageError } from './usage-error.ts';

const USAGE = `Usage:
  migrate-to-postgres [--from PATH] [--to URL]
    copies accounts, keys, balances and cached answers from the SQLite file (--from, or DATABASE_PATH)
    into an empty PostgreSQL database (--to, or DATABASE_URL); stop the service on the file first`;

/**
 * The tables in the order their references allow, with each column's PostgreSQL type. Both schemas hold the
 * same columns with the same meaning, so rows are copied as they are, ids included.
 */
const TABLES = [
  {
    name: 'accounts',
    columns: {
      id: 'bigint',
      credits: 'bigint',
      subscription_expires_at: 'bigint',
      subscription_allowance: 'bigint',
      lookups: 'bigint',
      created_at: 'bigint',
    },
  },
  {
    name: 'api_keys',
    columns: {
      key_hash: 'text',
      key_prefix: 'text',
      account_id: 'bigint',
      created_at: 'bigint',
      revoked_at: 'bigint',
    },
  },
  {
    name: 'lookup_cache',
    columns: { domain: 'text', status: 'smallint', body: 'text', expires_at: 'bigint' },
  },
] as const;

/** Rows per INSERT, so no statement carries an unbounded set of parameters. */
const ROWS_PER_INSERT = 5_000;

/** Every row of every table, read in one transaction: a consistent picture of the file. */
function readSqlite(db: SqliteDb): unknown[][][] {
  return db.transaction(() =>
    TABLES.map(
      ({ name, columns }) =>
        db
          .prepare(`SELECT ${Object.keys(columns).join(', ')} FROM ${name} ORDER BY rowid`)
          .raw()
          .all() as unknown[][],
    ),
  )();
}

async function writePostgres(client: pg.PoolClient, tables: unknown[][][], target: string): Promise<void> {
  // Held to the end: no service or second migration adds accounts or keys meanwhile.
  await client.query('LOCK TABLE accounts, api_keys IN SHARE ROW EXCLUSIVE MODE');
  const { rows } = await client.query<{ accounts: number }>('SELECT count(*) AS accounts FROM accounts');
  if ((rows[0]?.accounts ?? 0) > 0) {
    throw new UsageError(
      `${target} already holds accounts: migrate into an empty database, so that no account or key is merged or overwritten`,
    );
  }
  for (const [index, { name, columns }] of TABLES.entries()) {
    const names = Object.keys(columns);
    const arrays = Object.values(columns).map((type, i) => `$${i + 1}::${type}[]`);
    const table = tables[index] ?? [];
    for (let start = 0; start < table.length; start += ROWS_PER_INSERT) {
      const chunk = table.slice(start, start + ROWS_PER_INSERT);
      // The cache may already hold answers from a service started on this database: they are as good.
      await client.query(
        `INSERT INTO ${name} (${names.join(', ')}) SELECT * FROM unnest(${arrays.join(', ')}) ON CONFLICT DO NOTHING`,
        names.map((_, column) => chunk.map((row) => row[column])),
      );
    }
  }
  // Ids were copied, so the next account created must come after the last one copied.
  await client.query(
    "SELECT setval(pg_get_serial_sequence('accounts', 'id'), max(id)) FROM accounts HAVING count(*) > 0",
  );
}

/** The `migrate-to-postgres` command. Returns the lines to print. */
export async function runMigrateCommand(args: string[], environment: NodeJS.ProcessEnv): Promise<string[]> {
  const { values } = parseArgs({ args, options: { from: { type: 'string' }, to: { type: 'string' } } });
  const config = loadConfig({
    ...environment,
    ...(values.from !== undefined && { DATABASE_PATH: values.from }),
    ...(values.to !== undefined && { DATABASE_URL: values.to }),
  });
  const to = config.DATABASE_URL;
  if (!to) throw new UsageError(`migrate-to-postgres needs --to or DATABASE_URL\n${USAGE}`);
  const from = config.DATABASE_PATH;
  if (!existsSync(from)) throw new UsageError(`No SQLite database at ${from}`);

  const db = openSqliteDatabase(from);
  let tables: unknown[][][];
  try {
    tables = readSqlite(db);
  } finally {
    db.close();
  }
  const target = describePostgresUrl(to);
  const pool = await connectPostgres(to);
  try {
    await inTransaction(pool, (client) => writePostgres(client, tables, target));
  } finally {
    await pool.end();
  }
  const [accounts, keys, cached] = tables.map((rows) => rows.length);
  return [
    `Copied ${accounts} accounts, ${keys} keys and ${cached} cached answers from ${from} to ${target}.`,
  ];
}
