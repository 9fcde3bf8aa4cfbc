import pg from 'pg';
import { splitCharge } from '../billing-rule.ts';
import { migratePostgres } from './postgres-migrations.ts';
import type { AccountSummary, Balance, CachedRow, Storage } from './storage.ts';

/** Connections per service process: N processes hold up to N times this of PostgreSQL's max_connections (100 by default). */
const POOL_CONNECTIONS = 10;
/** A request waits no longer than this for a connection to a database that is down; it gets a 500. */
const CONNECT_TIMEOUT_MS = 5_000;
/** Nor longer than this for a query to a database that stopped answering. */
const QUERY_TIMEOUT_MS = 10_000;

/**
 * BIGINT columns (times in milliseconds, balances) come back as numbers: they stay far below 2^53, and the
 * service works with numbers, as it does with SQLite. Set per pool, not globally in `pg.types`.
 */
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === pg.types.builtins.INT8
      ? Number
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/**
 * A connection PostgreSQL cuts while it is checked out (a shutdown between two statements of a transaction)
 * reports an 'error' event, and its next statement fails, which fails the transaction. Unheard, the event
 * would end the process.
 */
const onConnectionLost = () => {};

/** Runs `work` in one transaction on one pooled connection. */
export async function inTransaction<T>(
  pool: pg.Pool,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  client.on('error', onConnectionLost);
  let result: T;
  try {
    await client.query('BEGIN');
    result = await work(client);
    await client.query('COMMIT');
  } catch (error) {
    // A connection that cannot even roll back (PostgreSQL went away) is closed, not returned to the pool.
    const lost = await client.query('ROLLBACK').then(
      () => undefined,
      (rollbackError: Error) => rollbackError,
    );
    client.off('error', onConnectionLost);
    client.release(lost);
    throw error;
  }
  client.off('error', onConnectionLost);
  client.release();
  return result;
}

/** `postgres://user:secret@host:5432/db` as `PostgreSQL host:5432/db`: where, without the password. */
export function describePostgresUrl(url: string): string {
  const { host, pathname } = new URL(url);
  return `PostgreSQL ${host}${pathname}`;
}

/**
 * A pool on the database at `url`, its schema up to date. The pool drops connections PostgreSQL closes
 * (a restart) and opens new ones on demand, so the service comes back with the database, unrestarted.
 */
export async function connectPostgres(url: string): Promise<pg.Pool> {
  const pool = new pg.Pool({
    connectionString: url,
    max: POOL_CONNECTIONS,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    query_timeout: QUERY_TIMEOUT_MS,
    types,
  });
  // An idle connection cut by the server reports here; unheard, the 'error' event would end the process.
  pool.on('error', (error) => console.error(`PostgreSQL: an idle connection was lost: ${error.message}`));
  try {
    await inTransaction(pool, migratePostgres);
  } catch (error) {
    await pool.end();
    throw error;
  }
  return pool;
}

/** The shared backend: every process behind the load balancer talks to one PostgreSQL database. */
export async function openPostgresStorage(url: string): Promise<Storage> {
  const pool = await connectPostgres(url);
  const first = async <T>(text: string, values: unknown[]): Promise<T | null> =>
    (await pool.query<T & pg.QueryResultRow>(text, values)).rows[0] ?? null;

  return {
    description: `database ${describePostgresUrl(url)}`,
    async accountIdForKeyHash(keyHash) {
      const row = await first<{ id: number }>('SELECT account_id AS id FROM api_keys WHERE key_hash = $1', [
        keyHash,
      ]);
      return row?.id ?? null;
    },
    async canPay(accountId, time) {
      const row = await first<{ ok: boolean }>(
        `SELECT (subscription_expires_at > $1 AND subscription_allowance > 0) OR credits > 0 AS ok
         FROM accounts WHERE id = $2`,
        [time, accountId],
      );
      return row?.ok === true;
    },
    charge(asked, time) {
      return inTransaction(pool, async (client) => {
        // Locked in id order: two processes' batches over the same accounts wait for each other, never
        // deadlock. A locked balance is the latest committed one, and no one else writes it until COMMIT.
        const { rows } = await client.query<Balance & { id: number }>(
          `SELECT id, credits, subscription_expires_at AS "subscriptionExpiresAt",
             subscription_allowance AS "subscriptionAllowance"
           FROM accounts WHERE id = ANY($1::bigint[]) ORDER BY id FOR UPDATE`,
          [[...asked.keys()].sort((a, b) => a - b)],
        );
        const paid = new Map<number, number>();
        const spent = { ids: [] as number[], allowance: [] as number[], credits: [] as number[] };
        for (const row of rows) {
          const { fromAllowance, fromCredits } = splitCharge(row, asked.get(row.id) ?? 0, time);
          paid.set(row.id, fromAllowance + fromCredits);
          if (fromAllowance + fromCredits === 0) continue;
          spent.ids.push(row.id);
          spent.allowance.push(fromAllowance);
          spent.credits.push(fromCredits);
        }
        if (spent.ids.length > 0) {
          await client.query(
            `UPDATE accounts AS a SET subscription_allowance = a.subscription_allowance - s.allowance,
               credits = a.credits - s.credits, lookups = a.lookups + s.allowance + s.credits
             FROM unnest($1::bigint[], $2::bigint[], $3::bigint[]) AS s(id, allowance, credits)
             WHERE a.id = s.id`,
            [spent.ids, spent.allowance, spent.credits],
          );
        }
        return paid;
      });
    },
    async createAccount(account) {
      await inTransaction(pool, async (client) => {
        const { rows } = await client.query<{ id: number }>(
          `INSERT INTO accounts (credits, subscription_expires_at, subscription_allowance, created_at)
           VALUES ($1, $2, $3, $4) RETURNING id`,
          [account.credits, account.subscriptionExpiresAt, account.subscriptionAllowance, account.createdAt],
        );
        await client.query(
          'INSERT INTO api_keys (key_hash, key_prefix, account_id, created_at) VALUES ($1, $2, $3, $4)',
          [account.keyHash, account.keyPrefix, rows[0]?.id, account.createdAt],
        );
      });
    },
    topUp(keyHash, grant, time) {
      return inTransaction(pool, async (client) => {
        const { rows } = await client.query<{ id: number }>(
          'SELECT account_id AS id FROM api_keys WHERE key_hash = $1',
          [keyHash],
        );
        const accountId = rows[0]?.id;
        if (accountId === undefined) return false;
        if (grant.credits) {
          await client.query('UPDATE accounts SET credits = credits + $1 WHERE id = $2', [
            grant.credits,
            accountId,
          ]);
        }
        const { subscription } = grant;
        if (subscription) {
          await client.query(
            `UPDATE accounts SET subscription_expires_at = greatest(coalesce(subscription_expires_at, 0), $1) + $2,
               subscription_allowance = subscription_allowance + $3 WHERE id = $4`,
            [time, subscription.durationMs, subscription.allowance, accountId],
          );
        }
        return true;
      });
    },
    async listAccounts() {
      const { rows } = await pool.query<AccountSummary>(
        `SELECT a.id, k.key_prefix AS "keyPrefix", a.credits, a.subscription_expires_at AS "subscriptionExpiresAt",
           a.subscription_allowance AS "subscriptionAllowance", a.lookups
         FROM api_keys k JOIN accounts a ON a.id = k.account_id ORDER BY a.id`,
      );
      return rows;
    },
    readCache: (domain, time) =>
      first<CachedRow>(
        'SELECT body, expires_at AS "expiresAt" FROM lookup_cache WHERE domain = $1 AND expires_at > $2',
        [domain, time],
      ),
    async writeCache(domain, status, row) {
      await pool.query(
        `INSERT INTO lookup_cache (domain, status, body, expires_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (domain) DO UPDATE SET status = excluded.status, body = excluded.body, expires_at = excluded.expires_at`,
        [domain, status, row.body, row.expiresAt],
      );
    },
    async purgeCache(time) {
      const { rowCount } = await pool.query('DELETE FROM lookup_cache WHERE expires_at <= $1', [time]);
      return rowCount ?? 0;
    },
    close: () => pool.end(),
  };
}
