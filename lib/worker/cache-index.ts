import type { StoredCacheIndex } from '#extension/stored.ts';

/** A stored domain: when its answer expires (epoch ms), and the bytes it takes. */
export interface IndexEntry {
  expiresAt: number;
  bytes: number;
}

export interface CacheBudget {
  entries: number;
  bytes: number;
}

/**
 * The list of the answers in storage, least recently used first, with what each takes: the answer cache
 * (answer-cache.ts) keeps it (answerIndexItem) to know what to drop when the cache is over its budget
 * (MAX_CACHE_ENTRIES answers, MAX_CACHE_BYTES bytes) and what to count and clear.
 */
export class CacheIndex {
  readonly #entries = new Map<string, IndexEntry>();
  #bytes = 0;
  /** The most recently used domain, where known: touching it again changes nothing. */
  #newest: string | null = null;

  /** The index as stored (answerIndexItem). */
  static fromStored(stored: StoredCacheIndex): CacheIndex {
    const index = new CacheIndex();
    for (const [domain, expiresAt, bytes] of stored) index.set(domain, { expiresAt, bytes });
    return index;
  }

  /** The domains and when each expires, least recently used first. */
  expiries(): [string, number][] {
    return [...this.#entries].map(([domain, { expiresAt }]) => [domain, expiresAt]);
  }

  /** A domain's answer written (or measured): it becomes the most recently used. */
  set(domain: string, entry: IndexEntry): void {
    this.delete(domain);
    this.#entries.set(domain, entry);
    this.#bytes += entry.bytes;
    this.#newest = domain;
  }

  /** A stored domain's answer used: it becomes the most recently used. Whether that moved it. */
  touch(domain: string): boolean {
    const entry = this.#entries.get(domain);
    if (!entry || domain === this.#newest) return false;
    this.set(domain, entry);
    return true;
  }

  delete(domain: string): void {
    this.#bytes -= this.#entries.get(domain)?.bytes ?? 0;
    this.#entries.delete(domain);
    if (domain === this.#newest) this.#newest = null;
  }

  clear(): void {
    this.#entries.clear();
    this.#bytes = 0;
    this.#newest = null;
  }

  /** Drops the expired, and the least recently used while over the budget; answers the domains dropped. */
  evict(now: number, budget: CacheBudget): string[] {
    const dropped: string[] = [];
    for (const [domain, { expiresAt }] of this.#entries) {
      const over = this.#entries.size > budget.entries || this.#bytes > budget.bytes;
      if (expiresAt > now && !over) continue;
      this.delete(domain);
      dropped.push(domain);
    }
    return dropped;
  }

  /** The index as it is stored (answerIndexItem). */
  toStored(): [string, number, number][] {
    return [...this.#entries].map(([domain, { expiresAt, bytes }]) => [domain, expiresAt, bytes]);
  }
}
