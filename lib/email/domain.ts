import { getDomain } from 'tldts';

/** RFC 1035 §2.3.4: 253 characters in the presentation form without the trailing dot. */
const MAX_DOMAIN_LENGTH = 253;
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
/** Characters that make `new URL()` read the input as something other than a bare host. */
const NOT_A_HOST = /[\s/\\?#%@:[\]<>^|"'`{}]/u;

/**
 * Turns a domain as people write it (any case, a trailing dot, Unicode) into its lower-case ASCII form,
 * or null when it is not a syntactically valid domain of at least two labels.
 * IDN mapping uses the WHATWG URL parser (UTS #46), available in Node and in every browser.
 */
export function toAsciiDomain(input: string): string | null {
  let host = input.trim();
  if (host.endsWith('.')) host = host.slice(0, -1);
  if (host === '' || host.length > 4 * MAX_DOMAIN_LENGTH || NOT_A_HOST.test(host)) return null;
  let ascii: string;
  try {
    ascii = new URL(`http://${host}`).hostname;
  } catch {
    return null;
  }
  if (ascii.length > MAX_DOMAIN_LENGTH) return null;
  const labels = ascii.split('.');
  const tld = labels.at(-1) ?? '';
  if (labels.length < 2 || /^\d+$/.test(tld)) return null;
  return labels.every((label) => LABEL.test(label)) ? ascii : null;
}

/**
 * The domain itself, then each parent down to its registrable domain (by the ICANN section of the Public
 * Suffix List): mail.acme.co.uk → mail.acme.co.uk, acme.co.uk. Never a public suffix such as co.uk.
 */
export function domainAndParents(domain: string): string[] {
  const registrable = getDomain(domain, { allowPrivateDomains: false }) ?? domain;
  const out = [domain];
  let rest = domain;
  while (rest !== registrable && rest.includes('.')) {
    rest = rest.slice(rest.indexOf('.') + 1);
    out.push(rest);
  }
  return out;
}
