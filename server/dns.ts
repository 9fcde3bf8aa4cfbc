import { Resolver } from 'node:dns/promises';

export type MxAnswer = { kind: 'mx'; hosts: string[] } | { kind: 'no-domain' } | { kind: 'no-mx' };
export type MxResolver = (domain: string) => Promise<MxAnswer>;

/** Each resolver is asked this many times before c-ares gives up on it. */
const DNS_TRIES = 2;

/** Raised when DNS cannot say either way (timeout, SERVFAIL, refused): the lookup fails with a 500. */
export class DnsFailure extends Error {
  override readonly name = 'DnsFailure';
}

/**
 * Asks DNS for a domain's MX records. NXDOMAIN means the domain does not exist; an empty answer or a
 * null MX (RFC 7505, `MX 0 .`) means it takes no mail. Hosts come back in order of preference.
 */
export function createMxResolver(options: { servers: readonly string[]; timeoutMs: number }): MxResolver {
  const resolver = new Resolver({ timeout: options.timeoutMs, tries: DNS_TRIES });
  if (options.servers.length > 0) resolver.setServers(options.servers);
  const deadlineMs = options.timeoutMs * (DNS_TRIES + 1);

  return async (domain) => {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new DnsFailure(`MX lookup for ${domain} timed out`)), deadlineMs);
    });
    try {
      const records = await Promise.race([resolver.resolveMx(domain), deadline]);
      const hosts = records
        .filter((record) => record.exchange !== '' && record.exchange !== '.')
        .sort((a, b) => a.priority - b.priority)
        .map((record) => record.exchange.toLowerCase());
      return hosts.length > 0 ? { kind: 'mx', hosts } : { kind: 'no-mx' };
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOTFOUND') return { kind: 'no-domain' };
      if (code === 'ENODATA') return { kind: 'no-mx' };
      if (error instanceof DnsFailure) throw error;
      throw new DnsFailure(`MX lookup for ${domain} failed: ${code ?? String(error)}`);
    } finally {
      clearTimeout(timer);
    }
  };
}
