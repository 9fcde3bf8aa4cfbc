import type { MxRecord } from 'node:dns';
import { Resolver } from 'node:dns/promises';

export type MxAnswer = { kind: 'mx'; hosts: string[] } | { kind: 'no-domain' } | { kind: 'no-mx' };

/** Each resolver is asked this many times before c-ares gives up on it. */
const DNS_TRIES = 2;

/** Raised when DNS cannot say either way (timeout, SERVFAIL, refused, the lookup's deadline). */
export class DnsFailure extends Error {
  override readonly name = 'DnsFailure';
}

/** The queries of one lookup, all ending by that lookup's deadline. */
export interface LookupQueries {
  /**
   * The domain's MX hosts in order of preference. NXDOMAIN means the domain does not exist; an empty answer
   * or a null MX (RFC 7505, `MX 0 .`) means it takes no mail.
   */
  mx(domain: string): Promise<MxAnswer>;
  /**
   * A name's TXT records, each one string: its character-strings joined without a separator, as SPF reads
   * them (RFC 7208 §3.3). None for a name that does not exist or has no TXT records.
   */
  txt(name: string): Promise<string[]>;
}

export interface MailDns {
  /**
   * Runs one lookup's queries under one deadline, however many it makes: a query still unanswered then
   * fails with DnsFailure, and a query made after it fails at once.
   */
  withDeadline<T>(lookup: (queries: LookupQueries) => Promise<T>): Promise<T>;
}

/** Node's codes for an answer that says "nothing here" rather than "cannot say". */
type Absent = 'ENOTFOUND' | 'ENODATA';
const isAbsent = (code: string | undefined): code is Absent => code === 'ENOTFOUND' || code === 'ENODATA';

/** The query's answer, or DnsFailure once `expired` aborts, whichever comes first. */
function beforeDeadline<T>(query: Promise<T>, expired: AbortSignal, what: string): Promise<T> {
  const timedOut = () => new DnsFailure(`${what} timed out`);
  if (expired.aborted) return Promise.reject(timedOut());
  return new Promise<T>((resolve, reject) => {
    const onExpired = () => reject(timedOut());
    expired.addEventListener('abort', onExpired, { once: true });
    query.then(resolve, reject).finally(() => expired.removeEventListener('abort', onExpired));
  });
}

/** A query's answer; `absent` says what NXDOMAIN and NODATA mean for it, and anything else is DnsFailure. */
async function ask<T>(
  what: string,
  query: Promise<T>,
  expired: AbortSignal,
  absent: (code: Absent) => T,
): Promise<T> {
  try {
    return await beforeDeadline(query, expired, what);
  } catch (error) {
    if (error instanceof DnsFailure) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (isAbsent(code)) return absent(code);
    throw new DnsFailure(`${what} failed: ${code ?? String(error)}`);
  }
}

/** The mail hosts of MX records, most preferred first; none for a null MX. */
function mxAnswer(records: readonly MxRecord[]): MxAnswer {
  const hosts = records
    .filter((record) => record.exchange !== '' && record.exchange !== '.')
    .sort((a, b) => a.priority - b.priority)
    .map((record) => record.exchange.toLowerCase());
  return hosts.length > 0 ? { kind: 'mx', hosts } : { kind: 'no-mx' };
}

/** The queries of one lookup on `resolver`, each failing with DnsFailure once `expired` aborts. */
function queriesUntil(resolver: Resolver, expired: AbortSignal): LookupQueries {
  return {
    mx: (domain) =>
      ask(`MX lookup for ${domain}`, resolver.resolveMx(domain).then(mxAnswer), expired, (code) =>
        code === 'ENOTFOUND' ? { kind: 'no-domain' } : { kind: 'no-mx' },
      ),
    txt: (name) =>
      ask(
        `TXT lookup for ${name}`,
        resolver.resolveTxt(name).then((records) => records.map((strings) => strings.join(''))),
        expired,
        () => [],
      ),
  };
}

/**
 * Asks DNS for MX and TXT records, at `servers` (the system's resolvers when empty). A lookup's deadline is
 * DNS_TIMEOUT_MS × (tries + 1) for all its queries together: about as long as one query may take to fail on
 * its own, as c-ares doubles the timeout on its second try.
 */
export function createMailDns(options: { servers: readonly string[]; timeoutMs: number }): MailDns {
  const resolver = new Resolver({ timeout: options.timeoutMs, tries: DNS_TRIES });
  if (options.servers.length > 0) resolver.setServers(options.servers);
  const deadlineMs = options.timeoutMs * (DNS_TRIES + 1);
  return {
    async withDeadline(lookup) {
      const deadline = new AbortController();
      const timer = setTimeout(() => deadline.abort(), deadlineMs);
      try {
        return await lookup(queriesUntil(resolver, deadline.signal));
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
