import pg from 'pg';
import { paidSql } from '#server/billing-rule.ts';
import { migratePostgres } from './postgres-migrations.ts';
import {
  ACCOUNT_FOR_KEY_SQL,
  ACCOUNT_LIST_SQL,
  ADD_CREDITS_SQL,
  BALANCE_SELECT_SQL,
  type BalanceRow,
  CACHE_PURGE_SQL,
  CACHE_READ_SQL,
  CACHE_WRITE_SQL,
  EXTEND_SUBSCRIPTION_SQL,
  INSERT_ACCOUNT_SQL,
  INSERT_KEY_SQL,
  LIVE_KEY_HASH_PREFIXES_SQL,
  NOT_FOUND_TRIM_SQL,
  payingBalance,
  RATE_LIMIT_PURGE_SQL,
  RATE_LIMIT_TAKE_SQL,
  REVOKE_ACCOUNT_KEYS_SQL,
  REVOKE_KEY_SQL,
  WRITE_PROBE_SQL,
} from './shared-sql.ts';
import type {
  AccountSummary,
  CachedRow,
  Charged,
  KeySelection,
  NewAccount,
  PayingBalance,
  Storage,
  TopUp,
} from './storage.ts';

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
    // Every statement here finds rows by key, for which one plan serves all values: PostgreSQL otherwise
    // plans the charge afresh on each call (0.3 ms, more than running it). PostgreSQL 12 and newer.
    options: '-c plan_cache_mode=force_generic_plan',
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

/**
 * Charges a batch in one statement, so one round trip: the accounts are locked in id order (two processes'
 * batches over the same accounts wait for each other, never deadlock), and a locked balance is the latest
 * committed one, which no one else writes until the statement commits. BEGIN, SELECT … FOR UPDATE, UPDATE and
 * COMMIT would be four round trips, at which PostgreSQL's cached lookups ran at half SQLite's rate. Every
 * account asked is returned with its balance after the batch (a data-modifying WITH runs unreferenced), and
 * only those that pay are written. `asked` is the query of the accounts and the answers asked of each.
 */
function chargeSql(asked: string): string {
  const { fromAllowance, fromCredits } = paidSql('answers', '$3');
  return `WITH asked AS (${asked}), locked AS (
      SELECT a.id, asked.answers, a.credits, a.subscription_allowance, a.subscription_expires_at
      FROM accounts a JOIN asked ON asked.id = a.id ORDER BY a.id FOR UPDATE OF a
    ), paid AS (
      SELECT id, credits, subscription_allowance, subscription_expires_at, ${fromAllowance} AS from_allowance,
        ${fromCredits} AS from_credits FROM locked
    ), spent AS (
      UPDATE accounts a SET subscription_allowance = a.subscription_allowance - p.from_allowance,
        credits = a.credits - p.from_credits, lookups = a.lookups + p.from_allowance + p.from_credits
      FROM paid p WHERE a.id = p.id AND p.from_allowance + p.from_credits > 0
    )
    SELECT id, from_allowance AS "fromAllowance", from_credits AS "fromCredits", credits - from_credits AS credits,
      subscription_allowance - from_allowance AS "subscriptionAllowance",
      subscription_expires_at AS "subscriptionExpiresAt"
    FROM paid`;
}

/** The charge of a batch of several accounts: their ids and answers asked, as two arrays. */
const CHARGE_SQL = chargeSql(
  'SELECT id, answers FROM unnest($1::bigint[], $2::bigint[]) AS asked(id, answers)',
);
/**
 * The charge of a batch of one account, the usual one: the same statement without arrays to write and
 * unnest (node-postgres serialises arrays as text, which PostgreSQL parses again).
 */
const CHARGE_ONE_SQL = chargeSql('SELECT $1::bigint AS id, $2::bigint AS answers');

/** A row of CHARGE_SQL. */
type ChargedRow = Omit<Charged, 'after'> & Charged['after'] & { id: number };

/** The balances of several accounts in one read. */
const BALANCES_SQL = `${BALANCE_SELECT_SQL} WHERE id = ANY($2::bigint[])`;

/** The shared backend: every process behind the load balancer talks to one PostgreSQL database. */
export async function openPostgresStorage(url: string): Promise<Storage> {
  const pool = await connectPostgres(url);
  const storage = new PostgresStorage(pool, `database ${describePostgresUrl(url)}`);
  try {
    await storage.probeWrite(Date.now());
  } catch (error) {
    await pool.end();
    throw new Error(
      `PostgreSQL (${describePostgresUrl(url)}) does not take writes (${error instanceof Error ? error.message : error}): the service needs a primary it may write to.`,
    );
  }
  return storage;
}

/** The shared backend over a pool of connections to its database. */
class PostgresStorage implements Storage {
  readonly description: string;
  readonly #pool: pg.Pool;

  constructor(pool: pg.Pool, description: string) {
    this.#pool = pool;
    this.description = description;
  }

  /**
   * The rows a statement returns. Statements run on every request are named: each connection parses and
   * plans them once, not on every call (PostgreSQL's CPU per cached lookup).
   */
  async #rows<T>(name: string | undefined, text: string, values: unknown[]): Promise<T[]> {
    const query = name ? { name, text, values } : { text, values };
    return (await this.#pool.query<T & pg.QueryResultRow>(query)).rows;
  }

  async #first<T>(name: string | undefined, text: string, values: unknown[]): Promise<T | null> {
    return (await this.#rows<T>(name, text, values))[0] ?? null;
  }

  /** How many rows a statement changed. */
  async #changed(text: string, values: unknown[]): Promise<number> {
    return (await this.#pool.query(text, values)).rowCount ?? 0;
  }

  async accountIdForKeyHash(keyHash: string): Promise<number | null> {
    return (await this.#first<{ id: number }>('account-for-key', ACCOUNT_FOR_KEY_SQL, [keyHash]))?.id ?? null;
  }

  async liveKeyHashPrefixes(length: number): Promise<string[]> {
    const live = await this.#rows<{ prefix: string }>(undefined, LIVE_KEY_HASH_PREFIXES_SQL, [length]);
    return live.map((row) => row.prefix);
  }

  async readBalances(accountIds: readonly number[], time: number): Promise<Map<number, PayingBalance>> {
    const rows = await this.#rows<BalanceRow>('balances', BALANCES_SQL, [time, accountIds]);
    return new Map(rows.map((row) => [row.id, payingBalance(row)]));
  }

  async charge(asked: ReadonlyMap<number, number>, time: number): Promise<Map<number, Charged>> {
    const [only] = asked;
    const rows =
      asked.size === 1 && only
        ? await this.#rows<ChargedRow>('charge-one', CHARGE_ONE_SQL, [only[0], only[1], time])
        : await this.#rows<ChargedRow>('charge', CHARGE_SQL, [[...asked.keys()], [...asked.values()], time]);
    return new Map(
      rows.map(({ id, fromAllowance, fromCredits, ...after }) => [id, { fromAllowance, fromCredits, after }]),
    );
  }

  async createAccount(account: NewAccount): Promise<void> {
    await inTransaction(this.#pool, async (client) => {
      const { rows } = await client.query<{ id: number }>(INSERT_ACCOUNT_SQL, [
        account.credits,
        account.subscriptionExpiresAt,
        account.subscriptionAllowance,
        account.createdAt,
      ]);
      await client.query(INSERT_KEY_SQL, [
        account.keyHash,
        account.keyPrefix,
        rows[0]?.id,
        account.createdAt,
      ]);
    });
  }

  topUp(keyHash: string, grant: TopUp, time: number): Promise<boolean> {
    return inTransaction(this.#pool, async (client) => {
      const { rows } = await client.query<{ id: number }>(ACCOUNT_FOR_KEY_SQL, [keyHash]);
      const accountId = rows[0]?.id;
      if (accountId === undefined) return false;
      if (grant.credits) {
        await client.query(ADD_CREDITS_SQL, [grant.credits, accountId]);
      }
      const { subscription } = grant;
      if (subscription) {
        await client.query(EXTEND_SUBSCRIPTION_SQL, [
          time,
          time,
          subscription.durationMs,
          subscription.allowance,
          accountId,
        ]);
      }
      return true;
    });
  }

  revokeKeys(selection: KeySelection, time: number): Promise<number> {
    return 'keyHash' in selection
      ? this.#changed(REVOKE_KEY_SQL, [time, selection.keyHash])
      : this.#changed(REVOKE_ACCOUNT_KEYS_SQL, [time, selection.accountId]);
  }

  listAccounts(): Promise<AccountSummary[]> {
    return this.#rows<AccountSummary>(undefined, ACCOUNT_LIST_SQL, []);
  }

  readCache(domain: string, time: number): Promise<CachedRow | null> {
    return this.#first<CachedRow>('read-cache', CACHE_READ_SQL, [domain, time]);
  }

  async writeCache(domain: string, status: number, row: CachedRow): Promise<void> {
    await this.#rows('write-cache', CACHE_WRITE_SQL, [domain, status, row.body, row.expiresAt]);
  }

  purgeCache(time: number): Promise<number> {
    return this.#changed(CACHE_PURGE_SQL, [time]);
  }

  trimNotFoundCache(keep: number): Promise<number> {
    return this.#changed(NOT_FOUND_TRIM_SQL, [keep]);
  }

  async takeFromRateLimit(bucket: string, windowStart: number, count: number): Promise<number> {
    const row = await this.#first<{ taken: number }>('take-from-rate-limit', RATE_LIMIT_TAKE_SQL, [
      windowStart,
      bucket,
      count,
    ]);
    return row?.taken ?? count;
  }

  async purgeRateLimits(windowStart: number): Promise<void> {
    await this.#changed(RATE_LIMIT_PURGE_SQL, [windowStart]);
  }

  async probeWrite(time: number): Promise<void> {
    await this.#changed(WRITE_PROBE_SQL, [time]);
  }

  close(): Promise<void> {
    return this.#pool.end();
  }
}
