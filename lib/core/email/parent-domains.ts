import { getDomain } from 'tldts';

/**
 * The domain itself, then each parent down to its registrable domain (by the ICANN section of the Public
 * Suffix List): mail.acme.co.uk → mail.acme.co.uk, acme.co.uk. Never a public suffix such as co.uk.
 *
 * Apart from domain.ts because of the Public Suffix List it needs (tldts, 101 KB of the popup's 110 KB
 * chunk): the popup parses what a person types with domain.ts and never walks parents, so it carries none.
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
