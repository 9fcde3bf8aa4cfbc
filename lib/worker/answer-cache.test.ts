import { describe, expect, it } from 'vitest';
import { MAX_KEPT_ANSWER_BYTES } from '#extension/limits.ts';
import type { LookupAnswer } from '#extension/lookup-result.ts';
import { itemBytes, storedBytes } from '#extension/stored-size.ts';
import { HOSTED_GMAIL_INFO } from '#test/fixtures/hosted-examples.ts';
import { CACHE_INDEX_KEY, type CacheStore, cacheEntryKey, createAnswerCache } from './answer-cache.ts';

/** chrome.storage.local's part the cache uses, over a map; `full` refuses every write, as a full quota does. */
function memoryStore(initial: Record<string, unknown> = {}) {
  const items = new Map(Object.entries(initial));
  const state = { full: false };
  const store: CacheStore = {
    get: async (keys) =>
      Object.fromEntries(keys.filter((key) => items.has(key)).map((key) => [key, items.get(key)])),
    set: async (values) => {
      if (state.full) throw new Error('Resource::kQuotaBytes quota exceeded');
      for (const [key, value] of Object.entries(values)) items.set(key, structuredClone(value));
    },
    remove: async (keys) => {
      for (const key of keys) items.delete(key);
    },
  };
  return { store, items, state };
}

const found = (info: Record<string, unknown> = {}): LookupAnswer => ({
  state: 'found',
  info: { ...HOSTED_GMAIL_INFO, ...info },
  source: 'api',
  fetchedAt: 0,
});

/** The bytes the cache's answers take in storage, as Chromium counts them. */
const answerBytes = (items: Map<string, unknown>) =>
  [...items]
    .filter(([key]) => key.startsWith('answer:'))
    .reduce((sum, [key, value]) => sum + itemBytes(key, value), 0);

describe('the answer cache’s budgets', () => {
  it('keeps an answer’s additional properties up to MAX_KEPT_ANSWER_BYTES, in order, and drops the rest', async () => {
    const { store, items } = memoryStore();
    const cache = createAnswerCache(store);
    const evidence = { provider_source: 'mx', provider_confidence: 'high' };
    await cache.set(
      'a.example',
      found({ ...evidence, padding: 'x'.repeat(60_000), gateway: 'Proofpoint' }),
      60_000,
    );
    await cache.flush();
    const stored = items.get(cacheEntryKey('a.example')) as { answer: { info: Record<string, unknown> } };
    expect(stored.answer.info).toEqual({ ...HOSTED_GMAIL_INFO, ...evidence, gateway: 'Proofpoint' });
    expect(storedBytes(stored.answer)).toBeLessThanOrEqual(MAX_KEPT_ANSWER_BYTES);
    // The same answer from memory as from storage: what is kept is what the worker uses.
    expect(await cache.get('a.example')).toEqual(stored.answer);
  });

  it('keeps no answer whose contract fields alone are past the budget', async () => {
    const { store, items } = memoryStore();
    const cache = createAnswerCache(store);
    await cache.set('a.example', found({ nice_name: 'G'.repeat(10_000) }), 60_000);
    await cache.flush();
    expect(await cache.get('a.example')).toBeNull();
    expect(items.has(cacheEntryKey('a.example'))).toBe(false);
  });

  it('holds the stored answers to its bytes, the least recently used out first', async () => {
    const { store, items } = memoryStore();
    const size = itemBytes(cacheEntryKey('a.example'), { answer: found(), expiresAt: 1_060_000 });
    const cache = createAnswerCache(store, { now: () => 1_000_000, maxBytes: size * 2 });
    await cache.set('a.example', found(), 60_000);
    await cache.set('b.example', found(), 60_000);
    await cache.flush();
    await cache.get('a.example');
    await cache.set('c.example', found(), 60_000);
    await cache.flush();
    expect([...items.keys()].filter((key) => key.startsWith('answer:')).sort()).toEqual([
      cacheEntryKey('a.example'),
      cacheEntryKey('c.example'),
    ]);
    expect(answerBytes(items)).toBeLessThanOrEqual(size * 2);
    expect(items.get(CACHE_INDEX_KEY)).toEqual([
      ['a.example', 1_060_000, size],
      ['c.example', 1_060_000, size],
    ]);
  });

  it('measures what an earlier version stored without sizes, and holds it to the budget too', async () => {
    const huge = { answer: found({ padding: 'x'.repeat(60_000) }), expiresAt: 60_000 };
    const { store, items } = memoryStore({
      [CACHE_INDEX_KEY]: [['old.example', 60_000]],
      [cacheEntryKey('old.example')]: huge,
    });
    const cache = createAnswerCache(store, { now: () => 0, maxBytes: 10_000 });
    await cache.set('new.example', found(), 60_000);
    await cache.flush();
    expect(items.has(cacheEntryKey('old.example'))).toBe(false);
    expect(items.has(cacheEntryKey('new.example'))).toBe(true);
    expect(answerBytes(items)).toBeLessThanOrEqual(10_000);
  });

  it('a hostile service’s answers fill no more than the budget, however many', async () => {
    const { store, items } = memoryStore();
    const cache = createAnswerCache(store, { maxBytes: 100_000 });
    for (let index = 0; index < 200; index++)
      await cache.set(`d${index}.example`, found({ padding: 'x'.repeat(60_000) }), 60_000);
    await cache.flush();
    expect(answerBytes(items)).toBeLessThanOrEqual(100_000);
    expect(await cache.get('d199.example')).not.toBeNull();
  });

  it('says whether an answer is in storage, and whether the last write went through', async () => {
    const { store, state } = memoryStore();
    const cache = createAnswerCache(store);
    await cache.set('a.example', found(), 60_000);
    expect(await cache.keep('a.example')).toBe(true);
    expect(cache.saved()).toBe(true);
    state.full = true;
    await cache.set('b.example', found(), 60_000);
    expect(await cache.keep('b.example')).toBe(false);
    expect(cache.saved()).toBe(false);
    state.full = false;
    expect(await cache.keep('b.example')).toBe(true);
    expect(cache.saved()).toBe(true);
  });
});
