import { z } from 'zod';
import { webmailInfoSchema } from '#core/webmail-info-schema.ts';
import type { Storage } from '#server/storage/storage.ts';
import type { DomainVerdict } from './verdict.ts';

const storedResult = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('found'), info: webmailInfoSchema }),
  z.object({ kind: z.literal('no-mx') }),
  z.object({ kind: z.literal('unrecognised') }),
]);

/**
 * Entries kept in memory in front of the database, least recently used dropped first. A SQLite point read
 * costs about 20 µs under WAL, which was a third of a cached request's time (profiled under autocannon); a
 * PostgreSQL one is a round trip.
 */
export const MEMORY_CACHE_ENTRIES = 10_000;
/**
 * How long a process answers from what it read from the shared cache before reading it again. Another
 * process's refresh (skip_cache) of an answer reaches this one's memory within this time; an entry is never
 * served past its own expiry. DNS answers change over hours, so a minute behind costs nothing real.
 */
export const MEMORY_CACHE_MAX_AGE_MS = 60_000;
/**
 * The database's 404 answers are trimmed back to their cap each time this share of the cap has been written
 * by this process: trimming walks the cap's worth of an index, so doing it on every write would cost that on
 * every 404. With P processes, the table holds at most cap × (1 + P / TRIMS_PER_CAP) 404 rows.
 */
const TRIMS_PER_CAP = 100;

interface Remembered {
  result: DomainVerdict;
  expiresAt: number;
  /** When it was read from, or written to, the database. */
  readAt: number;
}

/** The verdict a cached row holds, or null for a row that cannot be read (not JSON, or not a verdict). */
function parseStored(body: string): DomainVerdict | null {
  try {
    const parsed = storedResult.safeParse(JSON.parse(body));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export interface LookupCacheOptions {
  now?: () => number;
  /** The most 404 answers the database keeps (NEGATIVE_CACHE_MAX_ENTRIES). */
  notFoundMaxEntries: number;
}

/**
 * Answers per domain: in this process's memory, then in the database (shared by every process, surviving
 * restarts); expired and unreadable rows count as misses.
 */
export class LookupCache {
  readonly #storage: Storage;
  readonly #now: () => number;
  readonly #notFoundMaxEntries: number;
  /** Least recently used first: a Map iterates in the order entries were set. */
  readonly #memory = new Map<string, Remembered>();
  readonly #trimEvery: number;
  #notFoundWritten = 0;

  constructor(storage: Storage, { now = Date.now, notFoundMaxEntries }: LookupCacheOptions) {
    this.#storage = storage;
    this.#now = now;
    this.#notFoundMaxEntries = notFoundMaxEntries;
    this.#trimEvery = Math.max(1, Math.floor(notFoundMaxEntries / TRIMS_PER_CAP));
  }

  async get(domain: string): Promise<DomainVerdict | null> {
    const held = this.held(domain);
    if (held) return held;
    const time = this.#now();
    this.#memory.delete(domain);
    const row = await this.#storage.readCache(domain, time);
    const result = row && parseStored(row.body);
    if (!row || !result) return null;
    this.#remember(domain, { result, expiresAt: row.expiresAt, readAt: time });
    return result;
  }

  /** The answer this process holds in memory, fresh enough to serve; undefined when the database must be asked. */
  held(domain: string): DomainVerdict | undefined {
    const time = this.#now();
    const held = this.#memory.get(domain);
    if (!held || held.expiresAt <= time || time - held.readAt >= MEMORY_CACHE_MAX_AGE_MS) return undefined;
    this.#remember(domain, held);
    return held.result;
  }

  /** Writes the answer through to the database, so every process finds it; then into memory. */
  async set(domain: string, result: DomainVerdict, ttlSeconds: number): Promise<void> {
    if (ttlSeconds <= 0) return;
    const time = this.#now();
    const expiresAt = time + ttlSeconds * 1000;
    const found = result.kind === 'found';
    await this.#storage.writeCache(domain, found ? 200 : 404, { body: JSON.stringify(result), expiresAt });
    this.#remember(domain, { result, expiresAt, readAt: time });
    if (found || ++this.#notFoundWritten % this.#trimEvery !== 0) return;
    await this.#storage.trimNotFoundCache(this.#notFoundMaxEntries);
  }

  /** Drops expired rows so the database does not grow without bound. */
  purgeExpired(): Promise<number> {
    const time = this.#now();
    for (const [domain, held] of this.#memory) if (held.expiresAt <= time) this.#memory.delete(domain);
    return this.#storage.purgeCache(time);
  }

  #remember(domain: string, entry: Remembered): void {
    this.#memory.delete(domain);
    this.#memory.set(domain, entry);
    if (this.#memory.size > MEMORY_CACHE_ENTRIES)
      this.#memory.delete(this.#memory.keys().next().value as string);
  }
}
