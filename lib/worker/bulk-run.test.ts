import { beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { ApiOutcome } from '#core/api/outcome.ts';
import { MAX_BULK_ANSWER_BYTES, MAX_BULK_DOMAINS, MAX_KEPT_ANSWER_BYTES } from '#extension/limits.ts';
import type { LookupResult } from '#extension/lookup-result.ts';
import { type BulkJob, bulkAnswerFamily, bulkJobItem } from '#extension/stored.ts';
import { storedBytes } from '#extension/stored-size.ts';
import { HOSTED_GMAIL_INFO } from '#test/fixtures/hosted-examples.ts';
import { answerCachesOfEachTest, refuseWrites, storedItems } from '#test/support/fake-storage.ts';
import type { AnswerCacheOptions } from './answer-cache.ts';
import { cancelJob, recordResult, startJob } from './bulk-job.ts';
import { BulkRunner } from './bulk-run.ts';
import { bulkHandlers } from './handlers/bulk.ts';
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

interface WorkerOptions {
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  awake?: boolean[];
  /** The answer cache's budget: a small one evicts. */
  cache?: AnswerCacheOptions;
  maxAnswerBytes?: number;
}

/**
 * A worker: its own memory (answer cache, lookup service, runner) over storage that outlives it. `answer`
 * gives the service's outcome for a domain; a promise that never settles is a worker stopped mid-request.
 * `shown` is what the bulk page shows of domains (handlers/bulk.ts), `cache` the worker's answer cache.
 */
function worker(
  service: Service,
  answer: (domain: string) => Promise<ApiOutcome>,
  options: WorkerOptions = {},
) {
  const cache = newCache({ ...options.cache, ...(options.now && { now: options.now }) });
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
  const runner = new BulkRunner({
    lookup: (domain) => lookups.lookup(domain),
    keepAwake: async (running) => {
      options.awake?.push(running);
    },
    ...(options.now && { now: options.now }),
    ...(options.sleep && { sleep: options.sleep }),
    ...(options.maxAnswerBytes && { maxAnswerBytes: options.maxAnswerBytes }),
  });
  const handlers = bulkHandlers(lookups, runner);
  return Object.assign(runner, {
    cache,
    shown: (list: string[]) => handlers['bulk-answers']({ type: 'bulk-answers', domains: list }),
  });
}

const domains = (count: number) => Array.from({ length: count }, (_, index) => `lead-${index}.example.com`);
const storedJob = async () => (await bulkJobItem.getValue()) as BulkJob;
const jobIsStored = async () => 'bulkJob' in (await storedItems());
const never = () => new Promise<ApiOutcome>(() => {});
/** Answers held until the test lets them through: lookups on their way. */
function heldAnswers() {
  const gates: (() => void)[] = [];
  return {
    answer: () => new Promise<ApiOutcome>((resolve) => gates.push(() => resolve(FOUND))),
    /** How many lookups wait for their answer. */
    waiting: () => gates.length,
    releaseOne: () => gates.shift()?.(),
    releaseAll: () => {
      for (const release of gates.splice(0)) release();
    },
  };
}
/** Starts a list and waits for its run to end: `resume` hands back the run on its way. */
async function runThrough(runner: BulkRunner, list: readonly string[]) {
  await runner.start(list);
  await runner.resume();
}
/** A worker running a list of ten, its first four lookups (as many as run at once) held on their way. */
async function fourOnTheirWay(service: Service, options?: WorkerOptions) {
  const held = heldAnswers();
  const runner = worker(service, held.answer, options);
  await runner.start(domains(10));
  await expect.poll(held.waiting).toBe(4);
  return { runner, held };
}
/** The worker after this one (the run's alarm woke it, or the page asked): it answers every lookup. */
async function nextWorker(service: Service) {
  const next = worker(service, async () => FOUND);
  await next.resume();
  return next;
}
/** The bulk list's answers storage holds, by their keys. */
const storedListAnswers = async () =>
  Object.keys(await storedItems()).filter((key) => key.startsWith(bulkAnswerFamily.key('')));
/** The provider each domain shows, or what it shows instead. */
const providers = (shown: Record<string, LookupResult | null>) =>
  Object.values(shown).map((result) => (result?.state === 'found' ? result.info.nice_name : result?.state));

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
    await runThrough(runner, domains(20));
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

    const second = await nextWorker(service);
    expect(await second.status()).toMatchObject({ state: 'finished', done: 30 });
    // Every domain paid for once: the ten answered before the stop were found in the cache.
    expect(service.charged.sort()).toEqual(domains(30).sort());
  });

  it('an answer in the cache but not yet counted by the job is not paid for again', async () => {
    const service: Service = { charged: [], asked: [] };
    const first = worker(service, async () => FOUND);
    await runThrough(first, domains(3));
    // As if the worker had stopped between the answer (cached) and the job's write.
    await bulkJobItem.setValue(startJob(domains(3)));
    const second = await nextWorker(service);
    expect(await second.status()).toMatchObject({ state: 'finished', done: 3 });
    expect(service.charged).toHaveLength(3);
    expect(service.asked).toHaveLength(3);
  });

  it('cancelled: no lookup starts after it, and a later worker does not take it up', async () => {
    const service: Service = { charged: [], asked: [] };
    const { runner, held } = await fourOnTheirWay(service);
    expect(await runner.cancel()).toMatchObject({ state: 'cancelled' });
    held.releaseAll();
    await runner.resume();
    expect(service.asked).toHaveLength(4);
    expect((await storedJob()).state).toBe('cancelled');

    const later = await nextWorker(service);
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
    await runThrough(runner, domains(6));
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

  it('keeps what each domain ended in as the list’s own: an answer, a 404', async () => {
    const service: Service = { charged: [], asked: [] };
    const runner = worker(service, async (domain) => (domain.startsWith('lead-0') ? NOT_FOUND : FOUND));
    await runThrough(runner, domains(2));
    expect(await runner.answers(domains(2))).toMatchObject({
      'lead-0.example.com': { state: 'not-found' },
      'lead-1.example.com': { state: 'found', info: { name: HOSTED_GMAIL_INFO.name } },
    });
    expect(service.charged).toEqual(['lead-1.example.com']);
  });

  it('records a lookup that threw as a service it could not reach, in its own words', async () => {
    const service: Service = { charged: [], asked: [] };
    const runner = worker(service, async () => {
      throw new TypeError('Failed to fetch');
    });
    await runThrough(runner, ['a.example.com']);
    expect((await runner.answers(['a.example.com']))['a.example.com']).toMatchObject({
      state: 'unreachable',
      problem: { code: 'unreachable' },
    });
  });

  it('a new list takes the place of the last, and repeats of a domain are one lookup', async () => {
    const service: Service = { charged: [], asked: [] };
    const runner = worker(service, async () => FOUND);
    await runThrough(runner, ['a.example.com', 'a.example.com', 'b.example.com']);
    expect(await runner.status()).toMatchObject({ state: 'finished', total: 2 });
    await runThrough(runner, ['b.example.com', 'c.example.com']);
    expect(await runner.status()).toMatchObject({ state: 'finished', total: 2 });
    // b.example.com was answered by the first list: the second found it cached.
    expect(service.charged).toEqual(['a.example.com', 'b.example.com', 'c.example.com']);
  });
});

const GMAIL = 'Gmail';

describe('what a list paid for', () => {
  it('stays when "Clear cache" empties the answer cache, in a worker started again, and is not paid again', async () => {
    const service: Service = { charged: [], asked: [] };
    const first = worker(service, async () => FOUND);
    await runThrough(first, domains(6));
    await first.cache.clear();
    expect(await first.cache.size()).toBe(0);
    expect(providers(await first.shown(domains(6)))).toEqual(Array(6).fill(GMAIL));

    const second = worker(service, async () => FOUND);
    expect(await second.status()).toMatchObject({ state: 'finished', done: 6, total: 6 });
    expect(providers(await second.shown(domains(6)))).toEqual(Array(6).fill(GMAIL));
    expect(service.asked).toHaveLength(6);
  });

  it('stays when its answers expire from the cache', async () => {
    const service: Service = { charged: [], asked: [] };
    let time = 1_000_000;
    const first = worker(service, async () => FOUND, { now: () => time });
    await runThrough(first, domains(3));
    // Two hours on: the cache keeps a found answer a minute here (cacheTtlHours 1 in the issue).
    time += 2 * 60 * 60 * 1000;
    const second = worker(service, async () => FOUND, { now: () => time });
    expect(await second.cache.size()).toBe(0);
    expect(providers(await second.shown(domains(3)))).toEqual(Array(3).fill(GMAIL));
  });

  it('stays when the cache evicts its answers for others', async () => {
    const service: Service = { charged: [], asked: [] };
    const first = worker(service, async () => FOUND, { cache: { maxEntries: 2 } });
    await runThrough(first, domains(5));
    await first.cache.flush();
    const second = worker(service, async () => FOUND, { cache: { maxEntries: 2 } });
    expect(await second.cache.size()).toBe(2);
    expect(providers(await second.shown(domains(5)))).toEqual(Array(5).fill(GMAIL));
  });

  it('keeps the answers of lookups on their way when the list was cancelled', async () => {
    const service: Service = { charged: [], asked: [] };
    const { runner, held } = await fourOnTheirWay(service);
    expect(await runner.cancel()).toMatchObject({ state: 'cancelled', done: 0, lookingUp: 4 });
    held.releaseAll();
    await expect.poll(async () => (await runner.status())?.lookingUp).toBe(0);
    expect(await runner.status()).toMatchObject({ state: 'cancelled', done: 4 });
    await runner.cache.clear();
    const later = worker(service, async () => FOUND);
    expect(providers(await later.shown(domains(4)))).toEqual(Array(4).fill(GMAIL));
    expect(service.asked).toHaveLength(4);
  });

  it('leaves storage when the person dismisses the list, and not while its run goes on', async () => {
    const service: Service = { charged: [], asked: [] };
    let open: () => void = () => {};
    const runner = worker(service, (domain) =>
      domain === 'lead-2.example.com'
        ? new Promise<ApiOutcome>((resolve) => (open = () => resolve(FOUND)))
        : Promise.resolve(FOUND),
    );
    await runner.start(domains(3));
    await expect.poll(async () => (await runner.status())?.done).toBe(2);
    expect(await runner.dismiss()).toBe(false);
    open();
    await runner.resume();
    expect(await storedListAnswers()).toHaveLength(3);

    expect(await runner.dismiss()).toBe(true);
    expect(await runner.status()).toBeNull();
    expect(await storedListAnswers()).toEqual([]);
    expect(await jobIsStored()).toBe(false);
    // The cache keeps its own copy, as it does of every answer.
    expect(providers(await runner.shown(domains(3)))).toEqual(Array(3).fill(GMAIL));
    await runner.cache.clear();
    expect(await runner.shown(domains(3))).toEqual(
      Object.fromEntries(domains(3).map((domain) => [domain, null])),
    );
  });

  it('leaves storage when another list starts, all but what the new list pays for itself', async () => {
    const service: Service = { charged: [], asked: [] };
    const runner = worker(service, async () => FOUND);
    await runThrough(runner, domains(3));
    await runThrough(runner, ['lead-2.example.com', 'other.example.com']);
    expect((await storedListAnswers()).sort()).toEqual([
      bulkAnswerFamily.key('lead-2.example.com'),
      bulkAnswerFamily.key('other.example.com'),
    ]);
  });
});

describe('the lists a worker runs, one after another', () => {
  it('counts a lookup of a list only for that list, though it answers after another list started', async () => {
    const service: Service = { charged: [], asked: [] };
    const held = heldAnswers();
    const runner = worker(service, (domain) =>
      domain.startsWith('lead-') ? held.answer() : Promise.resolve(FOUND),
    );
    await runner.start(domains(4));
    await expect.poll(held.waiting).toBe(4);
    const second = ['next-0.example.com', 'next-1.example.com'];
    await runner.start(second);
    held.releaseAll();
    await runner.resume();
    expect(await runner.status()).toMatchObject({ state: 'finished', total: 2, done: 2 });
    expect(Object.keys((await storedJob()).done).sort()).toEqual(second);
    expect(await storedListAnswers()).toHaveLength(2);
    // The first list's answers were paid for: the cache has them, for whoever asks next.
    expect(await runner.cache.get('lead-0.example.com')).toMatchObject({ state: 'found' });
  });
});

describe('the budget of a list’s answers', () => {
  it('holds MAX_BULK_DOMAINS answers of 2 KB, as a service that sends its evidence gives', async () => {
    const base = { state: 'found', info: HOSTED_GMAIL_INFO, source: 'api', fetchedAt: 0 } as const;
    const evidence = 'e'.repeat(
      2_000 - storedBytes({ ...base, info: { ...HOSTED_GMAIL_INFO, evidence: '' } }),
    );
    const answer: LookupResult = {
      ...base,
      info: { ...HOSTED_GMAIL_INFO, evidence } as typeof HOSTED_GMAIL_INFO,
    };
    expect(storedBytes(answer)).toBe(2_000);
    const list = Array.from(
      { length: MAX_BULK_DOMAINS },
      (_, index) => `lead-${index}.bench-customer.example.com`,
    );
    const runner = new BulkRunner({ lookup: async () => answer, keepAwake: async () => {} });
    await runThrough(runner, list);
    expect(await runner.status()).toMatchObject({ state: 'finished', done: MAX_BULK_DOMAINS });
    expect((await storedJob()).keptBytes).toBeLessThanOrEqual(MAX_BULK_ANSWER_BYTES);
  });

  it('stops before a lookup whose answer it could not keep, and keeps every answer it paid for', async () => {
    const service: Service = { charged: [], asked: [] };
    // Room for three answers at their largest; a real answer takes a fifth of that.
    const most = bulkAnswerFamily.key(domains(1)[0] ?? '').length + MAX_KEPT_ANSWER_BYTES;
    const maxAnswerBytes = 3 * most;
    const runner = worker(service, async () => FOUND, { maxAnswerBytes });
    await runThrough(runner, domains(40));
    const status = await runner.status();
    expect(status).toMatchObject({ state: 'stopped', stoppedBy: 'list-full', total: 40 });
    // More than three: a lookup reserves an answer's most, and gives back what its answer did not take.
    expect(status?.done).toBeGreaterThan(3);
    expect(status?.done).toBeLessThan(40);
    expect(service.charged).toHaveLength(status?.done ?? 0);

    const stored = await storedItems();
    const listBytes = Object.entries(stored)
      .filter(([key]) => key.startsWith(bulkAnswerFamily.key('')))
      .reduce((sum, [key, value]) => sum + key.length + storedBytes(value), 0);
    expect(listBytes).toBeLessThanOrEqual(maxAnswerBytes);
    expect(listBytes).toBe((await storedJob()).keptBytes);
    await runner.cache.clear();
    const later = worker(service, async () => FOUND, { maxAnswerBytes });
    expect(providers(await later.shown(service.charged))).toEqual(Array(service.charged.length).fill(GMAIL));
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
    await runThrough(first, domains(12));
    expect(await first.status()).toMatchObject({ state: 'finished', done: 12, saved: false });
    expect(service.charged.sort()).toEqual(domains(12).sort());
    // What storage held was behind the run: it is gone, its answers with it, and so is the alarm.
    expect(await jobIsStored()).toBe(false);
    expect(await storedListAnswers()).toEqual([]);
    expect(awake.at(-1)).toBe(false);
    // The page, open meanwhile, shows every answer from the worker's memory.
    await first.cache.clear();
    expect(providers(await first.shown(domains(12)))).toEqual(Array(12).fill(GMAIL));

    // The browser stops the worker; the next one (an alarm, a hover) finds nothing to pay for again.
    const second = await nextWorker(service);
    expect(service.asked).toHaveLength(12);
    expect(await second.status()).toBeNull();
  });

  it('reads back the answers a stopped worker kept when storage refuses the job, and shows them all', async () => {
    const service: Service = { charged: [], asked: [] };
    const first = worker(service, async () => (service.charged.length < 5 ? FOUND : never()));
    await first.start(domains(10));
    await expect.poll(async () => Object.keys((await storedJob()).done).length).toBe(5);
    await first.cache.clear();

    // A new worker takes the run up; storage is full from its first write.
    const second = worker(service, async () => FOUND);
    expect(await second.status()).toMatchObject({ state: 'running', done: 5 });
    refuseWrites();
    await second.resume();
    expect(await second.status()).toMatchObject({ state: 'finished', done: 10, saved: false });
    expect(await jobIsStored()).toBe(false);
    expect(await storedListAnswers()).toEqual([]);
    expect(providers(await second.shown(domains(10)))).toEqual(Array(10).fill(GMAIL));
    expect(new Set(service.charged).size).toBe(service.charged.length);
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
    await runThrough(first, domains(12));
    expect((await storedJob()).state).toBe('running');

    const second = await nextWorker(service);
    expect(service.asked).toHaveLength(12);
    expect(await second.status()).toBeNull();
  });

  it('says its progress is saved again once storage takes it, and a later worker takes it up', async () => {
    const service: Service = { charged: [], asked: [] };
    const full = refuseWrites();
    const held = heldAnswers();
    const first = worker(service, held.answer);
    expect(await first.start(domains(8))).toMatchObject({ state: 'running', saved: false });
    await expect.poll(held.waiting).toBe(4);
    full.mockRestore();
    held.releaseOne();
    await expect.poll(async () => (await first.status())?.saved).toBe(true);
    expect((await storedJob()).state).toBe('running');
    const later = await nextWorker(service);
    expect(await later.status()).toMatchObject({ state: 'finished', done: 8, saved: true });
  });

  it('Cancel stops the run and its alarm though the job cannot be saved, and no later worker takes it up', async () => {
    const service: Service = { charged: [], asked: [] };
    const awake: boolean[] = [];
    const { runner, held } = await fourOnTheirWay(service, { awake });
    refuseWrites();
    expect(await runner.cancel()).toMatchObject({ state: 'cancelled', saved: false });
    expect(awake.at(-1)).toBe(false);
    held.releaseAll();
    await runner.resume();
    expect(service.asked).toHaveLength(4);

    await nextWorker(service);
    expect(service.asked).toHaveLength(4);
    expect(await jobIsStored()).toBe(false);
  });

  it('keeps an answer the cache could not store in the job itself, so it is neither lost nor paid again', async () => {
    const service: Service = { charged: [], asked: [] };
    refuseWrites('local', (keys) => keys.some((key) => key.startsWith('answer:')));
    const first = worker(service, async () => FOUND);
    await runThrough(first, domains(2));
    const second = await nextWorker(service);
    expect((await second.answers(['lead-0.example.com']))['lead-0.example.com']).toMatchObject({
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

  it('once cancelled, counts a lookup that was on its way (it was paid for) and nothing else', () => {
    const cancelled = cancelJob(startJob(['a.example.com', 'b.example.com']));
    const found = { state: 'found', info: HOSTED_GMAIL_INFO, source: 'api', fetchedAt: 0 } as const;
    const next = recordResult(cancelled, 'a.example.com', found, 0);
    expect(next).toMatchObject({ state: 'cancelled', done: { 'a.example.com': found } });
    const limited = { state: 'rate-limited', message: 'slow down', retryAt: 5 } as const;
    expect(recordResult(next, 'b.example.com', limited, 0)).toBe(next);
    const billing = { state: 'billing', message: 'Payment required', topUpUrl: null } as const;
    expect(recordResult(next, 'b.example.com', billing, 0)).toBe(next);
  });

  it('counts what each record takes in storage, against the list’s budget', () => {
    const found = { state: 'found', info: HOSTED_GMAIL_INFO, source: 'api', fetchedAt: 0 } as const;
    const job = recordResult(startJob(['a.example.com', 'b.example.com']), 'a.example.com', found, 0);
    expect(job.keptBytes).toBe(bulkAnswerFamily.bytes('a.example.com', found));
    // A second answer for a domain counts once.
    expect(recordResult(job, 'a.example.com', found, 0)).toBe(job);
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
