import { z } from 'zod';
import { CACHE_PERSIST_DELAY_MS, MAX_CACHE_ENTRIES } from '#extension/limits.ts';
import { type LookupAnswer, lookupResultSchema } from '#extension/lookup-result.ts';

const entrySchema = z.object({ answer: lookupResultSchema, expiresAt: z.number() });
/** Every stored domain with when its answer expires, least recently used first. */
const indexSchema = z.array(z.tuple([z.string(), z.number()]));

type Entry = { answer: LookupAnswer; expiresAt: number };

/** The storage key of one domain's answer. */
export const cacheEntryKey = (domain: string) => `answer:${domain}`;
/** The storage key of the list of stored domains (for eviction, counting and clearing). */
export const CACHE_INDEX_KEY = 'answerIndex';
/** Where the whole cache was one item, before each answer had its own: removed when the index is made. */
const LEGACY_CACHE_KEY = 'lookupCache';

/** Where the second tier lives: chrome.storage.local in the extension, a map in tests. */
export interface CacheStore {
  get(keys: string[]): Promise<Record<string, unknown>>;
  set(items: Record<string, unknown>): Promise<void>;
  remove(keys: string[]): Promise<void>;
}

function parseEntry(stored: unknown): Entry | null {
  const parsed = entrySchema.safeParse(stored);
  if (!parsed.success) return null;
  const { answer, expiresAt } = parsed.data;
  return answer.state === 'found' || answer.state === 'not-found' ? { answer, expiresAt } : null;
}

/**
 * The answer cache, per domain: a memory map (tier 1) over storage (tier 2), where each answer is an item of
 * its own, read when its domain is first asked about. A worker Chrome has stopped (after 30 s idle) starts
 * again on a hover: it reads one small item, where one item holding every answer took 60-80 ms to read with
 * 2,000 answers (bench/lookup-path.ts). Changes are written shortly after they are made, with an index of
 * the stored domains in least-recently-used order: past MAX_CACHE_ENTRIES the least recently used go. A
 * failed write (a full quota) leaves the memory tier working; the next change tries again.
 */
export function createAnswerCache(
  store: CacheStore,
  options: { now?: () => number; maxEntries?: number } = {},
) {
  const now = options.now ?? Date.now;
  const maxEntries = options.maxEntries ?? MAX_CACHE_ENTRIES;
  /** Answers read or made by this worker, least recently used first. */
  const memory = new Map<string, Entry>();
  /** Domains whose answer is to be written, or removed (an answer that may not be kept). */
  const changed = new Set<string>();
  /** Domains used since the last write: they move to the end of the index. */
  const used = new Set<string>();
  /** Domains whose stored answer is to be removed (expired, evicted, not to be kept), kept until it is. */
  const removing = new Set<string>();
  let index: Promise<Map<string, number>> | null = null;
  let persistTimer: ReturnType<typeof setTimeout> | null = null;
  let lastWriteError: unknown = null;
  /** Counts clears: a storage read begun before one may not bring a cleared answer back. */
  let clears = 0;

  /** The stored index, read once when a write, a count or a clear needs it (never on the way to an answer). */
  const storedIndex = () => {
    index ??= store.get([CACHE_INDEX_KEY]).then(
      async (stored) => {
        const parsed = indexSchema.safeParse(stored[CACHE_INDEX_KEY]);
        if (parsed.success) return new Map(parsed.data);
        await store.remove([LEGACY_CACHE_KEY]).catch(() => {});
        return new Map<string, number>();
      },
      (error: unknown) => {
        // Not an empty index: a write from it would drop every answer this worker has not seen.
        index = null;
        throw error;
      },
    );
    return index;
  };

  const remember = (domain: string, entry: Entry) => {
    memory.delete(domain);
    memory.set(domain, entry);
    while (memory.size > maxEntries) memory.delete(memory.keys().next().value as string);
  };

  const persistNow = async () => {
    if (persistTimer !== null) clearTimeout(persistTimer);
    persistTimer = null;
    const writing = [...changed];
    const touched = [...used];
    changed.clear();
    used.clear();
    try {
      await write(writing, touched);
      lastWriteError = null;
    } catch (error) {
      lastWriteError = error;
      for (const domain of writing) changed.add(domain);
      for (const domain of touched) used.add(domain);
    }
  };

  const write = async (writing: string[], touched: string[]) => {
    const stored = await storedIndex();
    const time = now();
    const items: Record<string, unknown> = {};
    for (const domain of writing) {
      const entry = memory.get(domain);
      if (entry && entry.expiresAt > time) items[cacheEntryKey(domain)] = entry;
      else {
        stored.delete(domain);
        removing.add(domain);
      }
    }
    for (const domain of touched) {
      const entry = memory.get(domain);
      if (!entry || (!stored.has(domain) && !(cacheEntryKey(domain) in items))) continue;
      stored.delete(domain);
      stored.set(domain, entry.expiresAt);
    }
    // Least recently used first: the expired go, and the oldest while there are too many.
    for (const [domain, expiresAt] of stored) {
      if (expiresAt > time && stored.size <= maxEntries) continue;
      stored.delete(domain);
      removing.add(domain);
      delete items[cacheEntryKey(domain)];
    }
    items[CACHE_INDEX_KEY] = [...stored];
    // Removals first: they free the room a full storage quota needs for the writes.
    if (removing.size > 0) {
      const removed = [...removing];
      await store.remove(removed.map(cacheEntryKey));
      for (const domain of removed) removing.delete(domain);
    }
    await store.set(items);
  };

  const schedulePersist = () => {
    if (persistTimer === null) persistTimer = setTimeout(persistNow, CACHE_PERSIST_DELAY_MS);
  };

  return {
    async get(domain: string): Promise<LookupAnswer | null> {
      let entry = memory.get(domain);
      if (!entry) {
        const key = cacheEntryKey(domain);
        const clearsBefore = clears;
        const read = await store.get([key]).catch(() => ({}) as Record<string, unknown>);
        // Another answer may have been made while storage was read: it is the newer.
        entry = memory.get(domain) ?? (clears === clearsBefore ? parseEntry(read[key]) : null) ?? undefined;
      }
      if (!entry) return null;
      if (entry.expiresAt <= now()) {
        memory.delete(domain);
        changed.add(domain);
        schedulePersist();
        return null;
      }
      remember(domain, entry);
      used.add(domain);
      return entry.answer;
    },
    async set(domain: string, answer: LookupAnswer, ttlMs: number): Promise<void> {
      if (ttlMs <= 0) memory.delete(domain);
      else remember(domain, { answer, expiresAt: now() + ttlMs });
      changed.add(domain);
      used.add(domain);
      schedulePersist();
    },
    /** How many answers are kept, in memory or in storage, and not expired. */
    async size(): Promise<number> {
      const time = now();
      const domains = new Set<string>();
      for (const [domain, expiresAt] of await storedIndex()) if (expiresAt > time) domains.add(domain);
      for (const [domain, entry] of memory) if (entry.expiresAt > time) domains.add(domain);
      return domains.size;
    },
    async clear(): Promise<void> {
      clears++;
      const stored = await storedIndex();
      const domains = new Set([...stored.keys(), ...memory.keys(), ...changed, ...removing]);
      memory.clear();
      changed.clear();
      removing.clear();
      used.clear();
      stored.clear();
      await store.remove([...[...domains].map(cacheEntryKey), CACHE_INDEX_KEY, LEGACY_CACHE_KEY]);
    },
    /** Writes pending changes at once (tests, and before the worker is stopped). */
    flush: persistNow,
    /** The error of the last failed write to storage, or null. */
    lastWriteError: () => lastWriteError,
  };
}

export type AnswerCache = ReturnType<typeof createAnswerCache>;
