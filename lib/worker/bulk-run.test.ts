import { beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { ApiOutcome } from '#core/api/outcome.ts';
import { MAX_KEPT_ANSWER_BYTES } from '#extension/limits.ts';
import { type BulkJob, bulkJobItem } from '#extension/stored.ts';
import { storedBytes } from '#extension/stored-size.ts';
import { HOSTED_GMAIL_INFO } from '#test/fixtures/hosted-examples.ts';
import { answerCachesOfEachTest, refuseWrites, storedItems } from '#test/support/fake-storage.ts';
import { recordResult, startJob } from './bulk-job.ts';
import { BulkRunner } from './bulk-run.ts';
import { LookupService } from './lookup-service.ts';

// What outlives a worker: the browser's storage (the answer cache's items, the job), and the service's bill.
beforeEach(() => {
  fakeBrowser.reset();
  vi.restoreAllMocks();
});

const newCache = answerCachesOfEachTest();

const FOUND: ApiOutcome = { kind: 'found', info: HOSTED_GMAIL_INFO, message: 'ok' };
const NOT_FOUND: ApiOutcome = {
  kind: 'not-found',
  reason: 'unrecognised',
  message: 'Not found - unrecognised provider',
};

interface Service {
  /** Domains the service answered with a provider: each is a credit spent. */
  charged: string[];
  /** Every request, answered or not. */
  asked: string[];
}

/**
 * A worker: its own memory (answer cache, lookup service, runner) over storage that outlives it. `answer`
 * gives the service's outcome for a domain; a promise that never settles is a worker stopped mid-request.
 */
function worker(
  service: Service,
  answer: (domain: string) => Promise<ApiOutcome>,
  options: { now?: () => number; sleep?: (ms: number) => Promise<void>; awake?: boolean[] } = {},
) {
  const cache = newCache();
  const lookups = new LookupService({
    cache,
    callApi:
      async () =>
      async ({ email }) => {
        service.asked.push(email);
        const outcome = await answer(email);
        if (outcome.kind === 'found') service.charged.push(email);
        return outcome;
      },
    foundTtlMs: async () => 60_000,
    offlineCatalog: async () => null,
    ...(options.now && { now: options.now }),
  });
  return new BulkRunner({
    lookup: (domain) => lookups.lookup(domain),
    keepAnswer: (domain) => cache.keep(domain),
    keepAwake: async (running) => {
      options.awake?.push(running);
    },
    ...(options.now && { now: options.now }),
    ...(options.sleep && { sleep: options.sleep }),
  });
}

const domains = (count: number) => Array.from({ length: count }, (_, index) => `lead-${index}.example.com`);
const storedJob = async () => (await bulkJobItem.getValue()) as BulkJob;
const jobIsStored = async () => 'bulkJob' in (await storedItems());
const never = () => new Promise<ApiOutcome>(() => {});

describe('a bulk run', () => {
  it('looks every domain up once, four at a time, and finishes', async () => {
    const service: Service = { charged: [], asked: [] };
    let inFlight = 0;
    let most = 0;
    const awake: boolean[] = [];
    const runner = worker(
      service,
      async () => {
        most = Math.max(most, ++inFlight);
        await new Promise((resolve) => setTimeout(resolve, 1));
        inFlight--;
        return FOUND;
      },
      { awake },
    );
    await runner.start(domains(20));
    await runner.resume();
    expect(await runner.status()).toMatchObject({ state: 'finished', done: 20, total: 20 });
    expect(service.charged.sort()).toEqual(domains(20).sort());
    expect(most).toBe(4);
    // The alarm is kept while the run goes on, and cleared once it is over.
    expect(awake).toEqual([true, false]);
  });

  it('stopped mid-run, a new worker takes the run up where it was and pays for no answer twice', async () => {
    const service: Service = { charged: [], asked: [] };
    // The first worker is stopped after ten answers: its lookups on their way never come back.
    const first = worker(service, async () => (service.charged.length < 10 ? FOUND : never()));
    await first.start(domains(30));
    await expect.poll(() => service.asked.length).toBe(14);
    expect((await storedJob()).state).toBe('running');
    const doneBefore = Object.keys((await storedJob()).done).length;
    expect(doneBefore).toBe(10);

    const second = worker(service, async () => FOUND);
    await second.resume();
    expect(await second.status()).toMatchObject({ state: 'finished', done: 30 });
    // Every domain paid for once: the ten answered before the stop were found in the cache.
    expect(service.charged.sort()).toEqual(domains(30).sort());
  });

  it('an answer in the cache but not yet counted by the job is not paid for again', async () => {
    const service: Service = { charged: [], asked: [] };
    const first = worker(service, async () => FOUND);
    await first.start(domains(3));
    await first.resume();
    // As if the worker had stopped between the answer (cached) and the job's write.
    await bulkJobItem.setValue(startJob(domains(3)));
    const second = worker(service, async () => FOUND);
    await second.resume();
    expect(await second.status()).toMatchObject({ state: 'finished', done: 3 });
    expect(service.charged).toHaveLength(3);
    expect(service.asked).toHaveLength(3);
  });

  it('cancelled: no lookup starts after it, and a later worker does not take it up', async () => {
    const service: Service = { charged: [], asked: [] };
    const gates: (() => void)[] = [];
    const runner = worker(
      service,
      () => new Promise<ApiOutcome>((resolve) => gates.push(() => resolve(FOUND))),
    );
    await runner.start(domains(10));
    await expect.poll(() => gates.length).toBe(4);
    expect(await runner.cancel()).toMatchObject({ state: 'cancelled' });
    for (const open of gates) open();
    await runner.resume();
    expect(service.asked).toHaveLength(4);
    expect((await storedJob()).state).toBe('cancelled');

    const later = worker(service, async () => FOUND);
    await later.resume();
    expect(service.asked).toHaveLength(4);
    expect(await later.status()).toMatchObject({ state: 'cancelled' });
  });

  it('a 429 holds every lane until its Retry-After, then asks for the domain again', async () => {
    const service: Service = { charged: [], asked: [] };
    let time = 1_000_000;
    const slept: number[] = [];
    let limited = false;
    const runner = worker(
      service,
      async (domain) => {
        if (domain === 'lead-2.example.com' && !limited) {
          limited = true;
          return { kind: 'rate-limited', message: 'slow down', retryAfterSeconds: 20 };
        }
        return FOUND;
      },
      {
        now: () => time,
        sleep: async (ms) => {
          slept.push(ms);
          time += ms;
        },
      },
    );
    await runner.start(domains(6));
    await runner.resume();
    expect(await runner.status()).toMatchObject({ state: 'finished', done: 6, waitUntil: null });
    expect(slept.length).toBeGreaterThan(0);
    expect(slept.every((ms) => ms > 0 && ms <= 20_000)).toBe(true);
    expect(service.asked.filter((domain) => domain === 'lead-2.example.com')).toHaveLength(2);
    expect(service.charged).toHaveLength(6);
  });

  it('stops when the service refuses the key or has nothing left to pay with, saying why', async () => {
    const service: Service = { charged: [], asked: [] };
    const runner = worker(service, async (domain) =>
      domain === 'lead-0.example.com'
        ? { kind: 'billing', message: 'Payment required', topUpUrl: 'https://example.com/top-up' }
        : never(),
    );
    await runner.start(domains(10));
    await expect.poll(async () => (await runner.status())?.state).toBe('stopped');
    expect((await runner.status())?.stoppedBy).toMatchObject({ state: 'billing' });
    expect(service.asked).toHaveLength(4);
  });

  it('keeps what the cache does not (a 404) for the answers, and a cached answer for none', async () => {
    const service: Service = { charged: [], asked: [] };
    const runner = worker(service, async (domain) => (domain.startsWith('lead-0') ? NOT_FOUND : FOUND));
    await runner.start(domains(2));
    await runner.resume();
    expect(await runner.recorded('lead-0.example.com')).toMatchObject({ state: 'not-found' });
    expect(await runner.recorded('lead-1.example.com')).toBeNull();
    expect(service.charged).toEqual(['lead-1.example.com']);
  });

  it('records a lookup that threw as a service it could not reach, in its own words', async () => {
    const service: Service = { charged: [], asked: [] };
    const runner = worker(service, async () => {
      throw new TypeError('Failed to fetch');
    });
    await runner.start(['a.example.com']);
    await runner.resume();
    expect(await runner.recorded('a.example.com')).toMatchObject({
      state: 'unreachable',
      problem: { code: 'unreachable' },
    });
  });

  it('a new list takes the place of the last, and repeats of a domain are one lookup', async () => {
    const service: Service = { charged: [], asked: [] };
    const runner = worker(service, async () => FOUND);
    await runner.start(['a.example.com', 'a.example.com', 'b.example.com']);
    await runner.resume();
    expect(await runner.status()).toMatchObject({ state: 'finished', total: 2 });
    await runner.start(['b.example.com', 'c.example.com']);
    await runner.resume();
    expect(await runner.status()).toMatchObject({ state: 'finished', total: 2 });
    // b.example.com was answered by the first list: the second found it cached.
    expect(service.charged).toEqual(['a.example.com', 'b.example.com', 'c.example.com']);
  });
});

describe('a bulk run on a full store', () => {
  it('goes on in the worker when the job cannot be saved, pays for each domain once, and leaves nothing stale to take up', async () => {
    const service: Service = { charged: [], asked: [] };
    const awake: boolean[] = [];
    // The store fills up after the run's start and two answers.
    let full: MockInstance | undefined;
    const first = worker(
      service,
      async () => {
        if (service.charged.length >= 2 && !full) full = refuseWrites();
        return FOUND;
      },
      { awake },
    );
    await first.start(domains(12));
    await first.resume();
    expect(await first.status()).toMatchObject({ state: 'finished', done: 12, saved: false });
    expect(service.charged.sort()).toEqual(domains(12).sort());
    // What storage held was behind the run: it is gone, and so is the alarm.
    expect(await jobIsStored()).toBe(false);
    expect(awake.at(-1)).toBe(false);

    // The browser stops the worker; the next one (an alarm, a hover) finds nothing to pay for again.
    const second = worker(service, async () => FOUND);
    await second.resume();
    expect(service.asked).toHaveLength(12);
    expect(await second.status()).toBeNull();
  });

  it('takes up no job storage holds behind its run, when even the removal is refused', async () => {
    const service: Service = { charged: [], asked: [] };
    let full: MockInstance | undefined;
    const first = worker(service, async () => {
      if (service.charged.length >= 2 && !full) {
        full = refuseWrites();
        vi.spyOn(fakeBrowser.storage.local, 'remove').mockRejectedValue(
          new Error('An unexpected error occurred'),
        );
      }
      return FOUND;
    });
    await first.start(domains(12));
    await first.resume();
    expect((await storedJob()).state).toBe('running');

    const second = worker(service, async () => FOUND);
    await second.resume();
    expect(service.asked).toHaveLength(12);
    expect(await second.status()).toBeNull();
  });

  it('says its progress is saved again once storage takes it, and a later worker takes it up', async () => {
    const service: Service = { charged: [], asked: [] };
    const full = refuseWrites();
    const gates: (() => void)[] = [];
    const first = worker(
      service,
      () => new Promise<ApiOutcome>((resolve) => gates.push(() => resolve(FOUND))),
    );
    expect(await first.start(domains(8))).toMatchObject({ state: 'running', saved: false });
    await expect.poll(() => gates.length).toBe(4);
    full.mockRestore();
    gates.shift()?.();
    await expect.poll(async () => (await first.status())?.saved).toBe(true);
    expect((await storedJob()).state).toBe('running');
    const later = worker(service, async () => FOUND);
    await later.resume();
    expect(await later.status()).toMatchObject({ state: 'finished', done: 8, saved: true });
  });

  it('Cancel stops the run and its alarm though the job cannot be saved, and no later worker takes it up', async () => {
    const service: Service = { charged: [], asked: [] };
    const awake: boolean[] = [];
    const gates: (() => void)[] = [];
    const runner = worker(
      service,
      () => new Promise<ApiOutcome>((resolve) => gates.push(() => resolve(FOUND))),
      { awake },
    );
    await runner.start(domains(10));
    await expect.poll(() => gates.length).toBe(4);
    refuseWrites();
    expect(await runner.cancel()).toMatchObject({ state: 'cancelled', saved: false });
    expect(awake.at(-1)).toBe(false);
    for (const open of gates) open();
    await runner.resume();
    expect(service.asked).toHaveLength(4);

    const later = worker(service, async () => FOUND);
    await later.resume();
    expect(service.asked).toHaveLength(4);
    expect(await jobIsStored()).toBe(false);
  });

  it('keeps an answer the cache could not store in the job itself, so it is neither lost nor paid again', async () => {
    const service: Service = { charged: [], asked: [] };
    refuseWrites('local', (keys) => keys.some((key) => key.startsWith('answer:')));
    const first = worker(service, async () => FOUND);
    await first.start(domains(2));
    await first.resume();
    const second = worker(service, async () => FOUND);
    await second.resume();
    expect(await second.recorded('lead-0.example.com')).toMatchObject({
      state: 'found',
      info: { name: HOSTED_GMAIL_INFO.name },
    });
    expect(service.charged).toHaveLength(2);
  });
});

describe('the job', () => {
  it('keeps each record within MAX_KEPT_ANSWER_BYTES: a message from the service is cut', () => {
    const job = startJob(['a.example.com']);
    const message = 'x'.repeat(60_000);
    const next = recordResult(job, 'a.example.com', { state: 'unreachable', message }, 0);
    expect(storedBytes(next.done['a.example.com'])).toBeLessThanOrEqual(MAX_KEPT_ANSWER_BYTES);
  });

  it('counts nothing once it is no longer running', () => {
    const cancelled: BulkJob = { ...startJob(['a.example.com']), state: 'cancelled' };
    const found = { state: 'found', info: HOSTED_GMAIL_INFO, source: 'api', fetchedAt: 0 } as const;
    expect(recordResult(cancelled, 'a.example.com', found, 0)).toBe(cancelled);
  });

  it('keeps a catalog answer itself: the cache holds only the API’s', () => {
    const job = startJob(['a.example.com', 'b.example.com']);
    const fromCatalog = {
      state: 'found',
      info: HOSTED_GMAIL_INFO,
      source: 'catalog',
      fetchedAt: 0,
      fallbackReason: 'no-key',
    } as const;
    expect(recordResult(job, 'a.example.com', fromCatalog, 0).done['a.example.com']).toEqual(fromCatalog);
  });
});
