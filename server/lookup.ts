import { classify } from '../lib/catalog/index.ts';
import type { WebmailInfo } from '../lib/webmail-info.ts';
import type { MxResolver } from './dns.ts';
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
 * Looks a normalised domain up: the cache first (unless skipped), else DNS then the catalog, and the
 * answer (found or not found; never a failure) goes back into the cache. Concurrent lookups of one domain
 * share one DNS query. Throws DnsFailure when DNS cannot answer.
 */
export function createLookup(options: LookupOptions) {
  const inFlight = new Map<string, Promise<LookupResult>>();

  async function resolve(domain: string): Promise<LookupResult> {
    const answer = await options.resolveMx(domain);
    if (answer.kind !== 'mx') return { kind: 'no-mx' };
    const info = classify(domain, answer.hosts);
    const result: LookupResult = info ? { kind: 'found', info } : { kind: 'unrecognised' };
    options.cache.set(
      domain,
      result,
      result.kind === 'found' ? options.ttlSeconds : options.negativeTtlSeconds,
    );
    return result;
  }

  return async function lookup(
    domain: string,
    skipCache: boolean,
  ): Promise<{ result: LookupResult; cached: boolean }> {
    if (!skipCache) {
      const hit = options.cache.get(domain);
      if (hit) return { result: hit, cached: true };
    }
    let pending = inFlight.get(domain);
    if (!pending) {
      pending = resolve(domain).finally(() => inFlight.delete(domain));
      inFlight.set(domain, pending);
    }
    return { result: await pending, cached: false };
  };
}

export type Lookup = ReturnType<typeof createLookup>;
