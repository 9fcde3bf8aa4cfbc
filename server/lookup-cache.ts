import { z } from 'zod';
import { webmailInfoSchema } from '../lib/webmail-info.ts';
import type { Db } from './database.ts';
import type { LookupResult } from './lookup.ts';

const storedResult = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('found'), info: webmailInfoSchema }),
  z.object({ kind: z.literal('no-mx') }),
  z.object({ kind: z.literal('unrecognised') }),
]);

/** Answers per domain in SQLite; expired and unreadable rows count as misses. */
export function createLookupCache(db: Db, now: () => number = Date.now) {
  const read = db.prepare<[string, number], { body: string }>(
    'SELECT body FROM lookup_cache WHERE domain = ? AND expires_at > ?',
  );
  const write = db.prepare<[string, number, string, number]>(
    `INSERT INTO lookup_cache (domain, status, body, expires_at) VALUES (?, ?, ?, ?)
     ON CONFLICT(domain) DO UPDATE SET status = excluded.status, body = excluded.body, expires_at = excluded.expires_at`,
  );
  const purge = db.prepare<[number]>('DELETE FROM lookup_cache WHERE expires_at <= ?');

  return {
    get(domain: string): LookupResult | null {
      const row = read.get(domain, now());
      if (!row) return null;
      try {
        const parsed = storedResult.safeParse(JSON.parse(row.body));
        return parsed.success ? parsed.data : null;
      } catch {
        return null;
      }
    },
    set(domain: string, result: LookupResult, ttlSeconds: number): void {
      if (ttlSeconds <= 0) return;
      write.run(
        domain,
        result.kind === 'found' ? 200 : 404,
        JSON.stringify(result),
        now() + ttlSeconds * 1000,
      );
    },
    /** Drops expired rows so the file does not grow without bound. */
    purgeExpired(): number {
      return purge.run(now()).changes;
    },
  };
}

export type LookupCache = ReturnType<typeof createLookupCache>;
