import { describe, expect, it, vi } from 'vitest';
import { WITHOUT_LIMITS } from '../support/service-process.ts';
import { BACKENDS, serviceStacksForFile } from '../support/service-stack.ts';

/**
 * The service under concurrency and faults: no double charge, no lost credit, no stuck process. One key
 * from one address sends thousands of requests here, a thousand at once, so the rate limits and the
 * connection cap are off (limits.test.ts and operations.test.ts have them).
 */
const stacks = serviceStacksForFile();

describe.each(BACKENDS)('the service under concurrency and faults, on %s', (backend) => {
  const stack = stacks.useStack(backend, { env: WITHOUT_LIMITS });

  it('answers exactly 100 of 1,000 concurrent requests on 100 credits, and ends at 0', async () => {
    // Both domains are cached first, so the burst waits on billing alone, not on a DNS server in this busy
    // test process (on a loaded machine its answers came after the lookup's deadline: 500s).
    const warmUp = await stack.service.createKey({ credits: 2 });
    for (const email of ['gmail.com', 'proton.me'])
      expect((await stack.service.lookup({ email }, warmUp)).status).toBe(200);
    const key = await stack.service.createKey({ credits: 100 });
    const results = await Promise.all(
      Array.from({ length: 1_000 }, (_, i) =>
        stack.service.lookup({ email: `u${i}@${i % 2 ? 'gmail.com' : 'proton.me'}` }, key),
      ),
    );
    expect(results.filter((result) => result.status === 200)).toHaveLength(100);
    expect(results.filter((result) => result.status !== 200 && result.status !== 401)).toEqual([]);
    expect(await stack.service.balance(key)).toMatchObject({ credits: 0, lookups: 100 });
  });

  it('keeps serving cached answers while a lookup waits on a DNS server that never answers, then gives 500', async () => {
    const key = await stack.service.createKey({ credits: 100 });
    await stack.service.lookup({ email: 'gmail.com' }, key);
    // The order of answers, not the clock: a machine three times slower keeps the order.
    const settled: string[] = [];
    const stuck = stack.service.lookup({ email: 'dns-timeout.example.com' }, key).then((result) => {
      settled.push('stuck');
      return result;
    });
    const served = await stack.service.lookup({ email: 'gmail.com' }, key);
    settled.push('served');
    expect(served.status).toBe(200);
    expect(settled).toEqual(['served']);
    expect((await stuck).status).toBe(500);
  });

  it('keeps every committed credit change when killed with SIGKILL mid-load', async () => {
    const victim = await stack.startService();
    const key = await victim.createKey({ credits: 5_000 });
    // Twenty clients keep asking until the process dies, so requests are in flight whenever it does.
    let answered = 0;
    let cutOff = 0;
    const clients = Array.from({ length: 20 }, async (_, client) => {
      for (let i = 0; ; i++) {
        try {
          const result = await victim.lookup({ email: `u${client}-${i}@gmail.com` }, key);
          if (result.status === 200) answered++;
        } catch {
          cutOff++;
          return;
        }
      }
    });
    await vi.waitFor(() => expect(answered).toBeGreaterThanOrEqual(50), { timeout: 10_000, interval: 5 });
    await victim.kill('SIGKILL');
    await Promise.all(clients);

    // The kill landed mid-load: requests were answered, and others were cut off.
    expect(cutOff).toBeGreaterThan(0);
    // Read the database as it was left, then start the service again on it.
    const afterKill = await victim.balance(key);
    expect(afterKill.credits + afterKill.lookups).toBe(5_000);
    expect(afterKill.lookups).toBeGreaterThanOrEqual(answered);
    await victim.restart();
    expect((await victim.lookup({ email: 'gmail.com' }, key)).status).toBe(200);
    expect(await victim.balance(key)).toMatchObject({
      credits: afterKill.credits - 1,
      lookups: afterKill.lookups + 1,
    });
  });
});
