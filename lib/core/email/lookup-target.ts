import { toAsciiDomain } from './domain.ts';
import { MAX_ADDRESS_LENGTH, MAX_LOCAL_PART_LENGTH } from './rfc-limits.ts';

/** Dot-atom of RFC 5322 atext, widened to UTF-8 by RFC 6531 (SMTPUTF8). */
const DOT_ATOM = /^[\p{L}\p{N}\p{M}!#$%&'*+/=?^_`{|}~-]+(?:\.[\p{L}\p{N}\p{M}!#$%&'*+/=?^_`{|}~-]+)*$/u;
const QUOTED_STRING = /^"(?:[^"\\\r\n]|\\[^\r\n])*"$/u;
/** A UTF-16 code unit is at most 3 octets of UTF-8 (a surrogate pair, two units, is 4). */
const MAX_OCTETS_PER_CODE_UNIT = 3;
const utf8 = new TextEncoder();

/**
 * Whether the text is longer than `limit` octets in UTF-8. Short text cannot be, and is not encoded:
 * encoding every local part cost about 2 % of a cached lookup on the service (profiled under autocannon).
 */
function exceedsOctets(text: string, limit: number): boolean {
  return text.length * MAX_OCTETS_PER_CODE_UNIT > limit && utf8.encode(text).length > limit;
}

/**
 * Reads what a caller asks about: an email address or a bare domain.
 * Returns the normalised ASCII domain, which is all that classification depends on, or null when the
 * input is neither a syntactically valid address nor a valid domain.
 */
export function parseLookupTarget(input: string): { domain: string } | null {
  const at = input.lastIndexOf('@');
  if (at === -1) {
    const domain = toAsciiDomain(input);
    return domain ? { domain } : null;
  }
  const local = input.slice(0, at);
  const domain = toAsciiDomain(input.slice(at + 1));
  if (!domain || input.length > MAX_ADDRESS_LENGTH) return null;
  if (exceedsOctets(local, MAX_LOCAL_PART_LENGTH)) return null;
  return DOT_ATOM.test(local) || QUOTED_STRING.test(local) ? { domain } : null;
}
