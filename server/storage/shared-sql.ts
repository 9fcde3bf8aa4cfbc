/**
 * Statements both backends run as they are, written with PostgreSQL's `$n` parameters, each used once and in
 * order, so that `forSqlite` can spell them as SQLite's `?` (better-sqlite3 binds no `?n`).
 */

/**
 * Adds to a bucket's count for a window, atomically, and returns the total after. One statement, so a
 * lease costs one round trip; the count may pass the limit, and the caller grants only what was below it.
 */
export const RATE_LIMIT_TAKE_SQL = `INSERT INTO rate_limit_counts (window_start, bucket, taken) VALUES ($1, $2, $3)
  ON CONFLICT (window_start, bucket) DO UPDATE SET taken = rate_limit_counts.taken + excluded.taken
  RETURNING taken`;

/**
 * Keeps the newest `$1` 404 answers. Every 404 is cached for the same time, so the earliest expiry is the
 * oldest answer; ties at the cut go too, so at most `$1` remain. The partial index on 404 rows' expiry makes
 * the offset a walk of that index.
 */
export const NOT_FOUND_TRIM_SQL = `DELETE FROM lookup_cache WHERE status = 404 AND expires_at <= (
  SELECT expires_at FROM lookup_cache WHERE status = 404 ORDER BY expires_at DESC LIMIT 1 OFFSET $1)`;

export const WRITE_PROBE_SQL = `INSERT INTO write_probe (id, probed_at) VALUES (1, $1)
  ON CONFLICT (id) DO UPDATE SET probed_at = excluded.probed_at`;

export function forSqlite(sql: string): string {
  return sql.replace(/\$\d+/g, '?');
}
