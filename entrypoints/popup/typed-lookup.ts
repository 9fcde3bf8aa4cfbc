/**
 * What the popup's lookup field was given: an address or a domain typed by hand, or text copied from a
 * mail program ("Jane Doe <jane@proton.me>", a To: line of several), whose addresses are found by the
 * extension's one address finder.
 */
import { extractEmails } from '#core/email/extract.ts';
import { parseLookupTarget } from '#core/email/lookup-target.ts';

export interface TypedLookup {
  /** What is looked up: the address (or domain) shown on the card, and its domain. */
  target: { address: string; domain: string };
  /** Every distinct address in the text, in order; more than one is a list for the bulk page. */
  addresses: string[];
}

/** The text as an exact address or domain first (a bare domain has no `@` to find), else the addresses in it. */
export function readTypedLookup(text: string): TypedLookup | null {
  const typed = text.trim();
  const exact = parseLookupTarget(typed);
  if (exact) return { target: { address: typed, domain: exact.domain }, addresses: [typed] };
  const addresses = [...new Set(extractEmails(typed).map((found) => found.address))];
  for (const address of addresses) {
    const target = parseLookupTarget(address);
    if (target) return { target: { address, domain: target.domain }, addresses };
  }
  return null;
}

/** The bulk page with the pasted text to look up, in the URL's fragment (`#text=`), which no server sees. */
export function bulkPageUrl(bulkPage: string, text: string): string {
  return `${bulkPage}#text=${encodeURIComponent(text)}`;
}
