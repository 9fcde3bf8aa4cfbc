import { z } from 'zod';
import { CACHE_PERSIST_DELAY_MS, MAX_CACHE_ENTRIES } from '../limits.ts';
import { type LookupAnswer, lookupResultSchema } from './result.ts';

const entrySchema = z.object({ answer: lookupResultSchema, expiresAt: z.number() });
/** Entries are stored least recently used first, so the order survives a restart of the worker. */
const storedCacheSchema = z.object({ entries: z.array(z.tuple([z.string(), entrySchema])) });

type Entry = { answer: LookupAnswer; expiresAt: number };

/** Where the second tier lives: chrome.storage.local in the extension, a fake in tests. */
export interface CacheStore {
  load(): Promise<unknown>;
  save(value: z.infer<typeof storedCacheSchema>): Promise<void>;
}

/**
 * The answer cache, per domain: a memory map (tier 1) loaded once from storage (tier 2) and written back
 * shortly after each change. Least recently used entries go first past MAX_CACHE_ENTRIES. A failed write
 * (a full quota) leaves the memory tier working; the next change tries again.
 */
export function createAnswerCache(
  store: CacheStore,
  options: { now?: () => number; maxEntries?: number } = {},
) {
  const now = options.now ?? Date.now;
  const maxEntries = options.maxEntries ?? MAX_CACHE_ENTRIES;
  const memory = new Map<string, Entry>();
  let loading: Promise<void> | null = null;
  let persistTimer: ReturnType<typeof setTimeout> | null = null;
  let lastWriteError: unknown = null;

  const ready = () => {
    loading ??= store.load().then(
      (stored) => {
        const parsed = storedCacheSchema.safeParse(stored);
        if (!parsed.success) return;
        for (const [domain, entry] of parsed.data.entries) {
          if (entry.answer.state === 'found' || entry.answer.state === 'not-found') {
            memory.set(domain, { answer: entry.answer, expiresAt: entry.expiresAt });
          }
        }
      },
      () => {},
    );
    return loading;
  };

  const persistNow = async () => {
    persistTimer = null;
    const time = now();
    const entries = [...memory].filter(([, entry]) => entry.expiresAt > time);
    try {
      await store.save({ entries });
      lastWriteError = null;
    } catch (error) {
      lastWriteError = error;
    }
  };

  const schedulePersist = () => {
    if (persistTimer === null) persistTimer = setTimeout(persistNow, CACHE_PERSIST_DELAY_MS);
  };

  return {
    async get(domain: string): Promise<LookupAnswer | null> {
      await ready();
      const entry = memory.get(domain);
      if (!entry) return null;
      memory.delete(domain);
      if (entry.expiresAt <= now()) {
        schedulePersist();
        return null;
      }
      memory.set(domain, entry);
      return entry.answer;
    },
    async set(domain: string, answer: LookupAnswer, ttlMs: number): Promise<void> {
      await ready();
      memory.delete(domain);
      if (ttlMs <= 0) return;
      memory.set(domain, { answer, expiresAt: now() + ttlMs });
      while (memory.size > maxEntries) memory.delete(memory.keys().next().value as string);
      schedulePersist();
    },
    async size(): Promise<number> {
      await ready();
      const time = now();
      return [...memory.values()].filter((entry) => entry.expiresAt > time).length;
    },
    async clear(): Promise<void> {
      await ready();
      memory.clear();
      await persistNow();
    },
    /** Writes pending changes at once (tests, and before the worker is stopped). */
    flush: persistNow,
    /** The error of the last failed write to storage, or null. */
    lastWriteError: () => lastWriteError,
  };
}

export type AnswerCache = ReturnType<typeof createAnswerCache>;
