import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../server/messages.ts';
import { leaseSize } from '../../server/rate-limiter.ts';
import { documentedFetch } from '../support/openapi-answers.ts';
import type { ServiceProcess } from '../support/service-process.ts';
import { BACKENDS, serviceStacksForFile } from '../support/service-stack.ts';

/**
 * Rate limits as a client meets them: real processes, a real database, requests from this process's one
 * address. Windows of an hour where a test counts, so that no window ends in the middle of it.
 */
const stacks = serviceStacksForFile();
const HOUR_WINDOW = { RATE_LIMIT_WINDOW_SECONDS: '3600' };

const statuses = (results: readonly { status: number }[]) => results.map((result) => result.status);

async function inTurn<T>(count: number, request: (i: number) => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  for (let i = 0; i < count; i++) results.push(await request(i));
  return results;
}

describe.each(BACKENDS)('rate limits on %s', (backend) => {
  // Each test starts a service with the limits it is about.
  const stack = stacks.useStack(backend, { env: HOUR_WINDOW, service: false });
  const start = (env: Record<string, string>, shareWith?: ServiceProcess) =>
    stack.startService({ ...env, ...shareWith?.databaseEnv });

  function expectRateLimited(result: { status: number; json: unknown; headers: Headers }) {
    expect(result.status).toBe(429);
    expect(result.json).toEqual({ success: false, message: MESSAGES.rateLimited, data: null });
    const retryAfter = Number(result.headers.get('retry-after'));
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
  }

  it('stops a key with one credit asking for made-up domains once its unpaid answers reach the limit', async () => {
    const service = await start({ RATE_LIMIT_UNPAID_PER_KEY: '20', NEGATIVE_CACHE_MAX_ENTRIES: '10' });
    const key = await service.createKey({ credits: 1 });
    const prefix = `made-up-${backend.toLowerCase()}-`;
    const results = await inTurn(60, (i) => service.lookup({ email: `x@${prefix}${i}.example.com` }, key));
    // A process learns that the limit is used up when it counts the answer past it.
    const notFound = statuses(results).filter((status) => status === 404).length;
    expect(notFound).toBeGreaterThanOrEqual(20);
    expect(notFound).toBeLessThanOrEqual(21);
    for (const refused of results.slice(notFound)) expectRateLimited(refused);
    const asked = [...stack.dns.queries.keys()].filter((name) => name.startsWith(prefix)).length;
    expect(asked).toBe(notFound);
    expect(await service.balance(key)).toMatchObject({ credits: 1, lookups: 0 });
    expect(Number(await service.queryValue('SELECT count(*) FROM lookup_cache WHERE status = 404'))).toBe(10);
    // Paid lookups of that key are refused too, until the window ends: the key is what is limited.
    expectRateLimited(await service.lookup({ email: 'gmail.com' }, key));
  });

  it('answers a key past RATE_LIMIT_PER_KEY with 429 in the envelope, and charges only what it answered', async () => {
    const service = await start({ RATE_LIMIT_PER_KEY: '5' });
    const key = await service.createKey({ credits: 100 });
    const results = await inTurn(8, () => service.lookup({ email: 'gmail.com' }, key));
    expect(statuses(results)).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
    for (const refused of results.slice(5)) expectRateLimited(refused);
    expect(await service.balance(key)).toMatchObject({ credits: 95, lookups: 5 });
    const other = await service.createKey({ credits: 1 });
    expect((await service.lookup({ email: 'gmail.com' }, other)).status).toBe(200);
    // The address's limit was taken from the database once, as one lease, for all of these requests.
    expect(
      Number(await service.queryValue("SELECT taken FROM rate_limit_counts WHERE bucket LIKE 'address:%'")),
    ).toBe(leaseSize(2_400));
  });

  it('answers again once Retry-After has passed', async () => {
    const service = await start({ RATE_LIMIT_PER_KEY: '2', RATE_LIMIT_WINDOW_SECONDS: '2' });
    const key = await service.createKey({ credits: 100 });
    let refused: Awaited<ReturnType<ServiceProcess['lookup']>> | undefined;
    for (let i = 0; i < 10 && !refused; i++) {
      const result = await service.lookup({ email: 'gmail.com' }, key);
      if (result.status === 429) refused = result;
    }
    const retryAfter = Number(refused?.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(2);
    await new Promise((resolve) => setTimeout(resolve, retryAfter * 1000));
    expect((await service.lookup({ email: 'gmail.com' }, key)).status).toBe(200);
  });

  it('limits requests without a working key per address, and still serves a key it knows from there', async () => {
    const service = await start({ RATE_LIMIT_WITHOUT_KEY: '3' });
    const key = await service.createKey({ credits: 100 });
    expect((await service.lookup({ email: 'gmail.com' }, key)).status).toBe(200);
    const guesses = await inTurn(5, (i) => service.lookup({ email: 'gmail.com' }, `wl_guess_${i}`));
    expect(statuses(guesses)).toEqual([401, 401, 401, 429, 429]);
    expectRateLimited(await service.lookup({ email: 'gmail.com' }, null));
    const noRoute = await documentedFetch(`${service.baseUrl}/public_api/v1/nothing`, { method: 'POST' });
    expect(noRoute.status).toBe(429);
    await noRoute.body?.cancel();
    expect((await service.lookup({ email: 'gmail.com' }, key)).status).toBe(200);
  });

  it('serves a working key it has never seen from an address whose wrong keys met their limit', async () => {
    const service = await start({ RATE_LIMIT_WITHOUT_KEY: '3' });
    const guesses = await inTurn(5, (i) => service.lookup({ email: 'gmail.com' }, `wl_guess_${i}`));
    expect(statuses(guesses)).toEqual([401, 401, 401, 429, 429]);
    // Made as `keys create` makes one beside a running service: this process has not seen it.
    const key = await service.createKey({ credits: 10 });
    const answered = await service.lookup({ email: 'gmail.com' }, key);
    expect(answered.status).toBe(200);
    expect(answered.json).toMatchObject({ success: true });
    // Wrong keys from there are still refused, new ones and ones tried before, and so are requests without one.
    for (const wrong of ['wl_guess_new', 'wl_guess_0', null])
      expectRateLimited(await service.lookup({ email: 'gmail.com' }, wrong));
    expect(await service.balance(key)).toMatchObject({ credits: 9, lookups: 1 });
  });

  it('counts a client behind a trusted balancer that writes ip:port by that address, not by what it wrote', async () => {
    const service = await start({ RATE_LIMIT_WITHOUT_KEY: '2', TRUSTED_PROXIES: '127.0.0.1' });
    // A client writes a new address each time; the balancer appends the one it saw, with its port.
    const fromBalancer = (i: number) =>
      service.lookup({ email: 'gmail.com' }, null, {
        headers: {
          'Content-Type': 'application/json',
          'X-Forwarded-For': `192.0.2.${i}, 198.51.100.7:${50_000 + i}`,
        },
      });
    expect(statuses(await inTurn(4, fromBalancer))).toEqual([401, 401, 429, 429]);
  });

  it('never limits the health, readiness and metrics endpoints', async () => {
    const service = await start({ RATE_LIMIT_WITHOUT_KEY: '1', RATE_LIMIT_PER_ADDRESS: '1' });
    expect((await service.lookup({ email: 'gmail.com' }, null)).status).toBe(401);
    expect((await service.lookup({ email: 'gmail.com' }, null)).status).toBe(429);
    for (let i = 0; i < 10; i++) {
      for (const path of ['/healthz', '/readyz', '/metrics']) {
        const response = await documentedFetch(`${service.baseUrl}${path}`);
        expect(response.status).toBe(200);
        await response.body?.cancel();
      }
    }
  });

  it('shares a key’s limit between processes on one database: never more than the limit in all', async () => {
    const limit = 100;
    const first = await start({ RATE_LIMIT_PER_KEY: String(limit) });
    const second = await start({ RATE_LIMIT_PER_KEY: String(limit) }, first);
    const key = await first.createKey({ credits: 1_000 });
    // Cached first, so the burst waits on the limits and billing alone, not on DNS.
    const warm = await first.createKey({ credits: 2 });
    for (const service of [first, second])
      expect((await service.lookup({ email: 'gmail.com' }, warm)).status).toBe(200);
    const results = await Promise.all(
      Array.from({ length: 3 * limit }, (_, i) =>
        (i % 2 ? first : second).lookup({ email: 'gmail.com' }, key),
      ),
    );
    const answered = statuses(results).filter((status) => status === 200).length;
    expect(answered).toBeLessThanOrEqual(limit);
    // Each process may hold one unused lease when the other is refused.
    expect(answered).toBeGreaterThanOrEqual(limit - leaseSize(limit));
    expect(statuses(results).filter((status) => status !== 200 && status !== 429)).toEqual([]);
    expect((await first.balance(key)).lookups).toBe(answered);
  });
});
