import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { MAX_KEPT_ANSWER_BYTES } from '#extension/limits.ts';
import type { LookupAnswer } from '#extension/lookup-result.ts';
import { answerFamily } from '#extension/stored.ts';
import { itemBytes, storedBytes } from '#extension/stored-size.ts';
import { HOSTED_GMAIL_INFO } from '#test/fixtures/hosted-examples.ts';
import { answerCachesOfEachTest, refuseWrites, storedItems } from '#test/support/fake-storage.ts';

beforeEach(() => {
  fakeBrowser.reset();
  vi.restoreAllMocks();
});

const newCache = answerCachesOfEachTest();

const found = (info: Record<string, unknown> = {}): LookupAnswer => ({
  state: 'found',
  info: { ...HOSTED_GMAIL_INFO, ...info },
  source: 'api',
  fetchedAt: 0,
});

/** The bytes the cache's answers take in storage, as Chromium counts them. */
const answerBytes = async () =>
  Object.entries(await storedItems())
    .filter(([key]) => key.startsWith('answer:'))
    .reduce((sum, [key, value]) => sum + itemBytes(key, value), 0);

describe('the answer cache’s budgets', () => {
  it('keeps an answer’s additional properties up to MAX_KEPT_ANSWER_BYTES, in order, and drops the rest', async () => {
    const cache = newCache();
    const evidence = { provider_source: 'mx', provider_confidence: 'high' };
    await cache.set(
      'a.example',
      found({ ...evidence, padding: 'x'.repeat(60_000), gateway: 'Proofpoint' }),
      60_000,
    );
    await cache.flush();
    const stored = (await storedItems())[answerFamily.key('a.example')] as {
      answer: { info: Record<string, unknown> };
    };
    expect(stored.answer.info).toEqual({ ...HOSTED_GMAIL_INFO, ...evidence, gateway: 'Proofpoint' });
    expect(storedBytes(stored.answer)).toBeLessThanOrEqual(MAX_KEPT_ANSWER_BYTES);
    // The same answer from memory as from storage: what is kept is what the worker uses.
    expect(await cache.get('a.example')).toEqual(stored.answer);
  });

  it('keeps no answer whose contract fields alone are past the budget', async () => {
    const cache = newCache();
    await cache.set('a.example', found({ nice_name: 'G'.repeat(10_000) }), 60_000);
    await cache.flush();
    expect(await cache.get('a.example')).toBeNull();
    expect(await storedItems()).not.toHaveProperty([answerFamily.key('a.example')]);
  });

  it('holds the stored answers to its bytes, the least recently used out first', async () => {
    const size = itemBytes(answerFamily.key('a.example'), { answer: found(), expiresAt: 1_060_000 });
    const cache = newCache({ now: () => 1_000_000, maxBytes: size * 2 });
    await cache.set('a.example', found(), 60_000);
    await cache.set('b.example', found(), 60_000);
    await cache.flush();
    await cache.get('a.example');
    await cache.set('c.example', found(), 60_000);
    await cache.flush();
    const items = await storedItems();
    expect(
      Object.keys(items)
        .filter((key) => key.startsWith('answer:'))
        .sort(),
    ).toEqual([answerFamily.key('a.example'), answerFamily.key('c.example')]);
    expect(await answerBytes()).toBeLessThanOrEqual(size * 2);
    expect(items.answerIndex).toEqual([
      ['a.example', 1_060_000, size],
      ['c.example', 1_060_000, size],
    ]);
  });

  it('a hostile service’s answers fill no more than the budget, however many', async () => {
    const cache = newCache({ maxBytes: 100_000 });
    for (let index = 0; index < 200; index++)
      await cache.set(`d${index}.example`, found({ padding: 'x'.repeat(60_000) }), 60_000);
    await cache.flush();
    expect(await answerBytes()).toBeLessThanOrEqual(100_000);
    expect(await cache.get('d199.example')).not.toBeNull();
  });

  it('says whether an answer is in storage, and whether the last write went through', async () => {
    const cache = newCache();
    await cache.set('a.example', found(), 60_000);
    expect(await cache.keep('a.example')).toBe(true);
    expect(cache.saved()).toBe(true);
    const full = refuseWrites();
    await cache.set('b.example', found(), 60_000);
    expect(await cache.keep('b.example')).toBe(false);
    expect(cache.saved()).toBe(false);
    full.mockRestore();
    expect(await cache.keep('b.example')).toBe(true);
    expect(cache.saved()).toBe(true);
  });
});

describe('the answer cache’s writes', () => {
  /** Counts the writes to storage.local from here on. */
  const countWrites = () => vi.spyOn(fakeBrowser.storage.local, 'set');

  it('a second keep of the same answer writes nothing', async () => {
    const cache = newCache();
    await cache.set('a.example', found(), 60_000);
    expect(await cache.keep('a.example')).toBe(true);
    const writes = countWrites();
    expect(await cache.keep('a.example')).toBe(true);
    await cache.flush();
    expect(writes).not.toHaveBeenCalled();
  });

  it('a use of the most recently used answer writes nothing; a use that reorders writes the index', async () => {
    const cache = newCache({ now: () => 0 });
    await cache.set('a.example', found(), 60_000);
    await cache.set('b.example', found(), 60_000);
    await cache.flush();
    const writes = countWrites();
    await cache.get('b.example');
    await cache.flush();
    expect(writes).not.toHaveBeenCalled();
    await cache.get('a.example');
    await cache.flush();
    expect(writes).toHaveBeenCalledOnce();
    expect(((await storedItems()).answerIndex as [string][]).map(([domain]) => domain)).toEqual([
      'b.example',
      'a.example',
    ]);
  });

  it('keeping an answer found in the cache writes nothing; its use goes with the next change', async () => {
    const cache = newCache({ now: () => 0 });
    await cache.set('a.example', found(), 60_000);
    await cache.set('b.example', found(), 60_000);
    await cache.flush();
    const writes = countWrites();
    await cache.get('a.example');
    expect(await cache.keep('a.example')).toBe(true);
    expect(writes).not.toHaveBeenCalled();
    await cache.set('c.example', found(), 60_000);
    await cache.flush();
    expect(((await storedItems()).answerIndex as [string][]).map(([domain]) => domain)).toEqual([
      'b.example',
      'a.example',
      'c.example',
    ]);
  });
});

describe('the answer cache’s clear', () => {
  /**
   * Holds the next removal from storage.local open until `release()`: a write that frees room before it
   * writes (an answer not to be kept) waits there, as it does on a slow disk. `reached` resolves once it waits.
   */
  function holdNextRemoval() {
    const local = fakeBrowser.storage.local;
    const remove = local.remove;
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let reached = () => {};
    const waiting = new Promise<void>((resolve) => {
      reached = resolve;
    });
    let held = false;
    vi.spyOn(local, 'remove').mockImplementation(async (keys) => {
      if (!held) {
        held = true;
        reached();
        await released;
      }
      await remove(keys);
    });
    return { reached: waiting, release };
  }

  /** A cache with a write on its way, held in its removal of old.example, about to write new.example. */
  async function cacheInTheMiddleOfAWrite() {
    const cache = newCache();
    await cache.set('old.example', found(), 60_000);
    await cache.flush();
    await cache.set('old.example', found(), 0);
    await cache.set('new.example', found(), 60_000);
    const removal = holdNextRemoval();
    const writing = cache.flush();
    await removal.reached;
    return { cache, writing, release: removal.release };
  }

  it('during a write leaves nothing of the cache stored, counted or served', async () => {
    const { cache, writing, release } = await cacheInTheMiddleOfAWrite();
    const clearing = cache.clear();
    release();
    await Promise.all([writing, clearing]);
    await cache.flush();
    expect(await storedItems()).toEqual({});
    expect(await cache.size()).toBe(0);
    expect(await cache.get('new.example')).toBeNull();
    // A worker started again finds nothing either.
    expect(await newCache().get('new.example')).toBeNull();
  });

  it('during a write serves nothing it clears to a lookup asked for meanwhile', async () => {
    const { cache, writing, release } = await cacheInTheMiddleOfAWrite();
    const clearing = cache.clear();
    const asked = cache.get('new.example');
    release();
    expect(await asked).toBeNull();
    await Promise.all([writing, clearing]);
    expect(await storedItems()).toEqual({});
  });

  it('during a write keeps what is set after it, stored with the index that lists it', async () => {
    const { cache, writing, release } = await cacheInTheMiddleOfAWrite();
    const clearing = cache.clear();
    await cache.set('after.example', found(), 60_000);
    release();
    await Promise.all([writing, clearing]);
    await cache.flush();
    const stored = await storedItems();
    expect(Object.keys(stored).sort()).toEqual(['answer:after.example', 'answerIndex']);
    expect((stored.answerIndex as [string][]).map(([domain]) => domain)).toEqual(['after.example']);
    expect(await cache.size()).toBe(1);
    expect(await newCache().get('after.example')).toEqual(found());
  });
});

describe('the answer cache’s clear, refused', () => {
  it('leaves every stored answer listed by the stored index, and the next write keeps them listed', async () => {
    const cache = newCache();
    await cache.set('a.example', found(), 60_000);
    await cache.flush();
    vi.spyOn(fakeBrowser.storage.local, 'remove').mockRejectedValueOnce(new Error('storage is unavailable'));
    await expect(cache.clear()).rejects.toThrow(/unavailable/);
    await cache.set('b.example', found(), 60_000);
    await cache.flush();
    const stored = await storedItems();
    const answers = Object.keys(stored).filter((key) => key.startsWith('answer:'));
    const listed = (stored.answerIndex as [string][]).map(([domain]) => answerFamily.key(domain));
    expect(listed.sort()).toEqual(answers.sort());
    expect(await cache.size()).toBe(answers.length);
    // What a clear did not remove, the next one does.
    await cache.clear();
    expect(await storedItems()).toEqual({});
  });
});
