import { MAX_DOMAIN_LENGTH } from '#core/email/rfc-limits.ts';

/**
 * Compiles an MX host pattern into a matcher. `*.` at the start stands for one or more labels; `*` anywhere
 * else for any run of host characters within one label. Anchored at both ends, so `mx*.zoho.com` never
 * matches `mx.zoho.com.evil.example`.
 */
export function compileHostPattern(pattern: string): (host: string) => boolean {
  const anyLabels = pattern.startsWith('*.');
  const rest = anyLabels ? pattern.slice(2) : pattern;
  const body = rest
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('[a-z0-9-]*');
  const regex = new RegExp(`^${anyLabels ? '(?:[a-z0-9-]+\\.)+' : ''}${body}$`);
  // A host longer than a domain name (from a hostile zone's TXT record, say) is no host, and no pattern is
  // tried on it: each test then reads a bounded stretch of text.
  return (host) => host.length <= MAX_DOMAIN_LENGTH && regex.test(host);
}

/** A host name as DNS gives it (any case, a trailing dot, stray spaces) in the form patterns are written in. */
export function normalizeHost(host: string): string {
  const lower = host.trim().toLowerCase();
  return lower.endsWith('.') ? lower.slice(0, -1) : lower;
}
