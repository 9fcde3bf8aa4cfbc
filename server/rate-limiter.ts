import type { Storage } from '#server/storage/storage.ts';
import { after, type Eventually } from './eventually.ts';

/**
 * A lease is at most this share of a limit: with P processes sharing a limit, at most P - 1 leases lie unused
 * in other processes when one is refused, so a client is refused only after at least
 * limit × (1 - (P - 1) / LEASES_PER_LIMIT) of its requests were let through.
 */
const LEASES_PER_LIMIT = 10;
/**
 * Nor more than this: one database write per thousand requests is nothing even at full speed, and a larger
 * lease would only keep more of a limit idle in one process.
 */
const MAX_LEASE = 1_000;

/** How many units a process takes from the database at once for a limit. */
export function leaseSize(limit: number): number {
  return Math.max(1, Math.min(MAX_LEASE, Math.floor(limit / LEASES_PER_LIMIT)));
}

interface Bucket {
  /** Units leased and not yet used, for the current window. */
  units: number;
  /** The window's limit is used up across every process: refuse without asking again until it ends. */
  spent: boolean;
  leasing: Promise<void> | null;
}

export interface RateLimiterOptions {
  windowMs: number;
  now?: () => number;
  /** Hears a failure of the purge of past windows, which nobody waits for. */
  onPurgeError?: (error: unknown) => void;
}

/**
 * Fixed-window rate limits shared by every process on one database, without a database round trip per
 * request: a process leases units of a bucket's limit (LEASES_PER_LIMIT, MAX_LEASE) in one atomic statement
 * that adds to the window's count, and hands them out from memory. The units granted across processes never
 * add up past the limit, since each lease is granted only what was below the limit when it was added. A
 * bucket found spent is refused from memory until its window ends. Leases of a past window are dropped with
 * it, so memory holds only the buckets seen in one window.
 */
export function createRateLimiter(
  storage: Pick<Storage, 'takeFromRateLimit' | 'purgeRateLimits'>,
  { windowMs, now = Date.now, onPurgeError = () => {} }: RateLimiterOptions,
) {
  let windowStart = Number.NaN;
  let buckets = new Map<string, Bucket>();

  const currentWindow = (): number => {
    const time = now();
    const start = time - (time % windowMs);
    if (start !== windowStart) {
      windowStart = start;
      buckets = new Map();
      // The window before stays: a process whose clock is a little behind may still be leasing from it.
      try {
        const purged = storage.purgeRateLimits(start - windowMs);
        if (purged instanceof Promise) purged.catch(onPurgeError);
      } catch (error) {
        onPurgeError(error);
      }
    }
    return start;
  };

  const lease = (name: string, bucket: Bucket, start: number, limit: number): Eventually<void> => {
    const asked = leaseSize(limit);
    return after(storage.takeFromRateLimit(name, start, asked), (taken) => {
      const granted = Math.max(0, Math.min(asked, limit - (taken - asked)));
      bucket.units += granted;
      if (granted < asked) bucket.spent = true;
    });
  };

  function take(name: string, limit: number): Eventually<boolean> {
    const start = currentWindow();
    let bucket = buckets.get(name);
    if (!bucket) {
      bucket = { units: 0, spent: false, leasing: null };
      buckets.set(name, bucket);
    }
    if (bucket.units > 0) {
      bucket.units--;
      return true;
    }
    if (bucket.spent) return false;
    if (!bucket.leasing) {
      const leased = lease(name, bucket, start, limit);
      // SQLite answers at once: the lease either granted a unit or found the limit spent.
      if (!(leased instanceof Promise)) return take(name, limit);
      const waiting = bucket;
      bucket.leasing = leased.finally(() => {
        waiting.leasing = null;
      });
    }
    // Those waiting for one lease share it; whoever finds it used up leases again.
    return bucket.leasing.then(() => take(name, limit));
  }

  return {
    /** Takes one unit of the bucket's limit for this window: false when the limit is used up. */
    take,
    /** Whether the bucket's limit is known, here and now, to be used up for this window. */
    isSpent(name: string): boolean {
      currentWindow();
      const bucket = buckets.get(name);
      return bucket?.spent === true && bucket.units === 0;
    },
    /** Whole seconds until the current window ends, at least 1: the Retry-After of a refusal. */
    retryAfterSeconds(): number {
      const start = currentWindow();
      return Math.max(1, Math.ceil((start + windowMs - now()) / 1000));
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
