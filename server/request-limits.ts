import type { Eventually } from './eventually.ts';
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

/**
 * The service's rate limits over one limiter: which buckets a request takes from, by what it showed. A
 * refused request has still taken its unit from each bucket before the one that refused it.
 */
export function createRequestLimits(limiter: RateLimiter, settings: RateLimitSettings) {
  /** Takes from each bucket in turn; the name of the first that refuses, or null. */
  function takeAll(
    buckets: readonly (readonly [LimitName, string, number])[],
    index = 0,
  ): Eventually<LimitName | null> {
    for (let i = index; i < buckets.length; i++) {
      const [limit, name, size] = buckets[i] as readonly [LimitName, string, number];
      if (size <= 0) continue;
      const taken = limiter.take(name, size);
      if (taken instanceof Promise) return taken.then((ok) => (ok ? takeAll(buckets, i + 1) : limit));
      if (!taken) return limit;
    }
    return null;
  }

  return {
    /** A request with a working key: its address's and its key's share, and nothing if unpaid work is spent. */
    admitWithKey(address: string, accountId: number): Eventually<LimitName | null> {
      if (settings.unpaidPerKey > 0 && limiter.isSpent(`unpaid:${accountId}`)) return 'unpaid';
      return takeAll([
        ['address', `address:${address}`, settings.perAddress],
        ['key', `key:${accountId}`, settings.perKey],
      ]);
    },
    admitWithoutKey(address: string): Eventually<LimitName | null> {
      return takeAll([['without-key', `without-key:${address}`, settings.withoutKey]]);
    },
    /**
     * Whether requests without a working key from this address are refused for now: a key that is not on
     * the list of working keys is then refused before the database is asked about it, so guessing keys costs
     * no queries.
     */
    withoutKeySpent(address: string): boolean {
      return settings.withoutKey > 0 && limiter.isSpent(`without-key:${address}`);
    },
    /** Counts an answer that cost the key nothing; once they reach the limit, its requests are refused. */
    countUnpaid(accountId: number): Eventually<unknown> {
      return settings.unpaidPerKey > 0 ? limiter.take(`unpaid:${accountId}`, settings.unpaidPerKey) : null;
    },
    retryAfterSeconds: () => limiter.retryAfterSeconds(),
  };
}

export type RequestLimits = ReturnType<typeof createRequestLimits>;
