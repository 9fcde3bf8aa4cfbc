import { describe, expect, it } from 'vitest';
import { openSqliteDatabase, SqliteStorage } from '#server/storage/sqlite.ts';
import type { Storage } from '#server/storage/storage.ts';
import { leaseSize, RateLimiter } from './rate-limiter.ts';

const WINDOW_MS = 60_000;

/** A database, a clock at the start of a window, and a count of the statements that took from a limit. */
function setup() {
  const storage = new SqliteStorage(openSqliteDatabase(':memory:'), 'database :memory:');
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
    limiter: () => new RateLimiter(counted, { windowMs: WINDOW_MS, now }),
    advance: (ms: number) => (time += ms),
    leases: () => leases,
  };
}

/** Takes `count` units one after the other, as requests one at a time; how many were granted. */
async function takeMany(limiter: RateLimiter, count: number, limit: number): Promise<number> {
  let granted = 0;
  for (let i = 0; i < count; i++) if (await limiter.take('key:1', limit)) granted++;
  return granted;
}

describe('the rate limiter', () => {
  it('lets exactly the limit through in a window, then refuses until the window ends', async () => {
    const { limiter, advance } = setup();
    const process = limiter();
    expect(await takeMany(process, 150, 100)).toBe(100);
    expect(process.isSpent('key:1')).toBe(true);
    advance(WINDOW_MS - 1_500);
    expect(process.retryAfterSeconds()).toBe(2);
    expect(await process.take('key:1', 100)).toBe(false);
    advance(1_500);
    expect(await process.take('key:1', 100)).toBe(true);
  });

  it('asks the database once per lease, not once per request', async () => {
    const { limiter, leases } = setup();
    expect(await takeMany(limiter(), 1_000, 10_000)).toBe(1_000);
    expect(leases()).toBe(1_000 / leaseSize(10_000));
  });

  it('never lets more than the limit through across processes, and refuses none before the bound', async () => {
    const { limiter } = setup();
    const processes = [limiter(), limiter(), limiter()];
    const limit = 100;
    let admitted = 0;
    // The processes take in turn, as requests spread by a load balancer, until each has been refused.
    for (let round = 0; round < 200; round++) {
      for (const process of processes) if (await process.take('key:1', limit)) admitted++;
    }
    expect(admitted).toBeLessThanOrEqual(limit);
    expect(admitted).toBeGreaterThanOrEqual(limit - (processes.length - 1) * leaseSize(limit));
  });

  it('takes from what it holds at once, and says when only a lease or the next window can tell', async () => {
    const { limiter, advance, leases } = setup();
    const process = limiter();
    expect(process.takeHeld('key:1')).toBeUndefined();
    expect(await process.take('key:1', 30)).toBe(true);
    expect([process.takeHeld('key:1'), process.takeHeld('key:1')]).toEqual([true, true]);
    expect(process.takeHeld('key:1')).toBeUndefined();
    expect(await takeMany(process, 40, 30)).toBe(27);
    expect(process.takeHeld('key:1')).toBe(false);
    expect(leases()).toBe(11);
    advance(WINDOW_MS);
    expect(process.takeHeld('key:1')).toBeUndefined();
  });

  it('leases a tenth of the limit, at least one unit and at most a thousand', () => {
    expect([5, 100, 25_000, 1_000_000].map(leaseSize)).toEqual([1, 10, 1_000, 1_000]);
  });

  it('is not spent while the last, partly granted lease lasts', async () => {
    const { limiter } = setup();
    const [first, second] = [limiter(), limiter()];
    // A limit of 25 leases 2 at a time: the first process holds 24, the second is granted the last one.
    expect(await takeMany(first, 23, 25)).toBe(23);
    expect(await second.take('key:1', 25)).toBe(true);
    expect(second.isSpent('key:1')).toBe(true);
    expect(first.isSpent('key:1')).toBe(false);
    expect(await first.take('key:1', 25)).toBe(true);
    expect(await first.take('key:1', 25)).toBe(false);
    expect(first.isSpent('key:1')).toBe(true);
  });

  it('knows nothing spent of a bucket it has not seen, nor of a new window', async () => {
    const { limiter, advance } = setup();
    const process = limiter();
    expect(process.isSpent('key:1')).toBe(false);
    await takeMany(process, 3, 2);
    expect(process.isSpent('key:1')).toBe(true);
    advance(WINDOW_MS);
    expect(process.isSpent('key:1')).toBe(false);
  });

  it('says to retry when the window ends, in whole seconds, at least one', async () => {
    const { limiter, advance } = setup();
    const process = limiter();
    expect(process.retryAfterSeconds()).toBe(WINDOW_MS / 1000);
    advance(WINDOW_MS - 1);
    expect(process.retryAfterSeconds()).toBe(1);
  });

  it('keeps buckets apart', async () => {
    const { limiter } = setup();
    const process = limiter();
    expect(await takeMany(process, 5, 3)).toBe(3);
    expect(await process.take('key:2', 3)).toBe(true);
  });

  it('shares one lease among requests waiting for it, and leases again when it is used up', async () => {
    const storage = new SqliteStorage(openSqliteDatabase(':memory:'), 'database :memory:');
    let leases = 0;
    const slow: Pick<Storage, 'takeFromRateLimit' | 'purgeRateLimits'> = {
      async takeFromRateLimit(bucket, windowStart, count) {
        leases++;
        await new Promise((resolve) => setTimeout(resolve, 5));
        return storage.takeFromRateLimit(bucket, windowStart, count);
      },
      purgeRateLimits: async () => {},
    };
    const process = new RateLimiter(slow, { windowMs: WINDOW_MS });
    const results = await Promise.all(Array.from({ length: 25 }, () => process.take('key:1', 100)));
    expect(results.filter(Boolean)).toHaveLength(25);
    expect(leases).toBe(Math.ceil(25 / leaseSize(100)));
  });

  it('drops the counts of the windows before the last one as each window starts', async () => {
    const purged: number[] = [];
    let time = 100 * WINDOW_MS + 5;
    const process = new RateLimiter(
      {
        takeFromRateLimit: async (_bucket, _start, count) => count,
        purgeRateLimits: async (start) => void purged.push(start),
      },
      { windowMs: WINDOW_MS, now: () => time },
    );
    await process.take('key:1', 100);
    await process.take('key:1', 100);
    time += WINDOW_MS;
    await process.take('key:1', 100);
    expect(purged).toEqual([99 * WINDOW_MS, 100 * WINDOW_MS]);
  });

  it('reports a purge that fails, at once or later, and goes on limiting', async () => {
    const heard: unknown[] = [];
    let time = 100 * WINDOW_MS;
    const storage = new SqliteStorage(openSqliteDatabase(':memory:'), 'database :memory:');
    const failing = (purge: () => Promise<void>) =>
      new RateLimiter(
        { takeFromRateLimit: (...args) => storage.takeFromRateLimit(...args), purgeRateLimits: purge },
        { windowMs: WINDOW_MS, now: () => time, onPurgeError: (error) => heard.push(String(error)) },
      );
    const atOnce = failing(() => {
      throw new Error('locked');
    });
    expect(await atOnce.take('key:1', 100)).toBe(true);
    time += WINDOW_MS;
    const later = failing(() => Promise.reject(new Error('connection lost')));
    expect(await later.take('key:2', 100)).toBe(true);
    await expect.poll(() => heard).toEqual(['Error: locked', 'Error: connection lost']);
  });
});
