import { beforeAll, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../../server/messages.ts';
import { type ServiceProcess, WITHOUT_LIMITS } from '../support/service-process.ts';
import { BACKENDS, serviceStacksForFile } from '../support/service-stack.ts';

/**
 * Several service processes on one database, as behind a load balancer: billing stays exact across them, a
 * process killed mid-load loses nothing committed, and PostgreSQL going away and coming back needs no
 * restart of the service. One address sends thousands of requests here, so the rate limits and the
 * connection cap are off (limits.test.ts has the limits across processes).
 */
const DASHBOARD_URL = 'https://dashboard.test/top-up';
const stacks = serviceStacksForFile();

const status = (result: { status: number }) => result.status;
/** How long a process trusts a key it checked: the bound within which a revoked key is refused everywhere. */
const KEY_CACHE_SECONDS = 1;

describe.each(BACKENDS)('two service processes on one %s database', (backend) => {
  const stack = stacks.useStack(backend, {
    env: { DASHBOARD_URL, KEY_CACHE_SECONDS: String(KEY_CACHE_SECONDS), ...WITHOUT_LIMITS },
  });
  let first: ServiceProcess;
  let second: ServiceProcess;

  beforeAll(async () => {
    first = stack.service;
    second = await stack.startService(first.databaseEnv);
  });

  it('answers exactly 100 of 1,000 concurrent requests split across both, on 100 credits', async () => {
    // Both domains are cached first (each process reads the shared cache), so the burst waits on billing
    // alone, not on a DNS server in this busy test process.
    const warmUp = await first.createKey({ credits: 4 });
    for (const service of [first, second]) {
      for (const email of ['gmail.com', 'proton.me'])
        expect((await service.lookup({ email }, warmUp)).status).toBe(200);
    }
    const key = await first.createKey({ credits: 100 });
    const results = await Promise.all(
      Array.from({ length: 1_000 }, (_, i) =>
        (i % 2 ? first : second).lookup({ email: `u${i}@${i % 4 < 2 ? 'gmail.com' : 'proton.me'}` }, key),
      ),
    );
    expect(results.filter((result) => result.status === 200)).toHaveLength(100);
    const refused = results.filter((result) => result.status !== 200);
    expect(refused).toHaveLength(900);
    for (const { status, json } of refused) {
      expect(status).toBe(401);
      expect(json).toEqual({ success: false, message: MESSAGES.billing(DASHBOARD_URL), data: null });
    }
    expect(await first.balance(key)).toMatchObject({ credits: 0, lookups: 100 });
  });

  it('share one cache: one process’s answer serves the other, and skip_cache refreshes the shared entry', async () => {
    const key = await first.createKey({ credits: 10 });
    expect((await first.lookup({ email: 'outlook.com' }, key)).status).toBe(200);
    const asked = stack.dns.queries.get('outlook.com');
    expect((await second.lookup({ email: 'outlook.com' }, key)).status).toBe(200);
    expect(stack.dns.queries.get('outlook.com')).toBe(asked);

    expect((await second.lookup({ email: 'outlook.com', skip_cache: true }, key)).status).toBe(200);
    expect(stack.dns.queries.get('outlook.com')).toBe((asked ?? 0) + 1);
    const third = await stack.startService(first.databaseEnv);
    expect((await third.lookup({ email: 'outlook.com' }, key)).status).toBe(200);
    expect(stack.dns.queries.get('outlook.com')).toBe((asked ?? 0) + 1);
  });

  it('refuses a revoked key in both, within KEY_CACHE_SECONDS of its revocation', async () => {
    const key = await first.createKey({ credits: 10 });
    for (const service of [first, second])
      expect((await service.lookup({ email: 'gmail.com' }, key)).status).toBe(200);
    await first.revoke(key);
    await new Promise((resolve) => setTimeout(resolve, KEY_CACHE_SECONDS * 1000));
    for (const service of [first, second]) {
      expect(await service.lookup({ email: 'gmail.com' }, key)).toMatchObject({
        status: 401,
        json: { success: false, message: MESSAGES.unknownKey, data: null },
      });
    }
  });

  it('loses nothing committed when one is killed with SIGKILL mid-load, and the other keeps serving', async () => {
    const victim = await stack.startService(first.databaseEnv);
    const start = 5_000;
    const key = await first.createKey({ credits: start });
    const answered = { victim: 0, survivor: 0, survivorAfterKill: 0 };
    let cutOff = 0;
    let killed = false;
    let stopSurvivors = false;
    // Ten clients on each process keep asking: the victim's until it dies, so requests are in flight then.
    const victimClients = Array.from({ length: 10 }, async (_, client) => {
      for (let i = 0; ; i++) {
        try {
          const result = await victim.lookup({ email: `v${client}-${i}@gmail.com` }, key);
          if (result.status === 200) answered.victim++;
        } catch {
          cutOff++;
          return;
        }
      }
    });
    const survivorClients = Array.from({ length: 10 }, async (_, client) => {
      for (let i = 0; !stopSurvivors; i++) {
        const result = await second.lookup({ email: `s${client}-${i}@gmail.com` }, key);
        expect(result.status).toBe(200);
        answered.survivor++;
        if (killed) answered.survivorAfterKill++;
      }
    });
    try {
      await vi.waitFor(() => expect(answered.victim).toBeGreaterThanOrEqual(50), {
        timeout: 20_000,
        interval: 5,
      });
      await victim.kill('SIGKILL');
      killed = true;
      await Promise.all(victimClients);
      await vi.waitFor(() => expect(answered.survivorAfterKill).toBeGreaterThanOrEqual(50), {
        timeout: 20_000,
        interval: 5,
      });
    } finally {
      stopSurvivors = true;
      await Promise.all(survivorClients);
      await victim.stop();
    }

    expect(cutOff).toBeGreaterThan(0);
    const received = answered.victim + answered.survivor;
    const { credits, lookups } = await first.balance(key);
    // Every unit is either still there or paid an answer: none lost, none made up.
    expect(credits + lookups).toBe(start);
    // Every answer a client received was charged. A charge committed in the instant before the kill, with
    // its answer not yet written, is the only charge without a received answer: at most one per request cut off.
    expect(lookups).toBeGreaterThanOrEqual(received);
    expect(lookups - received).toBeLessThanOrEqual(cutOff);
    expect((await second.lookup({ email: 'gmail.com' }, key)).status).toBe(200);
  });
});

describe('PostgreSQL restarted under load', () => {
  const stack = stacks.useStack('PostgreSQL', { env: WITHOUT_LIMITS });

  it('answers 500 while it is down and recovers without a restart of the service', async () => {
    const postgres = stacks.postgres();
    const { service } = stack;
    const start = 100_000;
    const key = await service.createKey({ credits: start });
    expect((await service.lookup({ email: 'gmail.com' }, key)).status).toBe(200);
    const statuses: number[] = [];
    let stop = false;
    const clients = Array.from({ length: 8 }, async (_, client) => {
      for (let i = 0; !stop; i++) {
        statuses.push(status(await service.lookup({ email: `r${client}-${i}@gmail.com` }, key)));
      }
    });
    try {
      await vi.waitFor(() => expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(50), {
        timeout: 20_000,
        interval: 5,
      });
      await postgres.halt();
      const down = await service.lookup({ email: 'gmail.com' }, key);
      expect(down).toMatchObject({
        status: 500,
        json: { success: false, message: MESSAGES.unknownError, data: null },
      });
      const answeredBeforeResume = statuses.filter((s) => s === 200).length;
      await postgres.resume();
      await vi.waitFor(
        () => expect(statuses.filter((s) => s === 200).length).toBeGreaterThan(answeredBeforeResume + 50),
        { timeout: 30_000, interval: 20 },
      );
    } finally {
      stop = true;
      await Promise.all(clients);
    }

    expect(statuses.filter((s) => s === 500).length).toBeGreaterThan(0);
    expect(statuses.filter((s) => s !== 200 && s !== 500)).toEqual([]);
    // The clients' answers and the first lookup's.
    const answered = statuses.filter((s) => s === 200).length + 1;
    const { credits, lookups } = await service.balance(key);
    expect(credits + lookups).toBe(start);
    // No answer went out uncharged; a commit cut by the shutdown may have been charged and answered 500.
    expect(lookups).toBeGreaterThanOrEqual(answered);
    expect(service.child.exitCode).toBeNull();
  });
});
