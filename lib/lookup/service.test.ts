import { describe, expect, it, vi } from 'vitest';
import { HOSTED_GMAIL_INFO } from '../../test/fixtures/hosted-examples.ts';
import type { ApiOutcome } from '../api/outcome.ts';
import { type CacheStore, createAnswerCache } from './cache.ts';
import { describeResult, describeSource } from './describe.ts';
import { createLookupService } from './service.ts';

function memoryStore(initial: unknown = undefined): CacheStore & { saved: unknown[] } {
  let value = initial;
  const saved: unknown[] = [];
  return {
    saved,
    load: async () => value,
    save: async (next) => {
      value = next;
      saved.push(next);
    },
  };
}

function setup(outcome: ApiOutcome | (() => Promise<ApiOutcome>) | null, store = memoryStore()) {
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

  it('expires found answers after their TTL and not-found after an hour', async () => {
    const { service, calls, advance } = setup(found);
    await service.lookup('gmail.com');
    advance(60_001);
    await service.lookup('gmail.com');
    expect(calls).toHaveLength(2);
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
  it('survives a new worker: a new cache over the same store finds the answers', async () => {
    const store = memoryStore();
    const first = setup(found, store);
    await first.service.lookup('gmail.com');
    await first.cache.flush();
    const second = setup(found, store);
    expect(await second.service.cached('gmail.com')).toMatchObject({ state: 'found' });
    expect(second.calls).toHaveLength(0);
  });

  it('drops the least recently used entry past its cap', async () => {
    const cache = createAnswerCache(memoryStore(), { maxEntries: 2 });
    const answer = { state: 'not-found', message: 'x', source: 'api', fetchedAt: 0 } as const;
    await cache.set('a.example', answer, 60_000);
    await cache.set('b.example', answer, 60_000);
    await cache.get('a.example');
    await cache.set('c.example', answer, 60_000);
    expect(await cache.get('b.example')).toBeNull();
    expect(await cache.get('a.example')).not.toBeNull();
    expect(await cache.size()).toBe(2);
  });

  it('keeps working from memory when storage refuses writes, and reports it', async () => {
    const store: CacheStore = {
      load: async () => undefined,
      save: async () => {
        throw new Error('QUOTA_BYTES quota exceeded');
      },
    };
    const cache = createAnswerCache(store);
    const answer = { state: 'not-found', message: 'x', source: 'api', fetchedAt: 0 } as const;
    await cache.set('a.example', answer, 60_000);
    await cache.flush();
    expect(await cache.get('a.example')).toEqual(answer);
    expect(String(cache.lastWriteError())).toMatch(/quota/);
  });

  it('ignores a corrupt stored cache', async () => {
    const cache = createAnswerCache(memoryStore({ entries: [['x', { nonsense: true }]] }));
    expect(await cache.get('x')).toBeNull();
  });
});
