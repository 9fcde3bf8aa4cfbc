import { createHash, randomBytes } from 'node:crypto';
import type { Db } from './database.ts';

const KEY_PREFIX = 'wl_';
/** Characters of a key shown by `keys list`: enough to tell keys apart, too few to use one. */
const SHOWN_KEY_CHARACTERS = 8;
const DAY_MS = 24 * 3600 * 1000;
/** Known keys remembered with their account: hashing and a SQLite read were a fifth of a cached request. */
const REMEMBERED_KEYS = 10_000;
/** Lookups a subscription allows in its period when the creator does not say. */
export const DEFAULT_SUBSCRIPTION_ALLOWANCE = 100_000;

export interface AccountSummary {
  id: number;
  keyPrefix: string;
  credits: number;
  subscriptionExpiresAt: number | null;
  subscriptionAllowance: number;
  lookups: number;
}

/** Keys are stored hashed: a copied database file does not give away working keys. */
function hashKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

interface PendingCharge {
  accountId: number;
  settle: (charged: boolean) => void;
  fail: (error: unknown) => void;
}

export function createAccounts(db: Db, now: () => number = Date.now) {
  const findAccount = db.prepare<[string], { id: number }>(
    'SELECT account_id AS id FROM api_keys WHERE key_hash = ?',
  );
  const canPayStatement = db.prepare<[number, number], { ok: number }>(
    `SELECT (subscription_expires_at > ? AND subscription_allowance > 0) OR credits > 0 AS ok
     FROM accounts WHERE id = ?`,
  );
  // Keys are never deleted, so a key once found keeps its account.
  const accountByKey = new Map<string, number>();
  const readBalance = db.prepare<
    [number],
    { credits: number; subscriptionExpiresAt: number | null; subscriptionAllowance: number }
  >(
    `SELECT credits, subscription_expires_at AS subscriptionExpiresAt, subscription_allowance AS subscriptionAllowance
     FROM accounts WHERE id = ?`,
  );
  const spend = db.prepare<[number, number, number, number]>(
    `UPDATE accounts SET subscription_allowance = subscription_allowance - ?, credits = credits - ?,
       lookups = lookups + ? WHERE id = ?`,
  );
  const insertAccount = db.prepare<[number, number | null, number, number]>(
    `INSERT INTO accounts (credits, subscription_expires_at, subscription_allowance, created_at)
     VALUES (?, ?, ?, ?)`,
  );
  const insertKey = db.prepare<[string, string, number | bigint, number]>(
    'INSERT INTO api_keys (key_hash, key_prefix, account_id, created_at) VALUES (?, ?, ?, ?)',
  );
  const addCredits = db.prepare<[number, number]>('UPDATE accounts SET credits = credits + ? WHERE id = ?');
  const extendSubscription = db.prepare<[number, number, number, number]>(
    `UPDATE accounts SET subscription_expires_at = max(coalesce(subscription_expires_at, 0), ?) + ?,
       subscription_allowance = subscription_allowance + ? WHERE id = ?`,
  );
  const listStatement = db.prepare<[], AccountSummary>(
    `SELECT a.id, k.key_prefix AS keyPrefix, a.credits, a.subscription_expires_at AS subscriptionExpiresAt,
       a.subscription_allowance AS subscriptionAllowance, a.lookups
     FROM api_keys k JOIN accounts a ON a.id = k.account_id ORDER BY a.id`,
  );

  /**
   * Charges up to `count` answers to one account, one unit each: the subscription's allowance while it is
   * valid, then credits. Returns how many were paid. Run inside the write transaction, so the balance
   * read is the one written back.
   */
  const chargeAccount = (accountId: number, count: number, time: number): number => {
    const balance = readBalance.get(accountId);
    if (!balance) return 0;
    const subscriptionValid = (balance.subscriptionExpiresAt ?? 0) > time;
    const fromAllowance = subscriptionValid ? Math.min(count, balance.subscriptionAllowance) : 0;
    const fromCredits = Math.min(count - fromAllowance, balance.credits);
    const paid = fromAllowance + fromCredits;
    if (paid > 0) spend.run(fromAllowance, fromCredits, paid, accountId);
    return paid;
  };

  /**
   * Group commit: the charges asked for within one turn of the event loop are made in one transaction
   * holding SQLite's write lock, so under any concurrency, in this process or another, no balance goes
   * below zero and two answers never share one unit; and as no answer goes out before its charge is
   * committed, a crash loses neither an answer's charge nor a credit. One commit per request cost 80 % of
   * the cached path's time, and then one UPDATE per charge still about 8 % (profiled under autocannon),
   * so the turn's charges to one account are one read and one write: the first asked for are the ones paid.
   */
  let pending: PendingCharge[] = [];
  const chargeBatch = db.transaction((batch: readonly PendingCharge[]): boolean[] => {
    const time = now();
    const asked = new Map<number, number>();
    for (const { accountId } of batch) asked.set(accountId, (asked.get(accountId) ?? 0) + 1);
    const paidLeft = new Map<number, number>();
    for (const [accountId, count] of asked) paidLeft.set(accountId, chargeAccount(accountId, count, time));
    return batch.map(({ accountId }) => {
      const left = paidLeft.get(accountId) ?? 0;
      paidLeft.set(accountId, left - 1);
      return left > 0;
    });
  });
  const flush = () => {
    const batch = pending;
    pending = [];
    let charged: boolean[];
    try {
      charged = chargeBatch.immediate(batch);
    } catch (error) {
      for (const entry of batch) entry.fail(error);
      return;
    }
    for (const [i, entry] of batch.entries()) entry.settle(charged[i] === true);
  };

  return {
    /** The account behind a key, or null for a missing or unknown key. */
    accountForKey(key: string): number | null {
      const remembered = accountByKey.get(key);
      if (remembered !== undefined) return remembered;
      const id = findAccount.get(hashKey(key))?.id;
      if (id === undefined) return null;
      if (accountByKey.size >= REMEMBERED_KEYS) accountByKey.clear();
      accountByKey.set(key, id);
      return id;
    },
    /** Whether the account could pay for one answer now: checked before any lookup work. */
    canPay(accountId: number): boolean {
      return canPayStatement.get(now(), accountId)?.ok === 1;
    },
    /**
     * Charges one answer: `settle` learns, once the charge is committed, whether it was paid (false when
     * the account has nothing left to pay with); `fail`, when the transaction failed. Callbacks, not a
     * promise, so the answer goes out in the turn that commits it; they must not throw.
     */
    charge(accountId: number, settle: (charged: boolean) => void, fail: (error: unknown) => void): void {
      if (pending.length === 0) setImmediate(flush);
      pending.push({ accountId, settle, fail });
    },
    /**
     * Creates an account with one key and returns the key (shown once; only its hash is stored). A key is
     * made up unless one is given (the local demo key).
     */
    create(options: {
      credits: number;
      subscriptionDays?: number;
      allowance?: number;
      key?: string;
    }): string {
      const key = options.key ?? `${KEY_PREFIX}${randomBytes(24).toString('base64url')}`;
      db.transaction(() => {
        const createdAt = now();
        const expiresAt = options.subscriptionDays ? createdAt + options.subscriptionDays * DAY_MS : null;
        const allowance = options.subscriptionDays
          ? (options.allowance ?? DEFAULT_SUBSCRIPTION_ALLOWANCE)
          : 0;
        const { lastInsertRowid } = insertAccount.run(options.credits, expiresAt, allowance, createdAt);
        insertKey.run(
          hashKey(key),
          key.slice(0, KEY_PREFIX.length + SHOWN_KEY_CHARACTERS),
          lastInsertRowid,
          createdAt,
        );
      }).immediate();
      return key;
    },
    /** Adds credits and/or subscription days to the key's account; false when the key is unknown. */
    topUp(
      key: string,
      options: { credits?: number; subscriptionDays?: number; allowance?: number },
    ): boolean {
      const accountId = findAccount.get(hashKey(key))?.id;
      if (accountId === undefined) return false;
      db.transaction(() => {
        if (options.credits) addCredits.run(options.credits, accountId);
        if (options.subscriptionDays) {
          const allowance = options.allowance ?? DEFAULT_SUBSCRIPTION_ALLOWANCE;
          extendSubscription.run(now(), options.subscriptionDays * DAY_MS, allowance, accountId);
        }
      }).immediate();
      return true;
    },
    list(): AccountSummary[] {
      return listStatement.all();
    },
  };
}

export type Accounts = ReturnType<typeof createAccounts>;
