import { createHash, randomBytes } from 'node:crypto';
import type { AccountSummary, Storage } from '#server/storage/storage.ts';
import { after, type Eventually } from './eventually.ts';
import { LiveKeyList } from './live-keys.ts';

const KEY_PREFIX = 'wl_';
/** Characters of a key shown by `keys list`: enough to tell keys apart, too few to use one. */
const SHOWN_KEY_CHARACTERS = 8;
const DAY_MS = 24 * 3600 * 1000;
/** Known keys remembered with their account: hashing and a SQLite read were a fifth of a cached request. */
export const REMEMBERED_KEYS = 10_000;
/** Lookups a subscription allows in its period when the creator does not say. */
export const DEFAULT_SUBSCRIPTION_ALLOWANCE = 100_000;
/**
 * The most one grant may give: far above any purchase, and far enough below 2^53 that balances stay exact
 * numbers after any top-ups a person could make.
 */
export const MAX_CREDITS = 1_000_000_000;
export const MAX_ALLOWANCE = 1_000_000_000;
/** Ten years: longer than any subscription sold, and dates that every tool prints (a year past 275760 does not). */
export const MAX_SUBSCRIPTION_DAYS = 3_660;
/** How long a process trusts a key it checked, when not told: a revoked key is refused everywhere within it. */
export const DEFAULT_KEY_MEMORY_MS = 30_000;

/** Keys are stored hashed: a copied database does not give away working keys. */
export function hashKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

interface PendingCharge {
  accountId: number;
  settle: (charged: boolean) => void;
  fail: (error: unknown) => void;
}

interface RememberedKey {
  accountId: number;
  checkedAt: number;
}

export interface AccountsOptions {
  now?: () => number;
  /** How long a key found in the database is trusted without asking again: the bound on revocation. */
  keyMemoryMs?: number;
}

export function createAccounts(
  storage: Storage,
  { now = Date.now, keyMemoryMs = DEFAULT_KEY_MEMORY_MS }: AccountsOptions = {},
) {
  const liveKeys = new LiveKeyList(storage, { now });
  // A key never moves to another account, but it can be revoked by any process: so it is asked again
  // once its memory is older than keyMemoryMs.
  const accountByKey = new Map<string, RememberedKey>();
  const remembered = (key: string): RememberedKey | undefined => {
    const entry = accountByKey.get(key);
    return entry && now() - entry.checkedAt < keyMemoryMs ? entry : undefined;
  };

  /**
   * Group commit: the charges asked for while no charge is being committed are made together, in one
   * transaction that holds the accounts (storage.charge), so under any concurrency, in this process or
   * another, no balance goes below zero and two answers never share one unit; and as no answer goes out
   * before its charge is committed, a crash loses neither an answer's charge nor a credit. One commit per
   * request cost 80 % of the cached path's time with SQLite (profiled under autocannon). SQLite commits in
   * the turn the charges were asked in; while a PostgreSQL commit is on the wire, the next batch gathers.
   * Within a batch, the first asked for are the ones paid.
   */
  let pending: PendingCharge[] = [];
  let committing = false;
  const settleBatch = (batch: readonly PendingCharge[], paid: Map<number, number>) => {
    for (const entry of batch) {
      const left = paid.get(entry.accountId) ?? 0;
      paid.set(entry.accountId, left - 1);
      entry.settle(left > 0);
    }
  };
  const failBatch = (batch: readonly PendingCharge[], error: unknown) => {
    for (const entry of batch) entry.fail(error);
  };
  const flush = () => {
    if (pending.length === 0) return;
    const batch = pending;
    pending = [];
    const asked = new Map<number, number>();
    for (const { accountId } of batch) asked.set(accountId, (asked.get(accountId) ?? 0) + 1);
    let paid: Eventually<Map<number, number>>;
    try {
      paid = storage.charge(asked, now());
    } catch (error) {
      failBatch(batch, error);
      return;
    }
    if (!(paid instanceof Promise)) {
      settleBatch(batch, paid);
      return;
    }
    committing = true;
    paid
      .then(
        (committed) => settleBatch(batch, committed),
        (error: unknown) => failBatch(batch, error),
      )
      .finally(() => {
        committing = false;
        if (pending.length > 0) flush();
      });
  };

  return {
    /** The account behind a key, or null for a key that is unknown or revoked. */
    accountForKey(key: string): Eventually<number | null> {
      const entry = remembered(key);
      if (entry) return entry.accountId;
      const checkedAt = now();
      return after(storage.accountIdForKeyHash(hashKey(key)), (id) => {
        if (id === null) {
          accountByKey.delete(key);
          return null;
        }
        if (accountByKey.size >= REMEMBERED_KEYS) accountByKey.clear();
        accountByKey.set(key, { accountId: id, checkedAt });
        return id;
      });
    },
    /** Whether the key is one this process checked recently and found working: no database needed to use it. */
    knows(key: string): boolean {
      return remembered(key) !== undefined;
    },
    /**
     * Whether the key is on the list of keys that are not revoked, read after this call (LiveKeyList): a
     * guess is not, and is told so without a query of its own.
     */
    isListed(key: string): Eventually<boolean> {
      return liveKeys.has(hashKey(key));
    },
    /** Whether the account could pay for one answer now: checked before any lookup work. */
    canPay(accountId: number): Eventually<boolean> {
      return storage.canPay(accountId, now());
    },
    /**
     * Charges one answer: `settle` learns, once the charge is committed, whether it was paid (false when
     * the account has nothing left to pay with); `fail`, when the transaction failed. Callbacks, not a
     * promise, so the answer goes out in the turn that commits it; they must not throw.
     */
    charge(accountId: number, settle: (charged: boolean) => void, fail: (error: unknown) => void): void {
      if (pending.length === 0 && !committing) setImmediate(flush);
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
    }): Eventually<string> {
      const key = options.key ?? `${KEY_PREFIX}${randomBytes(24).toString('base64url')}`;
      const createdAt = now();
      const created = storage.createAccount({
        keyHash: hashKey(key),
        keyPrefix: key.slice(0, KEY_PREFIX.length + SHOWN_KEY_CHARACTERS),
        credits: options.credits,
        subscriptionExpiresAt: options.subscriptionDays
          ? createdAt + options.subscriptionDays * DAY_MS
          : null,
        subscriptionAllowance: options.subscriptionDays
          ? (options.allowance ?? DEFAULT_SUBSCRIPTION_ALLOWANCE)
          : 0,
        createdAt,
      });
      return after(created, () => key);
    },
    /** Adds credits and/or subscription days to the key's account; false when the key is unknown. */
    topUp(
      key: string,
      options: { credits?: number; subscriptionDays?: number; allowance?: number },
    ): Eventually<boolean> {
      const subscription = options.subscriptionDays
        ? {
            durationMs: options.subscriptionDays * DAY_MS,
            allowance: options.allowance ?? DEFAULT_SUBSCRIPTION_ALLOWANCE,
          }
        : null;
      return storage.topUp(hashKey(key), { credits: options.credits ?? 0, subscription }, now());
    },
    /** Revokes the key, or every key of an account; returns how many keys were revoked now. */
    revoke(selection: { key: string } | { accountId: number }): Eventually<number> {
      return storage.revokeKeys(
        'key' in selection ? { keyHash: hashKey(selection.key) } : { accountId: selection.accountId },
        now(),
      );
    },
    list(): Eventually<AccountSummary[]> {
      return storage.listAccounts();
    },
  };
}

export type Accounts = ReturnType<typeof createAccounts>;
