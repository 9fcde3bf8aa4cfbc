import { describe, expect, it } from 'vitest';
import { createSqliteStorage, openSqliteDatabase } from '#server/storage/sqlite.ts';
import type { Storage } from '#server/storage/storage.ts';
import { createRateLimiter, leaseSize } from './rate-limiter.ts';

const WINDOW_MS = 60_000;

/** A database, a clock at the start of a window, and a count of the statements that took from a limit. */
function setup() {
  const storage = createSqliteStorage(openSqliteDatabase(':memory:'), 'database :memory:');
  let time = 100 * WINDOW_MS;
  let leases = 0;
  const counted: Pick<Storage, 'takeFromRateLimit' | 'purgeRateLimits'> = {
    takeFromRateLimit(bucket, windowStart, count) {
      leases++;
      return storage.takeFromRateLimit(bucket, windowStart, count);
    },
    purgeRateLimits: (windowStart) => storage.purgeRateLimits(windowStart),
  };
  const now = () => time;
  return {
    /** A process's limiter: several over one storage stand for processes sharing a database. */
    limiter: () => createRateLimiter(counted, { windowMs: WINDOW_MS, now }),
    advance: (ms: number) => (time += ms),
    leases: () => leases,
  };
}

function takeMany(limiter: ReturnType<ReturnType<typeof setup>['limiter']>, count: number, limit: number) {
  return Array.from({ length: count }, () => limiter.take('key:1', limit)).filter(Boolean).length;
}

describe('the rate limiter', () => {
  it('lets exactly the limit through in a window, then refuses until the window ends', () => {
    const { limiter, advance } = setup();
    const process = limiter();
    expect(takeMany(process, 150, 100)).toBe(100);
    expect(process.isSpent('key:1')).toBe(true);
    advance(WINDOW_MS - 1_500);
    expect(process.retryAfterSeconds()).toBe(2);
    expect(process.take('key:1', 100)).toBe(false);
    advance(1_500);
    expect(process.take('key:1', 100)).toBe(true);
  });

  it('asks the database once per lease, not once per request', () => {
    const { limiter, leases } = setup();
    expect(takeMany(limiter(), 1_000, 10_000)).toBe(1_000);
    expect(leases()).toBe(1_000 / leaseSize(10_000));
  });

  it('never lets more than the limit through across processes, and refuses none before the bound', () => {
    const { limiter } = setup();
    const processes = [limiter(), limiter(), limiter()];
    const limit = 100;
    let admitted = 0;
    // The processes take in turn, as requests spread by a load balancer, until each has been refused.
    for (let round = 0; round < 200; round++) {
      for (const process of processes) if (process.take('key:1', limit)) admitted++;
    }
    expect(admitted).toBeLessThanOrEqual(limit);
    expect(admitted).toBeGreaterThanOrEqual(limit - (processes.length - 1) * leaseSize(limit));
  });

  it('keeps buckets apart', () => {
    const { limiter } = setup();
    const process = limiter();
    expect(takeMany(process, 5, 3)).toBe(3);
    expect(process.take('key:2', 3)).toBe(true);
  });

  it('shares one lease among requests waiting for it, and leases again when it is used up', async () => {
    const storage = createSqliteStorage(openSqliteDatabase(':memory:'), 'database :memory:');
    let leases = 0;
    const slow: Pick<Storage, 'takeFromRateLimit' | 'purgeRateLimits'> = {
      async takeFromRateLimit(bucket, windowStart, count) {
        leases++;
        await new Promise((resolve) => setTimeout(resolve, 5));
        return storage.takeFromRateLimit(bucket, windowStart, count);
      },
      purgeRateLimits: async () => {},
    };
    const process = createRateLimiter(slow, { windowMs: WINDOW_MS });
    const results = await Promise.all(Array.from({ length: 25 }, () => process.take('key:1', 100)));
    expect(results.filter(Boolean)).toHaveLength(25);
    expect(leases).toBe(Math.ceil(25 / leaseSize(100)));
  });
});
