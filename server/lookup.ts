import { classify, type SpfIncludeRecords, spfIncludesToFollow } from '#core/catalog/index.ts';
import { DnsFailure, type LookupQueries, type MailDns } from './dns.ts';
import type { LookupCache } from './lookup-cache.ts';
import type { DomainVerdict } from './verdict.ts';

export interface LookupOptions {
  /**
   * Only reading and writing answers (and what memory holds, when it holds anything): a benchmark of the DNS
   * part passes a cache that keeps nothing.
   */
  cache: Pick<LookupCache, 'get' | 'set'> & Partial<Pick<LookupCache, 'held'>>;
  dns: MailDns;
  ttlSeconds: number;
  negativeTtlSeconds: number;
}

/** A domain's TXT records and those of the SPF includes `spfIncludesToFollow` names, as classify reads them. */
interface TxtEvidence {
  records: string[];
  includeRecords: SpfIncludeRecords;
}

/**
 * The TXT evidence, or null when DNS could not give all of it (a timeout, SERVFAIL, the lookup's deadline).
 * Part of it is never used: an include that could not be read may name a second mailbox provider, and with
 * two named the rules give no answer, so a provider read from the rest could be one made up.
 */
async function readTxtEvidence(domain: string, queries: LookupQueries): Promise<TxtEvidence | null> {
  try {
    const records = await queries.txt(domain);
    const includes = spfIncludesToFollow(domain, records);
    const included = await Promise.all(
      includes.map(async (include) => [include, await queries.txt(include)] as const),
    );
    return { records, includeRecords: Object.fromEntries(included) };
  } catch (error) {
    if (error instanceof DnsFailure) return null;
    throw error;
  }
}

/** What DNS and the catalog say of a domain, and whether every record that was needed could be read. */
interface Reading {
  result: DomainVerdict;
  complete: boolean;
}

/**
 * MX first, and TXT only when MX names no mailbox (a security gateway, an unknown host): one more round trip
 * for those domains alone. Most lookups are answered by MX (consumer mail, Google Workspace, Microsoft 365).
 * Asking TXT beside MX spared gateway domains about one resolver round trip at p50 and nothing at p99, and
 * doubled the queries of every lookup MX answers (bench/dns-evidence.ts), each a load on the resolver and
 * on the domain's DNS servers for an answer never read. An MX failure fails the lookup; a TXT one leaves
 * the answer to MX alone.
 */
async function readDomain(domain: string, queries: LookupQueries): Promise<Reading> {
  const answer = await queries.mx(domain);
  if (answer.kind !== 'mx') return { result: { kind: 'no-mx' }, complete: true };
  const fromMx = classify(domain, answer.hosts);
  if (fromMx) return { result: { kind: 'found', info: fromMx }, complete: true };

  const evidence = await readTxtEvidence(domain, queries);
  const info = evidence && classify(domain, answer.hosts, evidence.records, evidence.includeRecords);
  return { result: info ? { kind: 'found', info } : { kind: 'unrecognised' }, complete: evidence !== null };
}

/**
 * Looks normalised domains up: `cached` answers from the cache; `resolve` asks DNS then the catalog and puts
 * the answer (found or not found; never a failure) into the cache, refreshing it. An answer made without TXT
 * evidence that DNS failed to give is not cached, as a failure is not: the next lookup asks again. Concurrent
 * resolutions of one domain share one set of DNS queries. `resolve` throws DnsFailure when MX cannot be read.
 */
export function createLookup(options: LookupOptions) {
  const inFlight = new Map<string, Promise<DomainVerdict>>();

  async function resolveUncached(domain: string): Promise<DomainVerdict> {
    const { result, complete } = await options.dns.withDeadline((queries) => readDomain(domain, queries));
    if (complete) {
      const ttl = result.kind === 'found' ? options.ttlSeconds : options.negativeTtlSeconds;
      await options.cache.set(domain, result, ttl);
    }
    return result;
  }

  return {
    /** The answer this process holds in memory, at once; undefined when the database must be asked. */
    held: (domain: string): DomainVerdict | undefined => options.cache.held?.(domain),
    /** The cached answer, from memory or from the database. */
    cached: (domain: string): Promise<DomainVerdict | null> => options.cache.get(domain),
    resolve(domain: string): Promise<DomainVerdict> {
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
