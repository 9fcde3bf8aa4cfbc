import { classify } from '../lib/catalog/index.ts';
import type { WebmailInfo } from '../lib/webmail-info.ts';
import type { MxResolver } from './dns.ts';
import type { Eventually } from './eventually.ts';
import type { LookupCache } from './lookup-cache.ts';

export type LookupResult =
  | { kind: 'found'; info: WebmailInfo }
  | { kind: 'no-mx' }
  | { kind: 'unrecognised' };

export interface LookupOptions {
  cache: LookupCache;
  resolveMx: MxResolver;
  ttlSeconds: number;
  negativeTtlSeconds: number;
}

/**
 * Looks normalised domains up: `cached` answers from the cache; `resolve` asks DNS then the catalog and puts
 * the answer (found or not found; never a failure) into the cache, refreshing it. Concurrent resolutions of
 * one domain share one DNS query. `resolve` throws DnsFailure when DNS cannot answer.
 */
export function createLookup(options: LookupOptions) {
  const inFlight = new Map<string, Promise<LookupResult>>();

  async function resolveUncached(domain: string): Promise<LookupResult> {
    const answer = await options.resolveMx(domain);
    const info = answer.kind === 'mx' ? classify(domain, answer.hosts) : null;
    const result: LookupResult = info
      ? { kind: 'found', info }
      : { kind: answer.kind === 'mx' ? 'unrecognised' : 'no-mx' };
    const ttl = result.kind === 'found' ? options.ttlSeconds : options.negativeTtlSeconds;
    await options.cache.set(domain, result, ttl);
    return result;
  }

  return {
    cached: (domain: string): Eventually<LookupResult | null> => options.cache.get(domain),
    resolve(domain: string): Promise<LookupResult> {
      let pending = inFlight.get(domain);
      if (!pending) {
        pending = resolveUncached(domain).finally(() => inFlight.delete(domain));
        inFlight.set(domain, pending);
      }
      return pending;
    },
  };
}

export type Lookup = ReturnType<typeof createLookup>;
