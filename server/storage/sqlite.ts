import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { Worker } from 'node:worker_threads';
import Database, { type Statement } from 'better-sqlite3';
import { paidSql } from '#server/billing-rule.ts';
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
  forSqlite,
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
import { migrateSqlite } from './sqlite-migrations.ts';
import type {
  AccountSummary,
  Balance,
  CachedRow,
  Charged,
  KeySelection,
  NewAccount,
  PayingBalance,
  Storage,
  TopUp,
} from './storage.ts';

export type SqliteDb = Database.Database;

/** How long a statement waits for another process's lock before failing with "database is locked". */
const BUSY_TIMEOUT_MS = 5_000;
/** The pause between two tries to switch a new file to WAL while another process switches it. */
const WAL_SWITCH_RETRY_MS = 5;
/** How often the service's checkpointer thread moves the write-ahead log into the database file. */
const BACKGROUND_CHECKPOINT_INTERVAL_MS = 250;
/**
 * Pages the write-ahead log may hold before a commit of the service's own thread checkpoints it, the
 * checkpointer thread notwithstanding (40 MB at 4 KiB pages). Under steady writes the log is only started
 * afresh by a checkpoint that no commit overtakes, which the checkpointer's, taking a sync or two, rarely
 * is: this one is. SQLite's default is 1,000 pages, one checkpoint (and its two syncs, tens of
 * milliseconds on a busy disk) in the service's thread every 1,000 commits.
 */
const BACKSTOP_CHECKPOINT_PAGES = 10_000;

/**
 * Switches the file to write-ahead logging. On a new file the switch reads the header, then writes it: and
 * SQLite fails a read turning into a write at once with "database is locked", without waiting (two such
 * would wait for each other forever), when another process is switching the same file. So it is tried
 * again, for as long as a lock is waited for; once the other process is done, the file is in WAL already.
 */
function switchToWal(db: SqliteDb): void {
  const deadline = performance.now() + BUSY_TIMEOUT_MS;
  for (;;) {
    try {
      db.pragma('journal_mode = WAL');
      return;
    } catch (error) {
      if ((error as { code?: unknown }).code !== 'SQLITE_BUSY' || performance.now() > deadline) throw error;
      // A pause that blocks, as the whole open does: it runs once, at start.
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, WAL_SWITCH_RETRY_MS);
    }
  }
}

/** What SQLite's error codes say is wrong with the file, for a message an operator can act on. */
function describeOpenFailure(path: string, error: unknown): Error {
  const code = (error as { code?: unknown }).code;
  const reason = error instanceof Error ? error.message : String(error);
  if (code === 'SQLITE_NOTADB' || (typeof code === 'string' && code.startsWith('SQLITE_CORRUPT'))) {
    return new Error(
      `The SQLite database at ${path} is corrupt or not a SQLite file (${reason}): restore it from a backup, or move it away to start with an empty one.`,
    );
  }
  if (typeof code === 'string' && /^SQLITE_(READONLY|CANTOPEN|PERM|IOERR)/.test(code)) {
    return new Error(
      `The SQLite database at ${path} cannot be written (${reason}): the service writes the file and, for its write-ahead log, the folder it is in.`,
    );
  }
  return error instanceof Error ? error : new Error(reason);
}

/**
 * Opens (creating on first start) the one SQLite file that holds accounts, keys, credits and the cache, with
 * its schema up to date, and refuses a file that is corrupt or cannot be written: SQLite opens a read-only
 * file read-only without a word, and reads a damaged one until a query meets the damage, so without these
 * checks the service started and answered every lookup with a 500. `quick_check` reads every page once: a
 * second or so per 100 MB, at start only. WAL lets the keys CLI top up while the service runs, and a
 * committed transaction survives the process being killed (synchronous=NORMAL loses nothing on a process
 * crash, only possibly on power loss).
 */
export function openSqliteDatabase(path: string): SqliteDb {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  let db: SqliteDb | undefined;
  try {
    db = new Database(path, { timeout: BUSY_TIMEOUT_MS });
    switchToWal(db);
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    const problems = db.pragma('quick_check', { simple: false }) as { quick_check: string }[];
    if (problems[0]?.quick_check !== 'ok') {
      throw Object.assign(new Error(problems.map((row) => row.quick_check).join('; ')), {
        code: 'SQLITE_CORRUPT',
      });
    }
    migrateSqlite(db);
    return db;
  } catch (error) {
    db?.close();
    throw describeOpenFailure(path, error);
  }
}

export interface SqliteStorageOptions {
  /**
   * Checkpoints in a thread of their own, as the service does: SQLite checkpoints in the committing thread,
   * and a checkpoint waits for the disk, so the service's thread stopped for tens of milliseconds every
   * 1,000 commits (cost of a charge batch with them: about 60 µs; without: about 35 µs; measured here).
   */
  backgroundCheckpoints?: boolean;
}

/** The embedded backend, the default, on the file at `path`; refused unless the file takes a write. */
export function openSqliteStorage(
  path: string,
  { backgroundCheckpoints = false }: SqliteStorageOptions = {},
): Storage {
  const db = openSqliteDatabase(path);
  try {
    db.prepare<[number]>(forSqlite(WRITE_PROBE_SQL)).run(Date.now());
  } catch (error) {
    db.close();
    throw describeOpenFailure(path, error);
  }
  const checkpointer = backgroundCheckpoints && path !== ':memory:' ? startCheckpointer(db, path) : null;
  return new SqliteStorage(db, `database ${path}`, checkpointer);
}

/** Starts the checkpointer thread (sqlite-checkpointer.js); this connection checkpoints only as a backstop. */
function startCheckpointer(db: SqliteDb, path: string): Worker {
  db.pragma(`wal_autocheckpoint = ${BACKSTOP_CHECKPOINT_PAGES}`);
  const worker = new Worker(new URL('./sqlite-checkpointer.js', import.meta.url), {
    workerData: { path, intervalMs: BACKGROUND_CHECKPOINT_INTERVAL_MS },
  });
  // A thread that fails leaves the checkpoints to the backstop; it never keeps the process alive.
  worker.on('error', (error) =>
    console.error(`SQLite checkpoints in the background stopped: ${error.message}`),
  );
  worker.unref();
  return worker;
}

/** The statements on keys and accounts; the charge is a transaction of its own (chargeTransaction). */
function accountStatements(db: SqliteDb) {
  const prepare = <P extends unknown[], R = unknown>(sql: string) => db.prepare<P, R>(forSqlite(sql));
  return {
    findAccount: prepare<[string], { id: number }>(ACCOUNT_FOR_KEY_SQL),
    liveKeyHashPrefixes: prepare<[number], string>(LIVE_KEY_HASH_PREFIXES_SQL).pluck(),
    balance: prepare<[number, number], BalanceRow>(`${BALANCE_SELECT_SQL} WHERE id = $2`),
    insertAccount: prepare<[number, number | null, number, number], { id: number }>(INSERT_ACCOUNT_SQL),
    insertKey: prepare<[string, string, number, number]>(INSERT_KEY_SQL),
    addCredits: prepare<[number, number]>(ADD_CREDITS_SQL),
    extendSubscription: prepare<[number, number, number, number, number]>(EXTEND_SUBSCRIPTION_SQL),
    revokeByHash: prepare<[number, string]>(REVOKE_KEY_SQL),
    revokeByAccount: prepare<[number, number]>(REVOKE_ACCOUNT_KEYS_SQL),
    list: prepare<[], AccountSummary>(ACCOUNT_LIST_SQL),
  };
}

/**
 * The charge of a batch: one read (the billing rule, in SQL) and one write per account, as one UPDATE per
 * charge cost about 8 % of the cached path (profiled under autocannon). Run as an immediate transaction,
 * which holds SQLite's write lock from the read on, so the balance read is the one written back, in this
 * process or another.
 */
function chargeTransaction(db: SqliteDb) {
  const paid = paidSql('@answers', '@time');
  const split = db.prepare<
    [{ answers: number; time: number; id: number }],
    Balance & { fromAllowance: number; fromCredits: number }
  >(
    `SELECT ${paid.fromAllowance} AS fromAllowance, ${paid.fromCredits} AS fromCredits, credits,
       subscription_expires_at AS subscriptionExpiresAt, subscription_allowance AS subscriptionAllowance
     FROM accounts WHERE id = @id`,
  );
  const spend = db.prepare<[number, number, number, number]>(
    `UPDATE accounts SET subscription_allowance = subscription_allowance - ?, credits = credits - ?,
       lookups = lookups + ? WHERE id = ?`,
  );
  return db.transaction((asked: ReadonlyMap<number, number>, time: number) => {
    const charged = new Map<number, Charged>();
    for (const [accountId, count] of asked) {
      const row = split.get({ answers: count, time, id: accountId });
      if (!row) continue;
      const { fromAllowance, fromCredits } = row;
      if (fromAllowance + fromCredits > 0)
        spend.run(fromAllowance, fromCredits, fromAllowance + fromCredits, accountId);
      charged.set(accountId, {
        fromAllowance,
        fromCredits,
        after: {
          credits: row.credits - fromCredits,
          subscriptionExpiresAt: row.subscriptionExpiresAt,
          subscriptionAllowance: row.subscriptionAllowance - fromAllowance,
        },
      });
    }
    return charged;
  });
}

/** The statements on the lookup cache. */
function cacheStatements(db: SqliteDb) {
  return {
    read: db.prepare<[string, number], CachedRow>(forSqlite(CACHE_READ_SQL)),
    write: db.prepare<[string, number, string, number]>(forSqlite(CACHE_WRITE_SQL)),
    purge: db.prepare<[number]>(forSqlite(CACHE_PURGE_SQL)),
    trimNotFound: db.prepare<[number]>(forSqlite(NOT_FOUND_TRIM_SQL)),
  };
}

/** The statements on the rate limits' counts. */
function rateLimitStatements(db: SqliteDb) {
  return {
    take: db.prepare<[number, string, number], { taken: number }>(forSqlite(RATE_LIMIT_TAKE_SQL)),
    purge: db.prepare<[number]>(forSqlite(RATE_LIMIT_PURGE_SQL)),
  };
}

/**
 * The embedded backend over an open database. Every statement runs synchronously inside its method, so a
 * method's promise is settled by the time it returns.
 */
export class SqliteStorage implements Storage {
  readonly description: string;
  readonly #db: SqliteDb;
  readonly #accounts: ReturnType<typeof accountStatements>;
  readonly #charge: ReturnType<typeof chargeTransaction>;
  readonly #cache: ReturnType<typeof cacheStatements>;
  readonly #rateLimits: ReturnType<typeof rateLimitStatements>;
  readonly #probeWrite: Statement<[number]>;
  readonly #checkpointer: Worker | null;

  constructor(db: SqliteDb, description: string, checkpointer: Worker | null = null) {
    this.description = description;
    this.#db = db;
    this.#checkpointer = checkpointer;
    this.#accounts = accountStatements(db);
    this.#charge = chargeTransaction(db);
    this.#cache = cacheStatements(db);
    this.#rateLimits = rateLimitStatements(db);
    this.#probeWrite = db.prepare<[number]>(forSqlite(WRITE_PROBE_SQL));
  }

  async accountIdForKeyHash(keyHash: string): Promise<number | null> {
    return this.#accounts.findAccount.get(keyHash)?.id ?? null;
  }

  async liveKeyHashPrefixes(length: number): Promise<string[]> {
    return this.#accounts.liveKeyHashPrefixes.all(length);
  }

  async readBalances(accountIds: readonly number[], time: number): Promise<Map<number, PayingBalance>> {
    const balances = new Map<number, PayingBalance>();
    for (const accountId of accountIds) {
      const row = this.#accounts.balance.get(time, accountId);
      if (row) balances.set(accountId, payingBalance(row));
    }
    return balances;
  }

  async charge(asked: ReadonlyMap<number, number>, time: number): Promise<Map<number, Charged>> {
    return this.#charge.immediate(asked, time);
  }

  async createAccount(account: NewAccount): Promise<void> {
    const { insertAccount, insertKey } = this.#accounts;
    this.#db
      .transaction(() => {
        const created = insertAccount.get(
          account.credits,
          account.subscriptionExpiresAt,
          account.subscriptionAllowance,
          account.createdAt,
        );
        if (!created) throw new Error('The new account was not stored.');
        insertKey.run(account.keyHash, account.keyPrefix, created.id, account.createdAt);
      })
      .immediate();
  }

  async topUp(keyHash: string, grant: TopUp, time: number): Promise<boolean> {
    const { findAccount, addCredits, extendSubscription } = this.#accounts;
    const accountId = findAccount.get(keyHash)?.id;
    if (accountId === undefined) return false;
    this.#db
      .transaction(() => {
        if (grant.credits) addCredits.run(grant.credits, accountId);
        const { subscription } = grant;
        if (subscription)
          extendSubscription.run(time, time, subscription.durationMs, subscription.allowance, accountId);
      })
      .immediate();
    return true;
  }

  async revokeKeys(selection: KeySelection, time: number): Promise<number> {
    return 'keyHash' in selection
      ? this.#accounts.revokeByHash.run(time, selection.keyHash).changes
      : this.#accounts.revokeByAccount.run(time, selection.accountId).changes;
  }

  async listAccounts(): Promise<AccountSummary[]> {
    return this.#accounts.list.all();
  }

  async readCache(domain: string, time: number): Promise<CachedRow | null> {
    return this.#cache.read.get(domain, time) ?? null;
  }

  async writeCache(domain: string, status: number, row: CachedRow): Promise<void> {
    this.#cache.write.run(domain, status, row.body, row.expiresAt);
  }

  async purgeCache(time: number): Promise<number> {
    return this.#cache.purge.run(time).changes;
  }

  async trimNotFoundCache(keep: number): Promise<number> {
    return this.#cache.trimNotFound.run(keep).changes;
  }

  async takeFromRateLimit(bucket: string, windowStart: number, count: number): Promise<number> {
    return this.#rateLimits.take.get(windowStart, bucket, count)?.taken ?? count;
  }

  async purgeRateLimits(windowStart: number): Promise<void> {
    this.#rateLimits.purge.run(windowStart);
  }

  async probeWrite(time: number): Promise<void> {
    this.#probeWrite.run(time);
  }

  async close(): Promise<void> {
    await this.#checkpointer?.terminate();
    this.#db.close();
  }
}
