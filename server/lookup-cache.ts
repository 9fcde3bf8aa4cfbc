import { z } from 'zod';
import { webmailInfoSchema } from '../lib/webmail-info.ts';
import type { Db } from './database.ts';
import type { LookupResult } from './lookup.ts';

const storedResult = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('found'), info: webmailInfoSchema }),
  z.object({ kind: z.literal('no-mx') }),
  z.object({ kind: z.literal('unrecognised') }),
]);

/**
 * Entries kept in memory in front of SQLite, least recently used dropped first. A SQLite point read costs
 * about 20 µs under WAL, which was a third of a cached request's time (profiled under autocannon).
 */
export const MEMORY_CACHE_ENTRIES = 10_000;

/** Answers per domain: in memory, then in SQLite (which survives restarts); expired and unreadable rows count as misses. */
export function createLookupCache(db: Db, now: () => number = Date.now) {
  const memory = new Map<string, { result: LookupResult; expiresAt: number }>();
  const remember = (domain: string, result: LookupResult, expiresAt: number) => {
    memory.delete(domain);
    memory.set(domain, { result, expiresAt });
    if (memory.size > MEMORY_CACHE_ENTRIES) memory.delete(memory.keys().next().value as string);
  };
  const read = db.prepare<[string, number], { body: string; expiresAt: number }>(
    'SELECT body, expires_at AS expiresAt FROM lookup_cache WHERE domain = ? AND expires_at > ?',
  );
  const write = db.prepare<[string, number, string, number]>(
    `INSERT INTO lookup_cache (domain, status, body, expires_at) VALUES (?, ?, ?, ?)
     ON CONFLICT(domain) DO UPDATE SET status = excluded.status, body = excluded.body, expires_at = excluded.expires_at`,
  );
  const purge = db.prepare<[number]>('DELETE FROM lookup_cache WHERE expires_at <= ?');

  return {
    get(domain: string): LookupResult | null {
      const time = now();
      const held = memory.get(domain);
      if (held && held.expiresAt > time) {
        remember(domain, held.result, held.expiresAt);
        return held.result;
      }
      memory.delete(domain);
      const row = read.get(domain, time);
      if (!row) return null;
      try {
        const parsed = storedResult.safeParse(JSON.parse(row.body));
        if (!parsed.success) return null;
        remember(domain, parsed.data, row.expiresAt);
        return parsed.data;
      } catch {
        return null;
      }
    },
    set(domain: string, result: LookupResult, ttlSeconds: number): void {
      if (ttlSeconds <= 0) return;
      const expiresAt = now() + ttlSeconds * 1000;
      write.run(domain, result.kind === 'found' ? 200 : 404, JSON.stringify(result), expiresAt);
      remember(domain, result, expiresAt);
    },
    /** Drops expired rows so the file does not grow without bound. */
    purgeExpired(): number {
      const time = now();
      for (const [domain, held] of memory) if (held.expiresAt <= time) memory.delete(domain);
      return purge.run(time).changes;
    },
  };
}

export type LookupCache = ReturnType<typeof createLookupCache>;
