import { extractEmails } from './extract.ts';
import { parseMailto } from './mailto.ts';

/** Selections longer than this are not a lookup someone meant. */
const MAX_SELECTION_QUERY = 320;

/**
 * What "Look up webmail provider" looks up: the address of a `mailto:` link, else the first address in the
 * selection, else the selection itself (a domain, say); the popup then validates it like typed input.
 */
export function contextMenuQuery(info: {
  linkUrl?: string | undefined;
  selectionText?: string | undefined;
}): string {
  const fromLink = info.linkUrl ? parseMailto(info.linkUrl)[0] : undefined;
  if (fromLink) return fromLink;
  const selection = (info.selectionText ?? '').trim();
  return extractEmails(selection)[0]?.address ?? selection.slice(0, MAX_SELECTION_QUERY);
}
