import type { Storage } from '#server/storage/storage.ts';

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
export class RateLimiter {
  readonly #storage: Pick<Storage, 'takeFromRateLimit' | 'purgeRateLimits'>;
  readonly #windowMs: number;
  readonly #now: () => number;
  readonly #onPurgeError: (error: unknown) => void;
  #windowStart = Number.NaN;
  #buckets = new Map<string, Bucket>();

  constructor(
    storage: Pick<Storage, 'takeFromRateLimit' | 'purgeRateLimits'>,
    { windowMs, now = Date.now, onPurgeError = () => {} }: RateLimiterOptions,
  ) {
    this.#storage = storage;
    this.#windowMs = windowMs;
    this.#now = now;
    this.#onPurgeError = onPurgeError;
  }

  /** Takes one unit of the bucket's limit for this window: false when the limit is used up. */
  async take(name: string, limit: number): Promise<boolean> {
    const held = this.takeHeld(name);
    if (held !== undefined) return held;
    const start = this.#windowStart;
    const bucket = this.#bucket(name);
    // Those waiting for one lease share it; whoever finds it used up leases again.
    bucket.leasing ??= this.#lease(name, bucket, start, limit).finally(() => {
      bucket.leasing = null;
    });
    await bucket.leasing;
    return this.take(name, limit);
  }

  /**
   * Takes one unit from what this process holds of the bucket, with no database and no promise: true when
   * taken, false when the limit is used up for this window, undefined when a lease must be taken first.
   */
  takeHeld(name: string): boolean | undefined {
    this.#currentWindow();
    const bucket = this.#buckets.get(name);
    if (bucket === undefined) return undefined;
    if (bucket.units > 0) {
      bucket.units--;
      return true;
    }
    return bucket.spent ? false : undefined;
  }

  /** Whether the bucket's limit is known, here and now, to be used up for this window. */
  isSpent(name: string): boolean {
    this.#currentWindow();
    const bucket = this.#buckets.get(name);
    return bucket?.spent === true && bucket.units === 0;
  }

  /** Whole seconds until the current window ends, at least 1: the Retry-After of a refusal. */
  retryAfterSeconds(): number {
    const start = this.#currentWindow();
    return Math.max(1, Math.ceil((start + this.#windowMs - this.#now()) / 1000));
  }

  /** The bucket of this name in the current window, new if it was not seen in it. */
  #bucket(name: string): Bucket {
    let bucket = this.#buckets.get(name);
    if (!bucket) {
      bucket = { units: 0, spent: false, leasing: null };
      this.#buckets.set(name, bucket);
    }
    return bucket;
  }

  /** The start of the current window; a new window starts with no buckets, and the past counts are purged. */
  #currentWindow(): number {
    const time = this.#now();
    const start = time - (time % this.#windowMs);
    if (start !== this.#windowStart) {
      this.#windowStart = start;
      this.#buckets = new Map();
      // The window before stays: a process whose clock is a little behind may still be leasing from it.
      void this.#purgeBefore(start - this.#windowMs);
    }
    return start;
  }

  /** Drops the counts of windows before `windowStart`. Nobody waits for it: a failure is only heard. */
  async #purgeBefore(windowStart: number): Promise<void> {
    try {
      await this.#storage.purgeRateLimits(windowStart);
    } catch (error) {
      this.#onPurgeError(error);
    }
  }

  /** Takes a lease of the bucket's limit from the database: its units, or the news that the limit is spent. */
  async #lease(name: string, bucket: Bucket, start: number, limit: number): Promise<void> {
    const asked = leaseSize(limit);
    const taken = await this.#storage.takeFromRateLimit(name, start, asked);
    const granted = Math.max(0, Math.min(asked, limit - (taken - asked)));
    bucket.units += granted;
    if (granted < asked) bucket.spent = true;
  }
}
