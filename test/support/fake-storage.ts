import { afterEach, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { AnswerCache, type AnswerCacheOptions } from '#worker/answer-cache.ts';

type Area = 'local' | 'session';

/** What WXT's fake browser holds in a storage area now, by the keys the browser knows them by. */
export async function storedItems(area: Area = 'local'): Promise<Record<string, unknown>> {
  return structuredClone(await fakeBrowser.storage[area].get(null));
}

/**
 * Makes writes to an area fail as a full store's do, each write whose keys `refuses` holds for (every write
 * unless told); `mockRestore()` on the answer makes room again. What the browser says then is its own
 * (Chromium: `QUOTA_BYTES quota exceeded`).
 */
export function refuseWrites(area: Area = 'local', refuses: (keys: string[]) => boolean = () => true) {
  const storageArea = fakeBrowser.storage[area];
  const set = storageArea.set;
  return vi.spyOn(storageArea, 'set').mockImplementation(async (items) => {
    if (refuses(Object.keys(items))) throw new Error('QUOTA_BYTES quota exceeded');
    await set(items);
  });
}

/** Makes every read of an area fail, as a storage the browser cannot open does; undone by `mockRestore()`. */
export function failReads(area: Area = 'local') {
  return vi.spyOn(fakeBrowser.storage[area], 'get').mockRejectedValue(new Error('storage is unavailable'));
}

/**
 * Answer caches for a test file's tests, each of which writes what it holds when its test ends: a write it
 * still had on its way (CACHE_PERSIST_DELAY_MS) would land in the next test's storage.
 */
export function answerCachesOfEachTest(): (options?: AnswerCacheOptions) => AnswerCache {
  const caches: AnswerCache[] = [];
  afterEach(async () => {
    await Promise.all(caches.splice(0).map((cache) => cache.flush()));
  });
  return (options) => {
    const cache = new AnswerCache(options);
    caches.push(cache);
    return cache;
  };
}
