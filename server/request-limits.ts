import type { RateLimiter } from './rate-limiter.ts';

/** Requests per window; 0 switches a limit off. */
export interface RateLimitSettings {
  /** Requests with a working key, per key. */
  perKey: number;
  /** Requests with a working key, per client address, whatever the key. */
  perAddress: number;
  /** Requests without a working key (none, unknown, revoked, or no route), per client address. */
  withoutKey: number;
  /** Answers that cost nothing (404, 500) but cost DNS work, per key. */
  unpaidPerKey: number;
}

/** Which limit refused a request: the label of the refusals' metric. */
export type LimitName = 'address' | 'key' | 'without-key' | 'unpaid';

/** A bucket a request takes from: the limit it counts against, the bucket's name and its size. */
type BucketTaken = readonly [LimitName, string, number];

/**
 * The service's rate limits over one limiter: which buckets a request takes from, by what it showed. A
 * refused request has still taken its unit from each bucket before the one that refused it.
 */
export class RequestLimits {
  readonly #limiter: RateLimiter;
  readonly #settings: RateLimitSettings;

  constructor(limiter: RateLimiter, settings: RateLimitSettings) {
    this.#limiter = limiter;
    this.#settings = settings;
  }

  /**
   * A request with a working key: its address's and its key's share, and nothing if unpaid work is spent.
   * The limit that refuses it, or null; at once while this process holds units of both limits.
   */
  admitWithKey(address: string, accountId: number): LimitName | null | Promise<LimitName | null> {
    const { unpaidPerKey, perAddress, perKey } = this.#settings;
    if (unpaidPerKey > 0 && this.#limiter.isSpent(`unpaid:${accountId}`)) return 'unpaid';
    return this.#takeAll([
      ['address', `address:${address}`, perAddress],
      ['key', `key:${accountId}`, perKey],
    ]);
  }

  admitWithoutKey(address: string): LimitName | null | Promise<LimitName | null> {
    return this.#takeAll([['without-key', `without-key:${address}`, this.#settings.withoutKey]]);
  }

  /**
   * Whether requests without a working key from this address are refused for now: a key that is not on
   * the list of working keys is then refused before the database is asked about it, so guessing keys costs
   * no queries.
   */
  withoutKeySpent(address: string): boolean {
    return this.#settings.withoutKey > 0 && this.#limiter.isSpent(`without-key:${address}`);
  }

  /** Counts an answer that cost the key nothing; once they reach the limit, its requests are refused. */
  async countUnpaid(accountId: number): Promise<void> {
    const { unpaidPerKey } = this.#settings;
    if (unpaidPerKey > 0) await this.#limiter.take(`unpaid:${accountId}`, unpaidPerKey);
  }

  retryAfterSeconds(): number {
    return this.#limiter.retryAfterSeconds();
  }

  /**
   * Takes from each bucket in turn; the name of the first that refuses, or null. A size of 0 is no limit.
   * Units this process holds are taken at once; a promise only when a lease must be asked for: a cached
   * lookup's limits cost no promise of their own (CPU profile under autocannon).
   */
  #takeAll(buckets: readonly BucketTaken[], from = 0): LimitName | null | Promise<LimitName | null> {
    for (let i = from; i < buckets.length; i++) {
      const [limit, name, size] = buckets[i] as BucketTaken;
      if (size <= 0) continue;
      const held = this.#limiter.takeHeld(name);
      if (held === undefined) return this.#leaseThenTake(buckets, i);
      if (!held) return limit;
    }
    return null;
  }

  async #leaseThenTake(buckets: readonly BucketTaken[], index: number): Promise<LimitName | null> {
    const [limit, name, size] = buckets[index] as BucketTaken;
    if (!(await this.#limiter.take(name, size))) return limit;
    return this.#takeAll(buckets, index + 1);
  }
}
