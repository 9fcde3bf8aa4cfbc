import { z } from 'zod';
import { webmailInfoSchema } from '#core/webmail-info-schema.ts';
import type { Storage } from '#server/storage/storage.ts';
import { after, type Eventually } from './eventually.ts';
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

/**
 * Answers per domain: in this process's memory, then in the database (shared by every process, surviving
 * restarts); expired and unreadable rows count as misses.
 */
export function createLookupCache(
  storage: Storage,
  { now = Date.now, notFoundMaxEntries }: { now?: () => number; notFoundMaxEntries: number },
) {
  const memory = new Map<string, Remembered>();
  const trimEvery = Math.max(1, Math.floor(notFoundMaxEntries / TRIMS_PER_CAP));
  let notFoundWritten = 0;
  const remember = (domain: string, entry: Remembered) => {
    memory.delete(domain);
    memory.set(domain, entry);
    if (memory.size > MEMORY_CACHE_ENTRIES) memory.delete(memory.keys().next().value as string);
  };
  const parse = (body: string): DomainVerdict | null => {
    try {
      const parsed = storedResult.safeParse(JSON.parse(body));
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  };

  return {
    get(domain: string): Eventually<DomainVerdict | null> {
      const time = now();
      const held = memory.get(domain);
      if (held && held.expiresAt > time && time - held.readAt < MEMORY_CACHE_MAX_AGE_MS) {
        remember(domain, held);
        return held.result;
      }
      memory.delete(domain);
      return after(storage.readCache(domain, time), (row) => {
        const result = row && parse(row.body);
        if (!row || !result) return null;
        remember(domain, { result, expiresAt: row.expiresAt, readAt: time });
        return result;
      });
    },
    /** Writes the answer through to the database, so every process finds it; then into memory. */
    set(domain: string, result: DomainVerdict, ttlSeconds: number): Eventually<void> {
      if (ttlSeconds <= 0) return;
      const time = now();
      const expiresAt = time + ttlSeconds * 1000;
      const found = result.kind === 'found';
      const written = storage.writeCache(domain, found ? 200 : 404, {
        body: JSON.stringify(result),
        expiresAt,
      });
      return after(written, () => {
        remember(domain, { result, expiresAt, readAt: time });
        if (found || ++notFoundWritten % trimEvery !== 0) return;
        return after(storage.trimNotFoundCache(notFoundMaxEntries), () => {});
      });
    },
    /** Drops expired rows so the database does not grow without bound. */
    purgeExpired(): Eventually<number> {
      const time = now();
      for (const [domain, held] of memory) if (held.expiresAt <= time) memory.delete(domain);
      return storage.purgeCache(time);
    },
  };
}

export type LookupCache = ReturnType<typeof createLookupCache>;
