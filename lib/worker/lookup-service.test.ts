import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiOutcome } from '#core/api/outcome.ts';
import { writeDomainList } from '#core/catalog/domain-list-file.ts';
import { disposableDomainSet } from '#core/catalog/domain-lists.ts';
import { describeResult, describeSource } from '#extension/describe-result.ts';
import { CACHE_PERSIST_DELAY_MS, NOT_FOUND_TTL_MS } from '#extension/limits.ts';
import { HOSTED_GMAIL_INFO } from '#test/fixtures/hosted-examples.ts';
import { CACHE_INDEX_KEY, type CacheStore, cacheEntryKey, createAnswerCache } from './answer-cache.ts';
import { createLookupService } from './lookup-service.ts';
import { createOfflineCatalog } from './offline-catalog.ts';

/** chrome.storage.local's part the cache uses, over a map; it counts the keys each read asked for. */
function memoryStore(initial: Record<string, unknown> = {}) {
  const items = new Map(Object.entries(initial));
  const reads: string[][] = [];
  const writes: string[][] = [];
  const store: CacheStore = {
    get: async (keys) => {
      reads.push(keys);
      return Object.fromEntries(keys.filter((key) => items.has(key)).map((key) => [key, items.get(key)]));
    },
    set: async (values) => {
      writes.push(Object.keys(values));
      for (const [key, value] of Object.entries(values)) items.set(key, structuredClone(value));
    },
    remove: async (keys) => {
      for (const key of keys) items.delete(key);
    },
  };
  return { store, items, reads, writes };
}

function setup(outcome: ApiOutcome | (() => Promise<ApiOutcome>) | null, store = memoryStore().store) {
  let time = 1_000_000;
  const calls: { email: string; skipCache?: boolean }[] = [];
  const api = vi.fn(async (request: { email: string; skipCache?: boolean }) => {
    calls.push(request);
    return typeof outcome === 'function' ? outcome() : (outcome as ApiOutcome);
  });
  const cache = createAnswerCache(store, { now: () => time });
  const service = createLookupService({
    cache,
    callApi: async () => (outcome === null ? null : api),
    foundTtlMs: async () => 60_000,
    // The disposable list as the build writes it, read as the worker reads the file.
    offlineCatalog: createOfflineCatalog(async () => writeDomainList(disposableDomainSet)),
    now: () => time,
  });
  return { service, cache, calls, store, advance: (ms: number) => (time += ms) };
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
    const memory = memoryStore();
    const { service } = setup(found, memory.store);
    await service.lookup('gmail.com');
    expect(memory.items.get(cacheEntryKey('gmail.com'))).toMatchObject({ answer: { state: 'found' } });
    // A new worker over the same store answers without asking again.
    const { service: restarted, calls } = setup(found, memory.store);
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
    const { store } = memoryStore();
    const first = setup(found, store);
    await first.service.lookup('gmail.com');
    await first.cache.flush();
    const second = setup(found, store);
    expect(await second.service.cached('gmail.com')).toMatchObject({ state: 'found' });
    expect(second.calls).toHaveLength(0);
  });

  it('reads only the asked domain from storage on the way to an answer, however many are stored', async () => {
    const { store, reads } = memoryStore();
    const first = createAnswerCache(store);
    for (let i = 0; i < 50; i++) await first.set(`d${i}.example`, answer, 60_000);
    await first.flush();
    reads.length = 0;
    const second = createAnswerCache(store);
    expect(await second.get('d7.example')).toEqual(answer);
    expect(reads).toEqual([[cacheEntryKey('d7.example')]]);
  });

  it('drops the least recently used entry past its cap, from memory and from storage', async () => {
    const { store, items } = memoryStore();
    const cache = createAnswerCache(store, { maxEntries: 2 });
    await cache.set('a.example', answer, 60_000);
    await cache.set('b.example', answer, 60_000);
    await cache.flush();
    await cache.get('a.example');
    await cache.set('c.example', answer, 60_000);
    await cache.flush();
    expect(await cache.get('b.example')).toBeNull();
    expect(await cache.get('a.example')).not.toBeNull();
    expect(await cache.size()).toBe(2);
    expect([...items.keys()].sort()).toEqual(
      [CACHE_INDEX_KEY, cacheEntryKey('a.example'), cacheEntryKey('c.example')].sort(),
    );
  });

  it('removes an expired answer from storage, and does not count it', async () => {
    let time = 0;
    const { store, items } = memoryStore();
    const cache = createAnswerCache(store, { now: () => time });
    await cache.set('a.example', answer, 1_000);
    await cache.set('b.example', answer, 5_000);
    await cache.flush();
    time = 2_000;
    expect(await cache.size()).toBe(1);
    expect(await cache.get('a.example')).toBeNull();
    await cache.flush();
    expect(items.has(cacheEntryKey('a.example'))).toBe(false);
    expect(items.has(cacheEntryKey('b.example'))).toBe(true);
  });

  it('clears storage of every answer, and of the single item older versions kept', async () => {
    const { store, items } = memoryStore({ lookupCache: { entries: [] } });
    const cache = createAnswerCache(store);
    await cache.set('a.example', answer, 60_000);
    await cache.flush();
    expect(items.has('lookupCache')).toBe(false);
    await cache.clear();
    expect([...items.keys()]).toEqual([]);
    expect(await cache.size()).toBe(0);
  });

  it('keeps working from memory when storage refuses writes, and reports it', async () => {
    const { store } = memoryStore();
    store.set = async () => {
      throw new Error('QUOTA_BYTES quota exceeded');
    };
    const cache = createAnswerCache(store);
    await cache.set('a.example', answer, 60_000);
    await cache.flush();
    expect(await cache.get('a.example')).toEqual(answer);
    expect(String(cache.lastWriteError())).toMatch(/quota/);
  });

  it('on a full quota, removes evicted answers before it writes the new one', async () => {
    const { store, items } = memoryStore();
    const cache = createAnswerCache(store, { maxEntries: 1 });
    await cache.set('a.example', answer, 60_000);
    await cache.flush();
    const set = store.set;
    // A quota with room for one answer: a write that would hold two is refused.
    store.set = async (values) => {
      const answers = [...items.keys(), ...Object.keys(values)].filter((key) => key !== CACHE_INDEX_KEY);
      if (new Set(answers).size > 1) throw new Error('QUOTA_BYTES quota exceeded');
      await set(values);
    };
    await cache.set('b.example', answer, 60_000);
    await cache.flush();
    expect(cache.lastWriteError()).toBeNull();
    expect([...items.keys()].sort()).toEqual([CACHE_INDEX_KEY, cacheEntryKey('b.example')].sort());
    expect(items.get(CACHE_INDEX_KEY)).toEqual([['b.example', expect.any(Number), expect.any(Number)]]);
  });

  it('writes no index made without the stored one when storage could not be read', async () => {
    const { store, items } = memoryStore();
    const first = createAnswerCache(store);
    await first.set('a.example', answer, 60_000);
    await first.flush();
    const get = store.get;
    store.get = async () => {
      throw new Error('storage is unavailable');
    };
    const second = createAnswerCache(store);
    await second.set('b.example', answer, 60_000);
    await second.flush();
    expect(String(second.lastWriteError())).toMatch(/unavailable/);
    store.get = get;
    await second.flush();
    expect(
      (items.get(CACHE_INDEX_KEY) as [string, number, number][]).map(([domain]) => domain).sort(),
    ).toEqual(['a.example', 'b.example']);
  });

  it('does not bring back an answer cleared while it was being read', async () => {
    const { store } = memoryStore();
    const first = createAnswerCache(store);
    await first.set('a.example', answer, 60_000);
    await first.flush();
    const second = createAnswerCache(store);
    const reading = second.get('a.example');
    await second.clear();
    expect(await reading).toBeNull();
    expect(await second.get('a.example')).toBeNull();
  });

  it('reads what earlier versions stored: each answer under answer:<domain>, their list under answerIndex', async () => {
    const { store } = memoryStore({
      answerIndex: [['a.example', 60_000]],
      'answer:a.example': { answer, expiresAt: 60_000 },
    });
    const cache = createAnswerCache(store, { now: () => 0 });
    expect(await cache.size()).toBe(1);
    expect(await cache.get('a.example')).toEqual(answer);
  });

  it('ignores a stored entry of a kind that is never cached (an error)', async () => {
    const { store } = memoryStore({
      [cacheEntryKey('a.example')]: { answer: { state: 'unreachable', message: 'down' }, expiresAt: 60_000 },
    });
    expect(await createAnswerCache(store, { now: () => 0 }).get('a.example')).toBeNull();
  });

  it('answers from memory without reading storage', async () => {
    const { store, reads } = memoryStore();
    const cache = createAnswerCache(store);
    await cache.set('a.example', answer, 60_000);
    expect(await cache.get('a.example')).toEqual(answer);
    expect(reads).toEqual([]);
  });

  it('answers a miss when storage cannot be read', async () => {
    const { store } = memoryStore();
    store.get = async () => {
      throw new Error('storage is unavailable');
    };
    expect(await createAnswerCache(store).get('a.example')).toBeNull();
  });

  it('counts the answers in storage and those only in memory, until their expiry time', async () => {
    let time = 0;
    const { store } = memoryStore();
    const first = createAnswerCache(store, { now: () => time });
    await first.set('a.example', answer, 1_000);
    await first.set('b.example', answer, 1_000);
    await first.flush();
    const second = createAnswerCache(store, { now: () => time });
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
    const { store, items } = memoryStore();
    const cache = createAnswerCache(store, { now: () => time });
    await cache.set('a.example', answer, 1_000);
    await cache.set('b.example', answer, 5_000);
    await cache.flush();
    time = 1_000;
    await cache.set('c.example', answer, 5_000);
    await cache.flush();
    expect([...items.keys()].sort()).toEqual(
      [CACHE_INDEX_KEY, cacheEntryKey('b.example'), cacheEntryKey('c.example')].sort(),
    );
  });

  it('does not write an answer that expired before it could be written', async () => {
    let time = 0;
    const { store, items } = memoryStore();
    const cache = createAnswerCache(store, { now: () => time });
    await cache.set('a.example', answer, 1_000);
    time = 1_000;
    await cache.flush();
    expect([...items.keys()]).toEqual([CACHE_INDEX_KEY]);
  });

  it('removes the stored answer when a new one may not be kept (no TTL)', async () => {
    const { store, items } = memoryStore();
    const cache = createAnswerCache(store);
    await cache.set('a.example', answer, 60_000);
    await cache.flush();
    await cache.set('a.example', answer, 0);
    await cache.flush();
    expect([...items.keys()]).toEqual([CACHE_INDEX_KEY]);
    expect(await cache.size()).toBe(0);
    expect(await createAnswerCache(store).get('a.example')).toBeNull();
  });

  it('gives no room to an answer that may not be kept', async () => {
    const { store } = memoryStore();
    const cache = createAnswerCache(store, { maxEntries: 1 });
    await cache.set('a.example', answer, 60_000);
    await cache.set('b.example', answer, 0);
    await cache.flush();
    expect(await cache.get('a.example')).toEqual(answer);
  });

  it('writes on after letting a used answer go from memory', async () => {
    const { store, items } = memoryStore();
    const first = createAnswerCache(store, { maxEntries: 2 });
    await first.set('a.example', answer, 60_000);
    await first.set('b.example', answer, 60_000);
    await first.flush();
    const second = createAnswerCache(store, { maxEntries: 2 });
    await second.get('a.example');
    await second.get('b.example');
    // Memory holds two: c pushes a, the least recently used, out before the write.
    await second.set('c.example', answer, 60_000);
    await second.flush();
    expect(second.lastWriteError()).toBeNull();
    expect((items.get(CACHE_INDEX_KEY) as [string, number, number][]).map(([domain]) => domain)).toEqual([
      'b.example',
      'c.example',
    ]);
  });

  describe('written shortly after a change', () => {
    beforeEach(() => {
      vi.useFakeTimers();
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    it('once for the changes made together, without a flush', async () => {
      const { store, items, writes } = memoryStore();
      const cache = createAnswerCache(store);
      const domains = ['a.example', 'b.example', 'c.example'];
      for (const domain of domains) await cache.set(domain, answer, 60_000);
      expect(writes).toEqual([]);
      await vi.advanceTimersByTimeAsync(CACHE_PERSIST_DELAY_MS);
      await vi.advanceTimersByTimeAsync(CACHE_PERSIST_DELAY_MS);
      expect(writes).toHaveLength(1);
      for (const domain of domains) expect(items.has(cacheEntryKey(domain)), domain).toBe(true);
    });

    it('not again after a flush wrote them', async () => {
      const { store, writes } = memoryStore();
      const cache = createAnswerCache(store);
      await cache.set('a.example', answer, 60_000);
      await cache.flush();
      await vi.advanceTimersByTimeAsync(CACHE_PERSIST_DELAY_MS);
      expect(writes).toHaveLength(1);
    });
  });

  it('ignores a corrupt stored answer or index', async () => {
    const { store } = memoryStore({
      [cacheEntryKey('x')]: { nonsense: true },
      [CACHE_INDEX_KEY]: 'nonsense',
    });
    const cache = createAnswerCache(store);
    expect(await cache.get('x')).toBeNull();
    expect(await cache.size()).toBe(0);
  });
});
