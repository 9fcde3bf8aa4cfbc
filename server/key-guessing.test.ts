import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { API_PATH } from '#core/webmail-info.ts';
import { Accounts } from './accounts.ts';
import { createClientAddress, parseTrustedProxies } from './client-address.ts';
import { createMailDns } from './dns.ts';
import { createLookup } from './lookup.ts';
import { LookupCache } from './lookup-cache.ts';
import { Metrics } from './metrics.ts';
import { RateLimiter } from './rate-limiter.ts';
import { Readiness } from './readiness.ts';
import { RequestLimits } from './request-limits.ts';
import { createService } from './service.ts';
import { openSqliteDatabase, SqliteStorage } from './storage/sqlite.ts';
import type { Storage } from './storage/storage.ts';

/**
 * What guessing keys costs the database, counted where the service asks it: the service wired as main.ts
 * wires it, over an in-memory SQLite database whose key queries are counted. test/server/limits.test.ts
 * has the same limits as a client meets them, on the real process.
 */
const WITHOUT_KEY_LIMIT = 3;
const started: { server: Server; storage: Storage }[] = [];
afterEach(async () => {
  for (const { server, storage } of started.splice(0)) {
    await new Promise((resolve) => server.close(resolve));
    storage.close();
  }
});

/** The database, counting the queries that ask about keys. */
class CountedStorage extends SqliteStorage {
  readonly queries = { keyChecks: 0, listReads: 0 };

  override accountIdForKeyHash(keyHash: string) {
    this.queries.keyChecks++;
    return super.accountIdForKeyHash(keyHash);
  }

  override liveKeyHashPrefixes(length: number) {
    this.queries.listReads++;
    return super.liveKeyHashPrefixes(length);
  }
}

async function startService() {
  const storage = new CountedStorage(openSqliteDatabase(':memory:'), 'database :memory:');
  const { queries } = storage;
  // A cached answer (a domain with MX but no known provider, 404), so a served request needs no DNS.
  await storage.writeCache('example.com', 404, {
    body: '{"kind":"unrecognised"}',
    expiresAt: Date.now() + 3600_000,
  });
  const accounts = new Accounts(storage);
  const server = createService(
    {
      accounts,
      lookup: createLookup({
        cache: new LookupCache(storage, { notFoundMaxEntries: 100 }),
        dns: createMailDns({ servers: ['127.0.0.1:9'], timeoutMs: 50 }),
        ttlSeconds: 60,
        negativeTtlSeconds: 60,
      }),
      limits: new RequestLimits(new RateLimiter(storage, { windowMs: 3600_000 }), {
        perKey: 0,
        perAddress: 0,
        withoutKey: WITHOUT_KEY_LIMIT,
        unpaidPerKey: 0,
      }),
      clientAddress: createClientAddress(parseTrustedProxies([])),
      metrics: new Metrics(async () => 0),
      readiness: new Readiness(storage),
      draining: () => false,
      dashboardUrl: 'https://dashboard.test/top-up',
      log: () => {},
    },
    { headersTimeoutMs: 5_000, requestTimeoutMs: 10_000, maxConnections: 0 },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  started.push({ server, storage });
  const { port } = server.address() as AddressInfo;
  const lookup = async (key: string) => {
    const response = await fetch(`http://127.0.0.1:${port}${API_PATH}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'example.com' }),
    });
    await response.body?.cancel();
    return response.status;
  };
  return { accounts, queries, lookup };
}

describe('guessing keys from one address', () => {
  it('costs no query per guess once the address met its limit, and a new working key still gets in', async () => {
    const { accounts, queries, lookup } = await startService();
    const first = [];
    for (let i = 0; i <= WITHOUT_KEY_LIMIT; i++) first.push(await lookup(`wl_guess_${i}`));
    expect(first).toEqual([...Array(WITHOUT_KEY_LIMIT).fill(401), 429]);
    // The guess past the limit is asked of the database too: counting it finds the limit spent.
    const checked = WITHOUT_KEY_LIMIT + 1;
    expect(queries.keyChecks).toBe(checked);

    const guesses = await Promise.all(Array.from({ length: 200 }, (_, i) => lookup(`wl_more_${i}`)));
    expect(guesses).toEqual(Array(200).fill(429));
    expect(queries.keyChecks).toBe(checked);
    // One read of the list of working keys, or two if guesses arrived while the first was being made.
    expect(queries.listReads).toBeLessThanOrEqual(2);

    const key = await accounts.create({ credits: 1 });
    expect(await lookup(key)).toBe(404);
    expect(queries.keyChecks).toBe(checked + 1);
  });
});
