import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { ApiOutcome } from '#core/api/outcome.ts';
import { writeDomainList } from '#core/catalog/domain-list-file.ts';
import { disposableDomainSet } from '#core/catalog/domain-lists.ts';
import { describeResult, describeSource } from '#extension/describe-result.ts';
import { CACHE_PERSIST_DELAY_MS, NOT_FOUND_TTL_MS } from '#extension/limits.ts';
import { answerFamily } from '#extension/stored.ts';
import { HOSTED_GMAIL_INFO } from '#test/fixtures/hosted-examples.ts';
import { answerCachesOfEachTest, failReads, refuseWrites, storedItems } from '#test/support/fake-storage.ts';
import { LookupService } from './lookup-service.ts';
import { createOfflineCatalog } from './offline-catalog.ts';

beforeEach(() => {
  fakeBrowser.reset();
  vi.restoreAllMocks();
});

const newCache = answerCachesOfEachTest();

/** The keys storage.local holds now, sorted. */
const storedKeys = async () => Object.keys(await storedItems()).sort();

/** A worker's cache and lookups over the browser's storage, which outlives the worker. */
function setup(outcome: ApiOutcome | (() => Promise<ApiOutcome>) | null) {
  let time = 1_000_000;
  const calls: { email: string; skipCache?: boolean }[] = [];
  const api = vi.fn(async (request: { email: string; skipCache?: boolean }) => {
    calls.push(request);
    return typeof outcome === 'function' ? outcome() : (outcome as ApiOutcome);
  });
  const cache = newCache({ now: () => time });
  const service = new LookupService({
    cache,
    callApi: async () => (outcome === null ? null : api),
    foundTtlMs: async () => 60_000,
    // The disposable list as the build writes it, read as the worker reads the file.
    offlineCatalog: createOfflineCatalog(async () => writeDomainList(disposableDomainSet)),
    now: () => time,
  });
  return { service, cache, calls, advance: (ms: number) => (time += ms) };
}

const found: ApiOutcome = { kind: 'found', info: HOSTED_GMAIL_INFO, message: 'ok' };

describe('lookup service', () => {
  it('sends only the domain and caches the answer', async () => {
    const { service, calls } = setup(found);
    const first = await service.lookup('gmail.com');
    const second = await service.lookup('gmail.com');
    expect(first).toMatchObject({ state: 'found', source: 'api', info: HOSTED_GMAIL_INFO });
    expect(second).toEqual(first);
    expect(calls).toEqual([{ email: 'gmail.com', skipCache: false }]);
  });

  it('has a paid answer in storage by the time it answers, without waiting for the gathered writes', async () => {
    const { service } = setup(found);
    await service.lookup('gmail.com');
    expect((await storedItems())[answerFamily.key('gmail.com')]).toMatchObject({
      answer: { state: 'found' },
    });
    // A new worker over the same storage answers without asking again.
    const { service: restarted, calls } = setup(found);
    await restarted.lookup('gmail.com');
    expect(calls).toHaveLength(0);
  });

  it('makes one request for concurrent lookups of one domain', async () => {
    let release: (value: ApiOutcome) => void = () => {};
    const { service, calls } = setup(() => new Promise((resolve) => (release = resolve)));
    const lookups = Promise.all([
      service.lookup('gmail.com'),
      service.lookup('gmail.com'),
      service.lookup('gmail.com'),
    ]);
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    release(found);
    expect((await lookups).map((result) => result.state)).toEqual(['found', 'found', 'found']);
  });

  it('refresh skips the cache and asks the service to skip its own', async () => {
    const { service, calls } = setup(found);
    await service.lookup('gmail.com');
    await service.lookup('gmail.com', { refresh: true });
    expect(calls.at(-1)).toEqual({ email: 'gmail.com', skipCache: true });
  });

  it('expires found answers after their TTL', async () => {
    const { service, calls, advance } = setup(found);
    await service.lookup('gmail.com');
    advance(60_000);
    await service.lookup('gmail.com');
    expect(calls).toHaveLength(2);
  });

  it('keeps the service’s not-found answer, with its words, for an hour', async () => {
    const { service, calls, advance } = setup({
      kind: 'not-found',
      reason: 'unrecognised',
      message: 'Not found - unrecognised provider',
    });
    expect(await service.lookup('acme.example')).toEqual({
      state: 'not-found',
      reason: 'unrecognised',
      message: 'Not found - unrecognised provider',
      source: 'api',
      fetchedAt: 1_000_000,
    });
    advance(NOT_FOUND_TTL_MS - 1);
    expect((await service.lookup('acme.example')).state).toBe('not-found');
    expect(calls).toHaveLength(1);
    advance(1);
    await service.lookup('acme.example');
    expect(calls).toHaveLength(2);
  });

  it('makes one request per domain, whatever other domains are on their way', async () => {
    const releases: (() => void)[] = [];
    const { service, calls } = setup(() => new Promise((resolve) => releases.push(() => resolve(found))));
    const lookups = Promise.all([service.lookup('gmail.com'), service.lookup('acme.example')]);
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    for (const release of releases) release();
    await lookups;
    expect(calls.map((call) => call.email)).toEqual(['gmail.com', 'acme.example']);
  });

  it('sends a refresh asked while a plain lookup is on its way as a request of its own', async () => {
    const releases: (() => void)[] = [];
    const { service, calls } = setup(() => new Promise((resolve) => releases.push(() => resolve(found))));
    const lookups = Promise.all([
      service.lookup('gmail.com'),
      service.lookup('gmail.com', { refresh: true }),
    ]);
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    for (const release of releases) release();
    await lookups;
    // The refresh skips the cache, so its request may go first.
    expect(calls).toHaveLength(2);
    expect(calls).toContainEqual({ email: 'gmail.com', skipCache: false });
    expect(calls).toContainEqual({ email: 'gmail.com', skipCache: true });
  });

  it('makes one request for concurrent lookups whose answer is an error, though errors are not cached', async () => {
    let release: (value: ApiOutcome) => void = () => {};
    const { service, calls } = setup(() => new Promise((resolve) => (release = resolve)));
    const lookups = Promise.all([service.lookup('acme.example'), service.lookup('acme.example')]);
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    release({ kind: 'unknown-key', message: 'no such key' });
    expect((await lookups).map((result) => result.state)).toEqual(['unknown-key', 'unknown-key']);
    expect(calls).toHaveLength(1);
  });

  it.each<[ApiOutcome, string]>([
    [{ kind: 'unknown-key', message: 'the specified API key does not exist' }, 'unknown-key'],
    [{ kind: 'billing', message: 'top up', topUpUrl: 'https://x.example/top' }, 'billing'],
    [{ kind: 'invalid-request', message: 'bad' }, 'invalid'],
    [{ kind: 'rate-limited', message: 'slow', retryAfterSeconds: 5 }, 'rate-limited'],
  ])('never caches an error (%j)', async (outcome, state) => {
    const { service, calls } = setup(outcome);
    expect((await service.lookup('acme.example')).state).toBe(state);
    await service.lookup('acme.example');
    expect(calls).toHaveLength(2);
  });

  it('answers from the catalog, marked, when there is no key', async () => {
    const { service } = setup(null);
    const result = await service.lookup('gmail.com');
    expect(result).toMatchObject({ state: 'found', source: 'catalog', fallbackReason: 'no-key' });
    expect(describeSource(result, Date.now())).toMatch(/built-in catalog: no API key/);
    expect((await service.lookup('acme.example')).state).toBe('no-key');
  });

  it('answers a disposable domain from the catalog when there is no key', async () => {
    const { service } = setup(null);
    expect(await service.lookup('x7k2.mailinator.com')).toMatchObject({
      state: 'found',
      source: 'catalog',
      info: { is_disposable: true, nice_name: 'Disposable email' },
    });
  });

  it.each<ApiOutcome>([
    { kind: 'server-error', status: 503, message: 'down' },
    { kind: 'network-error', message: 'offline' },
    { kind: 'timeout', message: 'too slow' },
    { kind: 'malformed-response', status: 200, message: 'not JSON' },
  ])('falls back to the catalog on $kind', async (outcome) => {
    const { service } = setup(outcome);
    expect(await service.lookup('gmail.com')).toMatchObject({
      state: 'found',
      fallbackReason: 'unreachable',
    });
    expect(await service.lookup('acme.example')).toEqual({ state: 'unreachable', message: outcome.message });
  });

  it('answers from the catalog, marked, when the service cannot be reached, and does not cache it', async () => {
    const { service, calls } = setup({ kind: 'network-error', message: 'down' });
    expect(await service.lookup('proton.me')).toMatchObject({
      state: 'found',
      source: 'catalog',
      fallbackReason: 'unreachable',
    });
    expect(await service.lookup('acme.example')).toMatchObject({ state: 'unreachable' });
    await service.lookup('proton.me');
    expect(calls.filter((call) => call.email === 'proton.me')).toHaveLength(2);
  });

  it('never caches a 429, and gives the time the service said it may be asked again', async () => {
    const { service, calls, advance } = setup({
      kind: 'rate-limited',
      message: 'slow',
      retryAfterSeconds: 30,
    });
    expect(await service.lookup('acme.example')).toEqual({
      state: 'rate-limited',
      message: 'slow',
      retryAt: 1_000_000 + 30_000,
    });
    advance(1_000);
    expect(await service.lookup('acme.example')).toMatchObject({ retryAt: 1_001_000 + 30_000 });
    expect(calls).toHaveLength(2);
  });

  it('takes a Retry-After as at most a day, and none as no time', async () => {
    expect(
      await setup({ kind: 'rate-limited', message: 'x', retryAfterSeconds: 1e12 }).service.lookup(
        'a.example',
      ),
    ).toMatchObject({ retryAt: 1_000_000 + 24 * 3600_000 });
    expect(
      await setup({ kind: 'rate-limited', message: 'x', retryAfterSeconds: null }).service.lookup(
        'a.example',
      ),
    ).toMatchObject({ retryAt: null });
  });

  it('gives every state words and an action', () => {
    expect(
      describeResult({ state: 'billing', message: 'x', topUpUrl: 'https://dash.example/top' }).action,
    ).toEqual({
      kind: 'link',
      label: 'Top up',
      href: 'https://dash.example/top',
    });
    expect(describeResult({ state: 'no-key' }).action?.kind).toBe('open-options');
    expect(describeResult(null).title).toMatch(/Looking up/);
  });
});

describe('answer cache', () => {
  const answer = {
    state: 'not-found',
    reason: 'unstated',
    message: 'x',
    source: 'api',
    fetchedAt: 0,
  } as const;

  it('survives a new worker: a new cache over the same store finds the answers', async () => {
    const first = setup(found);
    await first.service.lookup('gmail.com');
    await first.cache.flush();
    const second = setup(found);
    expect(await second.service.cached('gmail.com')).toMatchObject({ state: 'found' });
    expect(second.calls).toHaveLength(0);
  });

  it('reads only the asked domain from storage on the way to an answer, however many are stored', async () => {
    const first = newCache();
    for (let i = 0; i < 50; i++) await first.set(`d${i}.example`, answer, 60_000);
    await first.flush();
    const reads = vi.spyOn(fakeBrowser.storage.local, 'get');
    const second = newCache();
    expect(await second.get('d7.example')).toEqual(answer);
    expect(reads.mock.calls).toEqual([[answerFamily.key('d7.example')]]);
  });

  it('drops the least recently used entry past its cap, from memory and from storage', async () => {
    const cache = newCache({ maxEntries: 2 });
    await cache.set('a.example', answer, 60_000);
    await cache.set('b.example', answer, 60_000);
    await cache.flush();
    await cache.get('a.example');
    await cache.set('c.example', answer, 60_000);
    await cache.flush();
    expect(await cache.get('b.example')).toBeNull();
    expect(await cache.get('a.example')).not.toBeNull();
    expect(await cache.size()).toBe(2);
    expect(await storedKeys()).toEqual(
      ['answerIndex', answerFamily.key('a.example'), answerFamily.key('c.example')].sort(),
    );
  });

  it('removes an expired answer from storage, and does not count it', async () => {
    let time = 0;
    const cache = newCache({ now: () => time });
    await cache.set('a.example', answer, 1_000);
    await cache.set('b.example', answer, 5_000);
    await cache.flush();
    time = 2_000;
    expect(await cache.size()).toBe(1);
    expect(await cache.get('a.example')).toBeNull();
    await cache.flush();
    expect(await storedKeys()).toEqual(['answerIndex', answerFamily.key('b.example')].sort());
  });

  it('clears storage of every answer', async () => {
    const cache = newCache();
    await cache.set('a.example', answer, 60_000);
    await cache.flush();
    expect(await storedKeys()).not.toEqual([]);
    await cache.clear();
    expect(await storedKeys()).toEqual([]);
    expect(await cache.size()).toBe(0);
  });

  it('keeps working from memory when storage refuses writes, and reports it', async () => {
    refuseWrites();
    const cache = newCache();
    await cache.set('a.example', answer, 60_000);
    await cache.flush();
    expect(await cache.get('a.example')).toEqual(answer);
    expect(cache.saved()).toBe(false);
  });

  it('on a full quota, removes evicted answers before it writes the new one', async () => {
    const cache = newCache({ maxEntries: 1 });
    await cache.set('a.example', answer, 60_000);
    await cache.flush();
    const local = fakeBrowser.storage.local;
    const set = local.set;
    // A quota with room for one answer: a write that would hold two is refused.
    vi.spyOn(local, 'set').mockImplementation(async (values) => {
      const stored = Object.keys(await local.get(null));
      const answers = [...stored, ...Object.keys(values)].filter((key) => key !== 'answerIndex');
      if (new Set(answers).size > 1) throw new Error('QUOTA_BYTES quota exceeded');
      await set(values);
    });
    await cache.set('b.example', answer, 60_000);
    await cache.flush();
    expect(cache.saved()).toBe(true);
    expect(await storedKeys()).toEqual(['answerIndex', answerFamily.key('b.example')].sort());
    expect((await storedItems()).answerIndex).toEqual([
      ['b.example', expect.any(Number), expect.any(Number)],
    ]);
  });

  it('writes no index made without the stored one when storage could not be read', async () => {
    const first = newCache();
    await first.set('a.example', answer, 60_000);
    await first.flush();
    const unreadable = failReads();
    const second = newCache();
    await second.set('b.example', answer, 60_000);
    await second.flush();
    expect(second.saved()).toBe(false);
    unreadable.mockRestore();
    await second.flush();
    const index = (await storedItems()).answerIndex as [string, number, number][];
    expect(index.map(([domain]) => domain).sort()).toEqual(['a.example', 'b.example']);
  });

  it('does not bring back an answer cleared while it was being read', async () => {
    const first = newCache();
    await first.set('a.example', answer, 60_000);
    await first.flush();
    const second = newCache();
    const reading = second.get('a.example');
    await second.clear();
    expect(await reading).toBeNull();
    expect(await second.get('a.example')).toBeNull();
  });

  it('reads what a worker before it stored: each answer under answer:<domain>, their list under answerIndex', async () => {
    await fakeBrowser.storage.local.set({
      answerIndex: [['a.example', 60_000, 300]],
      'answer:a.example': { answer, expiresAt: 60_000 },
    });
    const cache = newCache({ now: () => 0 });
    expect(await cache.size()).toBe(1);
    expect(await cache.get('a.example')).toEqual(answer);
  });

  it('ignores a stored entry of a kind that is never cached (an error)', async () => {
    await fakeBrowser.storage.local.set({
      [answerFamily.key('a.example')]: {
        answer: { state: 'unreachable', message: 'down' },
        expiresAt: 60_000,
      },
    });
    expect(await newCache({ now: () => 0 }).get('a.example')).toBeNull();
  });

  it('answers from memory without reading storage', async () => {
    const reads = vi.spyOn(fakeBrowser.storage.local, 'get');
    const cache = newCache();
    await cache.set('a.example', answer, 60_000);
    expect(await cache.get('a.example')).toEqual(answer);
    expect(reads).not.toHaveBeenCalled();
  });

  it('answers a miss when storage cannot be read', async () => {
    failReads();
    expect(await newCache().get('a.example')).toBeNull();
  });

  it('counts the answers in storage and those only in memory, until their expiry time', async () => {
    let time = 0;
    const first = newCache({ now: () => time });
    await first.set('a.example', answer, 1_000);
    await first.set('b.example', answer, 1_000);
    await first.flush();
    const second = newCache({ now: () => time });
    await second.set('c.example', answer, 2_000);
    expect(await second.size()).toBe(3);
    time = 1_000;
    expect(await second.size()).toBe(1);
    expect(await second.get('c.example')).toEqual(answer);
    time = 2_000;
    expect(await second.size()).toBe(0);
    expect(await second.get('c.example')).toBeNull();
  });

  it('drops expired answers from storage at the next write, asked for or not', async () => {
    let time = 0;
    const cache = newCache({ now: () => time });
    await cache.set('a.example', answer, 1_000);
    await cache.set('b.example', answer, 5_000);
    await cache.flush();
    time = 1_000;
    await cache.set('c.example', answer, 5_000);
    await cache.flush();
    expect(await storedKeys()).toEqual(
      ['answerIndex', answerFamily.key('b.example'), answerFamily.key('c.example')].sort(),
    );
  });

  it('does not write an answer that expired before it could be written', async () => {
    let time = 0;
    const cache = newCache({ now: () => time });
    await cache.set('a.example', answer, 1_000);
    time = 1_000;
    await cache.flush();
    expect(await storedKeys()).toEqual(['answerIndex']);
  });

  it('removes the stored answer when a new one may not be kept (no TTL)', async () => {
    const cache = newCache();
    await cache.set('a.example', answer, 60_000);
    await cache.flush();
    await cache.set('a.example', answer, 0);
    await cache.flush();
    expect(await storedKeys()).toEqual(['answerIndex']);
    expect(await cache.size()).toBe(0);
    expect(await newCache().get('a.example')).toBeNull();
  });

  it('gives no room to an answer that may not be kept', async () => {
    const cache = newCache({ maxEntries: 1 });
    await cache.set('a.example', answer, 60_000);
    await cache.set('b.example', answer, 0);
    await cache.flush();
    expect(await cache.get('a.example')).toEqual(answer);
  });

  it('writes on after letting a used answer go from memory', async () => {
    const first = newCache({ maxEntries: 2 });
    await first.set('a.example', answer, 60_000);
    await first.set('b.example', answer, 60_000);
    await first.flush();
    const second = newCache({ maxEntries: 2 });
    await second.get('a.example');
    await second.get('b.example');
    // Memory holds two: c pushes a, the least recently used, out before the write.
    await second.set('c.example', answer, 60_000);
    await second.flush();
    expect(second.saved()).toBe(true);
    const index = (await storedItems()).answerIndex as [string, number, number][];
    expect(index.map(([domain]) => domain)).toEqual(['b.example', 'c.example']);
  });

  describe('written shortly after a change', () => {
    beforeEach(() => {
      vi.useFakeTimers();
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    it('once for the changes made together, without a flush', async () => {
      const writes = vi.spyOn(fakeBrowser.storage.local, 'set');
      const cache = newCache();
      const domains = ['a.example', 'b.example', 'c.example'];
      for (const domain of domains) await cache.set(domain, answer, 60_000);
      expect(writes).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(CACHE_PERSIST_DELAY_MS);
      await vi.advanceTimersByTimeAsync(CACHE_PERSIST_DELAY_MS);
      expect(writes).toHaveBeenCalledTimes(1);
      const items = await storedItems();
      for (const domain of domains) expect(items, domain).toHaveProperty([answerFamily.key(domain)]);
    });

    it('not again after a flush wrote them', async () => {
      const writes = vi.spyOn(fakeBrowser.storage.local, 'set');
      const cache = newCache();
      await cache.set('a.example', answer, 60_000);
      await cache.flush();
      await vi.advanceTimersByTimeAsync(CACHE_PERSIST_DELAY_MS);
      expect(writes).toHaveBeenCalledTimes(1);
    });
  });

  it('ignores a corrupt stored answer or index', async () => {
    await fakeBrowser.storage.local.set({
      [answerFamily.key('x')]: { nonsense: true },
      answerIndex: 'nonsense',
    });
    const cache = newCache();
    expect(await cache.get('x')).toBeNull();
    expect(await cache.size()).toBe(0);
  });
});
