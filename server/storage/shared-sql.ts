import { canPaySql } from '#server/billing-rule.ts';
import type { PayingBalance } from './storage.ts';

/**
 * Statements both backends run as they are, written with PostgreSQL's `$n` parameters, each used once and in
 * order, so that `forSqlite` can spell them as SQLite's `?` (better-sqlite3 binds no `?n`). Column aliases
 * are double-quoted: PostgreSQL folds an unquoted one to lower case, SQLite keeps either as written.
 * What the dialects do differently stays in each backend: the charge (a transaction in SQLite, one locking
 * statement in PostgreSQL).
 */

/** The account of a key that exists and is not revoked. */
export const ACCOUNT_FOR_KEY_SQL =
  'SELECT account_id AS id FROM api_keys WHERE key_hash = $1 AND revoked_at IS NULL';

export const LIVE_KEY_HASH_PREFIXES_SQL =
  'SELECT substr(key_hash, 1, $1) AS prefix FROM api_keys WHERE revoked_at IS NULL';

/**
 * An account's balance (PayingBalance), and whether it could pay for one answer at `$1` by the billing rule,
 * as 1 or 0: PostgreSQL's booleans and SQLite's integers come back alike. The backends add the accounts: one
 * in SQLite, an array in PostgreSQL.
 */
export const BALANCE_SELECT_SQL = `SELECT id, credits, subscription_expires_at AS "subscriptionExpiresAt",
    subscription_allowance AS "subscriptionAllowance", CASE WHEN ${canPaySql('$1')} THEN 1 ELSE 0 END AS "canPay"
  FROM accounts`;

/** A row of BALANCE_SELECT_SQL. */
export type BalanceRow = Omit<PayingBalance, 'canPay'> & { id: number; canPay: number };

export function payingBalance({ credits, subscriptionExpiresAt, subscriptionAllowance, canPay }: BalanceRow) {
  return { credits, subscriptionExpiresAt, subscriptionAllowance, canPay: canPay === 1 };
}

export const INSERT_ACCOUNT_SQL = `INSERT INTO accounts (credits, subscription_expires_at, subscription_allowance, created_at)
  VALUES ($1, $2, $3, $4) RETURNING id`;

export const INSERT_KEY_SQL =
  'INSERT INTO api_keys (key_hash, key_prefix, account_id, created_at) VALUES ($1, $2, $3, $4)';

export const ADD_CREDITS_SQL = 'UPDATE accounts SET credits = credits + $1 WHERE id = $2';

/**
 * Adds `$3` milliseconds to the subscription's end, or to now (`$1` and `$2`, the same time) when it has
 * lapsed, and `$4` to its allowance. `CASE` rather than `max`/`greatest`, which the dialects spell apart.
 */
export const EXTEND_SUBSCRIPTION_SQL = `UPDATE accounts SET subscription_expires_at =
    (CASE WHEN coalesce(subscription_expires_at, 0) > $1 THEN subscription_expires_at ELSE $2 END) + $3,
  subscription_allowance = subscription_allowance + $4 WHERE id = $5`;

export const REVOKE_KEY_SQL =
  'UPDATE api_keys SET revoked_at = $1 WHERE key_hash = $2 AND revoked_at IS NULL';

export const REVOKE_ACCOUNT_KEYS_SQL =
  'UPDATE api_keys SET revoked_at = $1 WHERE account_id = $2 AND revoked_at IS NULL';

/** Every key with its account's balance, as `keys list` shows them (AccountSummary). */
export const ACCOUNT_LIST_SQL = `SELECT a.id, k.key_prefix AS "keyPrefix", a.credits,
    a.subscription_expires_at AS "subscriptionExpiresAt", a.subscription_allowance AS "subscriptionAllowance",
    a.lookups, k.revoked_at AS "revokedAt"
  FROM api_keys k JOIN accounts a ON a.id = k.account_id ORDER BY a.id, k.created_at`;

/** A domain's cached answer, unless it expired by `$2` (CachedRow). */
export const CACHE_READ_SQL =
  'SELECT body, expires_at AS "expiresAt" FROM lookup_cache WHERE domain = $1 AND expires_at > $2';

export const CACHE_WRITE_SQL = `INSERT INTO lookup_cache (domain, status, body, expires_at) VALUES ($1, $2, $3, $4)
  ON CONFLICT (domain) DO UPDATE SET status = excluded.status, body = excluded.body, expires_at = excluded.expires_at`;

export const CACHE_PURGE_SQL = 'DELETE FROM lookup_cache WHERE expires_at <= $1';

/**
 * Keeps the newest `$1` 404 answers. Every 404 is cached for the same time, so the earliest expiry is the
 * oldest answer; ties at the cut go too, so at most `$1` remain. The partial index on 404 rows' expiry makes
 * the offset a walk of that index.
 */
export const NOT_FOUND_TRIM_SQL = `DELETE FROM lookup_cache WHERE status = 404 AND expires_at <= (
  SELECT expires_at FROM lookup_cache WHERE status = 404 ORDER BY expires_at DESC LIMIT 1 OFFSET $1)`;

/**
 * Adds to a bucket's count for a window, atomically, and returns the total after. One statement, so a
 * lease costs one round trip; the count may pass the limit, and the caller grants only what was below it.
 */
export const RATE_LIMIT_TAKE_SQL = `INSERT INTO rate_limit_counts (window_start, bucket, taken) VALUES ($1, $2, $3)
  ON CONFLICT (window_start, bucket) DO UPDATE SET taken = rate_limit_counts.taken + excluded.taken
  RETURNING taken`;

export const RATE_LIMIT_PURGE_SQL = 'DELETE FROM rate_limit_counts WHERE window_start < $1';

export const WRITE_PROBE_SQL = `INSERT INTO write_probe (id, probed_at) VALUES (1, $1)
  ON CONFLICT (id) DO UPDATE SET probed_at = excluded.probed_at`;

export function forSqlite(sql: string): string {
  return sql.replace(/\$\d+/g, '?');
}
