import { storage } from 'wxt/utils/storage';
import { CACHE_PERSIST_DELAY_MS, MAX_CACHE_BYTES, MAX_CACHE_ENTRIES } from '#extension/limits.ts';
import type { LookupAnswer } from '#extension/lookup-result.ts';
import { answerFamily, answerIndexItem, type CachedAnswer } from '#extension/stored.ts';
import { type CacheBudget, CacheIndex } from './cache-index.ts';
import { keptResult } from './kept-result.ts';

export interface AnswerCacheOptions {
  now?: () => number;
  maxEntries?: number;
  maxBytes?: number;
}

/**
 * The answer cache, per domain: a memory map (tier 1) over storage.local (tier 2: answerFamily, stored.ts),
 * where each answer is an item of its own, read when its domain is first asked about. A worker Chrome has
 * stopped (after 30 s idle) starts again on a hover: it reads one small item, where one item holding every
 * answer took 60-80 ms to read with 2,000 answers (bench/lookup-path.ts). Each answer is kept within
 * MAX_KEPT_ANSWER_BYTES (kept-result.ts).
 * Changes are written shortly after they are made, one write or clear at a time, with an index of the stored
 * domains in least-recently-used order (cache-index.ts): past MAX_CACHE_ENTRIES answers or MAX_CACHE_BYTES
 * bytes the least recently used go. A failed write (a full quota) leaves the memory tier working, is told
 * (`saved`), and the next change tries again.
 */
export class AnswerCache {
  readonly #now: () => number;
  readonly #budget: CacheBudget;
  /** Answers read or made by this worker, least recently used first. */
  readonly #memory = new Map<string, CachedAnswer>();
  /** Domains whose answer is to be written, or removed (an answer that may not be kept). */
  readonly #changed = new Set<string>();
  /** Domains used since the last write: they move to the end of the index. */
  readonly #used = new Set<string>();
  /** Domains whose stored answer is to be removed (expired, evicted, not to be kept), kept until it is. */
  readonly #removing = new Set<string>();
  #index: Promise<CacheIndex> | null = null;
  #persistTimer: ReturnType<typeof setTimeout> | null = null;
  /**
   * Every change to storage, one after another: the writes and the clears. A flush waits for the one on its
   * way, and a clear for the write on its way, so that no write puts back an answer a clear removed.
   */
  #writes: Promise<void> = Promise.resolve();
  /** The last clear, done in storage once the writes before it are: reads from storage wait for it. */
  #cleared: Promise<void> = Promise.resolve();
  /** Whether the last write to storage went through. */
  #saved = true;
  /** Counts clears: a storage read begun before one may not bring a cleared answer back. */
  #clears = 0;

  constructor(options: AnswerCacheOptions = {}) {
    this.#now = options.now ?? Date.now;
    this.#budget = {
      entries: options.maxEntries ?? MAX_CACHE_ENTRIES,
      bytes: options.maxBytes ?? MAX_CACHE_BYTES,
    };
  }

  async get(domain: string): Promise<LookupAnswer | null> {
    const entry = this.#memory.get(domain) ?? (await this.#read(domain));
    if (!entry) return null;
    if (entry.expiresAt <= this.#now()) {
      this.#memory.delete(domain);
      this.#change(domain);
      return null;
    }
    this.#remember(domain, entry);
    this.#used.add(domain);
    return entry.answer;
  }

  /** Keeps an answer for `ttlMs` (none at or below 0); an answer that cannot be kept within budget is not. */
  async set(domain: string, answer: LookupAnswer, ttlMs: number): Promise<void> {
    const kept = ttlMs > 0 ? keptResult(answer) : null;
    if (kept) this.#remember(domain, { answer: kept, expiresAt: this.#now() + ttlMs });
    else this.#memory.delete(domain);
    this.#used.add(domain);
    this.#change(domain);
  }

  /** How many answers are kept, in memory or in storage, and not expired. */
  async size(): Promise<number> {
    await this.#cleared;
    const time = this.#now();
    const domains = new Set<string>();
    for (const [domain, expiresAt] of (await this.#storedIndex()).expiries())
      if (expiresAt > time) domains.add(domain);
    for (const [domain, entry] of this.#memory) if (entry.expiresAt > time) domains.add(domain);
    return domains.size;
  }

  /**
   * Forgets every answer at once, and removes them from storage after the write on its way (which may be
   * putting some there): a change made after the clear is written after it.
   */
  clear(): Promise<void> {
    this.#clears++;
    const domains = new Set([...this.#memory.keys(), ...this.#changed, ...this.#removing]);
    for (const pending of [this.#memory, this.#changed, this.#removing, this.#used]) pending.clear();
    const cleared = this.#writes.then(() => this.#clearStored(domains));
    this.#writes = cleared.catch(() => {});
    this.#cleared = this.#writes;
    return cleared;
  }

  /** Writes pending changes at once (before the worker may be stopped, and in tests). */
  flush(): Promise<void> {
    if (this.#persistTimer !== null) clearTimeout(this.#persistTimer);
    this.#persistTimer = null;
    this.#writes = this.#writes.then(() => this.#persist());
    return this.#writes;
  }

  /**
   * Writes this domain's answer at once if it is not in storage yet; whether it is now. An answer already
   * stored writes nothing: its use goes with the next change's write, as any use does, so a bulk run that
   * keeps what a lookup just kept, or finds in the cache, does not write the index once per domain.
   */
  async keep(domain: string): Promise<boolean> {
    if (this.#changed.has(domain)) await this.flush();
    else await this.#writes;
    return this.#memory.has(domain) && !this.#changed.has(domain);
  }

  /** Whether the last write to storage went through: false when the browser refused it (a full quota). */
  saved(): boolean {
    return this.#saved;
  }

  async #read(domain: string): Promise<CachedAnswer | undefined> {
    const clearsBefore = this.#clears;
    // A clear not yet done in storage: what storage holds now is what it removes.
    await this.#cleared;
    const read = await answerFamily.get(domain).catch(() => null);
    // Another answer may have been made while storage was read: it is the newer.
    return this.#memory.get(domain) ?? (this.#clears === clearsBefore ? read : null) ?? undefined;
  }

  #remember(domain: string, entry: CachedAnswer): void {
    this.#memory.delete(domain);
    this.#memory.set(domain, entry);
    while (this.#memory.size > this.#budget.entries)
      this.#memory.delete(this.#memory.keys().next().value as string);
  }

  #change(domain: string): void {
    this.#changed.add(domain);
    this.#persistTimer ??= setTimeout(() => void this.flush(), CACHE_PERSIST_DELAY_MS);
  }

  /** The stored index, read once when a write, a count or a clear needs it (never on the way to an answer). */
  #storedIndex(): Promise<CacheIndex> {
    this.#index ??= answerIndexItem.getValue().then(
      (stored) => (stored ? CacheIndex.fromStored(stored) : new CacheIndex()),
      (error: unknown) => {
        // Not an empty index: a write from it would drop every answer this worker has not seen.
        this.#index = null;
        throw error;
      },
    );
    return this.#index;
  }

  async #persist(): Promise<void> {
    // Nothing changed or used: nothing to read or write (a flush before the worker may be stopped, say).
    if (this.#changed.size === 0 && this.#used.size === 0 && this.#removing.size === 0) return;
    const writing = [...this.#changed];
    const touched = [...this.#used];
    this.#changed.clear();
    this.#used.clear();
    try {
      await this.#write(writing, touched);
      this.#saved = true;
    } catch {
      this.#saved = false;
      for (const domain of writing) this.#changed.add(domain);
      for (const domain of touched) this.#used.add(domain);
    }
  }

  /** A clear in storage: the domains forgotten, those the index lists, and the index. */
  async #clearStored(domains: Set<string>): Promise<void> {
    const index = await this.#storedIndex();
    for (const [domain] of index.expiries()) domains.add(domain);
    index.clear();
    try {
      await storage.removeItems([
        ...[...domains].map((domain) => answerFamily.itemKey(domain)),
        answerIndexItem.key,
      ]);
    } catch (error) {
      // Storage kept its answers and the index that lists them: the next write starts from what it holds.
      this.#index = null;
      throw error;
    }
  }

  async #write(writing: string[], touched: string[]): Promise<void> {
    const index = await this.#storedIndex();
    const { answers, indexChanged } = this.#answersToWrite(index, writing, touched);
    if (!indexChanged && this.#removing.size === 0) return;
    // Removals first: they free the room a full storage quota needs for the writes.
    if (this.#removing.size > 0) {
      const removed = [...this.#removing];
      await storage.removeItems(removed.map((domain) => answerFamily.itemKey(domain)));
      for (const domain of removed) this.#removing.delete(domain);
    }
    // The answers and the index that lists them in one write: storage never holds one without the other.
    await storage.setItems([
      ...[...answers].map(([domain, entry]) => answerFamily.entry(domain, entry)),
      answerIndexItem.entry(index.toStored()),
    ]);
  }

  /**
   * The changed answers that storage is to keep, with the index brought up to date: the rest (expired, not to
   * be kept, evicted past the budget) are marked for removal. The index has changed where an answer did, a
   * use moved a domain in the least-recently-used order, or a domain went; a use of the most recently used
   * domain changes nothing.
   */
  #answersToWrite(
    index: CacheIndex,
    writing: string[],
    touched: string[],
  ): { answers: Map<string, CachedAnswer>; indexChanged: boolean } {
    const time = this.#now();
    const answers = new Map<string, CachedAnswer>();
    for (const domain of writing) {
      const entry = this.#memory.get(domain);
      if (entry && entry.expiresAt > time) {
        answers.set(domain, entry);
        index.set(domain, { expiresAt: entry.expiresAt, bytes: answerFamily.bytes(domain, entry) });
      } else {
        index.delete(domain);
        this.#removing.add(domain);
      }
    }
    let moved = false;
    for (const domain of touched) if (this.#memory.has(domain) && index.touch(domain)) moved = true;
    // Least recently used first: the expired go, and the oldest while there are too many or too much.
    const evicted = index.evict(time, this.#budget);
    for (const domain of evicted) {
      this.#removing.add(domain);
      answers.delete(domain);
    }
    return { answers, indexChanged: writing.length > 0 || moved || evicted.length > 0 };
  }
}
