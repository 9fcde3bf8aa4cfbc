import { isEmailAddress } from './extract.ts';

/**
 * The addresses of a `mailto:` URL (RFC 6068): the comma-separated list before `?`, percent-decoded, with
 * `?subject=`, `&body=` and friends stripped, plus any `to=` in the query. Domains are lower-cased; what is
 * not an address is left out.
 */
export function parseMailto(href: string): string[] {
  if (!/^mailto:/i.test(href)) return [];
  const rest = href.slice('mailto:'.length);
  const query = rest.indexOf('?');
  const to = query === -1 ? rest : rest.slice(0, query);
  const extra = query === -1 ? [] : new URLSearchParams(rest.slice(query + 1)).getAll('to');
  const addresses: string[] = [];
  for (const part of [to, ...extra].flatMap((list) => list.split(','))) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(part).trim();
    } catch {
      continue;
    }
    if (!isEmailAddress(decoded)) continue;
    const at = decoded.lastIndexOf('@');
    const address = `${decoded.slice(0, at)}@${decoded.slice(at + 1).toLowerCase()}`;
    if (!addresses.includes(address)) addresses.push(address);
  }
  return addresses;
}
