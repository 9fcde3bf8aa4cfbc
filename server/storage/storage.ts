/** What an account can pay with. Times are milliseconds since the epoch, as everywhere in storage. */
export interface Balance {
  credits: number;
  subscriptionExpiresAt: number | null;
  subscriptionAllowance: number;
}

/** An account's balance, and whether it could pay for one answer at the time it was read (canPaySql). */
export interface PayingBalance extends Balance {
  canPay: boolean;
}

/** What a batch charged one account: the units from each source (paidSql), and the balance after them. */
export interface Charged {
  fromAllowance: number;
  fromCredits: number;
  after: Balance;
}

/** One key of an account, with its account's balance: a row of `keys list`. */
export interface AccountSummary extends Balance {
  id: number;
  keyPrefix: string;
  lookups: number;
  /** When the key was revoked; null while it works. */
  revokedAt: number | null;
}

export interface NewAccount extends Balance {
  keyHash: string;
  keyPrefix: string;
  createdAt: number;
}

export interface TopUp {
  credits: number;
  /** Added to the subscription's end, or to now when it has lapsed; null leaves the subscription alone. */
  subscription: { durationMs: number; allowance: number } | null;
}

/** A cached answer as stored: its JSON and when it stops being served. */
export interface CachedRow {
  body: string;
  expiresAt: number;
}

/** Which keys `revokeKeys` revokes: the one key with this hash, or every key of an account. */
export type KeySelection = { keyHash: string } | { accountId: number };

/**
 * Where accounts, keys, credits and the lookup cache live: one small interface, one file per backend
 * (`sqlite.ts`, the embedded default; `postgres.ts`, shared by several service processes), each with its own
 * migrations beside it. The HTTP layer never learns which one it talks to.
 */
export interface Storage {
  /** Where the data is, for the start-up line; never a password. */
  readonly description: string;
  /** The account of a key that exists and is not revoked; null otherwise. */
  accountIdForKeyHash(keyHash: string): Promise<number | null>;
  /** The first `length` characters of the hash of every key that is not revoked, in one query. */
  liveKeyHashPrefixes(length: number): Promise<string[]>;
  /** The balances of these accounts now, and whether each could pay for one answer at `time`, in one read. */
  readBalances(accountIds: readonly number[], time: number): Promise<Map<number, PayingBalance>>;
  /**
   * Charges each account up to the number of answers asked of it, by the billing rule (`paidSql`), holding
   * the accounts from the read of their balances to the write, so that charges from every process sharing
   * the database add up exactly. Returns, for every account asked that exists, what it paid and its balance
   * once the batch is committed.
   */
  charge(asked: ReadonlyMap<number, number>, time: number): Promise<Map<number, Charged>>;
  createAccount(account: NewAccount): Promise<void>;
  /** False when no account has this key. */
  topUp(keyHash: string, grant: TopUp, time: number): Promise<boolean>;
  /** Marks the selected keys revoked at `time`; returns how many were not revoked already. */
  revokeKeys(selection: KeySelection, time: number): Promise<number>;
  listAccounts(): Promise<AccountSummary[]>;
  /** The cached answer for a domain, unless it expired by `time`. */
  readCache(domain: string, time: number): Promise<CachedRow | null>;
  writeCache(domain: string, status: number, row: CachedRow): Promise<void>;
  /** Drops entries expired by `time`; returns how many. */
  purgeCache(time: number): Promise<number>;
  /** Drops the oldest 404 answers beyond the newest `keep`; returns how many. */
  trimNotFoundCache(keep: number): Promise<number>;
  /**
   * Adds `count` to what `bucket` has taken in the rate-limit window starting at `windowStart`, atomically
   * across processes, and returns the total taken after the addition (which may pass the limit: the caller
   * grants only what was left below it).
   */
  takeFromRateLimit(bucket: string, windowStart: number, count: number): Promise<number>;
  /** Drops the rate-limit counts of windows that started before `windowStart`. */
  purgeRateLimits(windowStart: number): Promise<void>;
  /** Writes one row: fails when the database cannot be written (read-only, full, gone). */
  probeWrite(time: number): Promise<void>;
  close(): Promise<void>;
}
