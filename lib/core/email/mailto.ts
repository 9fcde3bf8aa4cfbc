import { findEmails } from './obfuscated.ts';

/** The query fields of a `mailto:` URL that hold recipients (RFC 6068 allows any header; these hold addresses). */
const RECIPIENT_FIELDS = ['to', 'cc', 'bcc'];

/** A part of the URL, percent-decoded; null where it does not decode (a stray `%`, broken UTF-8). */
function decoded(part: string): string | null {
  try {
    return decodeURIComponent(part);
  } catch {
    return null;
  }
}

/**
 * The addresses of a `mailto:` URL, as a browser hands them to a mail program (RFC 6068): the
 * comma-separated recipients before `?` and those of `to=`, `cc=` and `bcc=`, percent-decoded, each as a
 * bare address, a display name with one (`Jane Doe <jane@example.com>`), or written for people
 * (`mailto:jane at example dot com`, `mailto:jane%5BAT%5Dexample.com`): in a link's target, any of those
 * forms is an address. Domains are lower-cased; a recipient that holds no address is left out.
 */
export function parseMailto(href: string): string[] {
  if (!/^\s*mailto:/i.test(href)) return [];
  const rest = href.trim().slice('mailto:'.length);
  const query = rest.indexOf('?');
  const recipients = [query === -1 ? rest : rest.slice(0, query)];
  if (query !== -1) {
    // Split by hand: URLSearchParams would turn a `+` in an address (jane+news@x.com) into a space.
    for (const pair of rest.slice(query + 1).split('&')) {
      const equals = pair.indexOf('=');
      if (equals !== -1 && RECIPIENT_FIELDS.includes(decoded(pair.slice(0, equals))?.toLowerCase() ?? ''))
        recipients.push(pair.slice(equals + 1));
    }
  }
  // A set, as a link may name thousands of recipients: each is looked for once, not in a list of all before it.
  const addresses = new Set<string>();
  for (const recipient of recipients) {
    for (const part of decoded(recipient)?.split(',') ?? []) {
      const [first] = findEmails(part, 0, part.length, 'address');
      if (first) addresses.add(first.address);
    }
  }
  return [...addresses];
}
