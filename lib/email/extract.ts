import { isTopLevelDomain } from './top-level-domains.ts';

export interface FoundEmail {
  /** The address with its domain lower-cased. */
  address: string;
  /** Offsets into the scanned text: text.slice(start, end) is the address as written. */
  start: number;
  end: number;
}

/** RFC 5321 limits: 64 octets of local part, 253 characters of domain, 63 per label. */
const MAX_LOCAL_LENGTH = 64;
const MAX_DOMAIN_LENGTH = 253;
const MAX_LABEL_LENGTH = 63;

/** A first domain label like `2x` or `1.5x` is an image scale (logo@2x.png), not a mail host. */
const IMAGE_SCALE = /^\d+(?:\.\d+)?x$/i;
/** Scripts whose letters are glued to Latin text without spaces: they end an address, never belong to it. */
const UNSPACED_SCRIPT = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const LETTER_OR_DIGIT = /[\p{L}\p{N}\p{M}]/u;

const CHAR_AT = 64;
const CHAR_DOT = 46;
const CHAR_HYPHEN = 45;

function isAsciiAlnum(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
}

/** Letters of spaced scripts (Latin with accents, Cyrillic, Greek, ...), allowed in IDN and SMTPUTF8 addresses. */
function isWideLetter(char: string): boolean {
  return LETTER_OR_DIGIT.test(char) && !UNSPACED_SCRIPT.test(char);
}

/** Local-part characters accepted in running text: the common subset of RFC 5322 atext, plus wide letters. */
function isLocalChar(text: string, index: number): boolean {
  const code = text.charCodeAt(index);
  if (code < 128) {
    // . _ % + - ' (apostrophe for O'Brien; trimmed when it is a quote around the address)
    return (
      isAsciiAlnum(code) ||
      code === 46 ||
      code === 95 ||
      code === 37 ||
      code === 43 ||
      code === 45 ||
      code === 39
    );
  }
  return isWideLetter(text[index] ?? '');
}

function isDomainChar(text: string, index: number): boolean {
  const code = text.charCodeAt(index);
  if (code < 128) return isAsciiAlnum(code) || code === CHAR_DOT || code === CHAR_HYPHEN;
  return isWideLetter(text[index] ?? '');
}

/**
 * The end of the domain that starts at `from`, or -1 when there is no acceptable domain there. Trailing dots
 * and hyphens (sentence punctuation) are left out. When the last label is not a real TLD but starts with
 * one followed by a capital (`example.comContact`), the domain ends after the TLD.
 */
function domainEnd(text: string, from: number): number {
  let end = from;
  const limit = Math.min(text.length, from + MAX_DOMAIN_LENGTH + 1);
  while (end < limit && isDomainChar(text, end)) end++;
  if (end === limit && limit - from > MAX_DOMAIN_LENGTH) return -1;
  while (end > from && (text.charCodeAt(end - 1) === CHAR_DOT || text.charCodeAt(end - 1) === CHAR_HYPHEN))
    end--;
  const domain = text.slice(from, end);
  const labels = domain.split('.');
  if (labels.length < 2 || labels.some((label) => label === '' || label.length > MAX_LABEL_LENGTH)) return -1;
  if (labels.some((label) => label.startsWith('-') || label.endsWith('-'))) return -1;
  const tld = labels[labels.length - 1] ?? '';
  if (isTopLevelDomain(tld)) return end;
  for (let cut = tld.length - 1; cut >= 2; cut--) {
    const next = tld[cut] ?? '';
    const previous = tld[cut - 1] ?? '';
    if (
      next !== next.toLowerCase() &&
      previous === previous.toLowerCase() &&
      isTopLevelDomain(tld.slice(0, cut))
    ) {
      return end - (tld.length - cut);
    }
  }
  return -1;
}

/** How far back a URL's scheme is looked for before `user:password@`. */
const MAX_USERINFO_LOOKBACK = 100;

/** Whether what precedes an address makes it part of something else: a URL's userinfo, a path. */
function isPartOfSomethingElse(text: string, localStart: number): boolean {
  const before = text[localStart - 1];
  if (before === '/' || before === '\\' || before === '@') return true;
  if (before !== ':') return false;
  // "Email:jane@x.com" is an address; "https://user:pass@host" is not.
  const token = text.slice(Math.max(0, localStart - MAX_USERINFO_LOOKBACK), localStart - 1);
  return /\/\/\S*$/.test(token);
}

/**
 * Finds the email addresses in a text, with their offsets. As careful about what is not an address as about
 * what is: not image names (`logo@2x.png`), package versions (`react@18.2.0`), scp paths
 * (`git@github.com:org/repo.git`), the tail of an invalid local part (`john..doe@x.com`), URL userinfo,
 * or handles; trailing punctuation, quotes, `email=` and CJK neighbours are left out; Cloudflare's
 * obfuscation is decoded elsewhere (`decodeCloudflareEmail`). Linear time: each `@` looks at most 64
 * characters back and 254 ahead, and scanning resumes after each address.
 *
 * With `from` and `to`, only the addresses whose `@` lies in `[from, to)` are found, each judged in the
 * whole text: reading a text window by window finds exactly what one reading finds (a page's 1 MB text
 * node is read in windows, between which the scanner may yield).
 */
export function extractEmails(text: string, from = 0, to = text.length): FoundEmail[] {
  const found: FoundEmail[] = [];
  for (let at = text.indexOf('@', from); at !== -1 && at < to; at = text.indexOf('@', from)) {
    from = at + 1;
    let start = at;
    const floor = Math.max(0, at - MAX_LOCAL_LENGTH - 1);
    while (start > floor && isLocalChar(text, start - 1)) start--;
    if (at - start > MAX_LOCAL_LENGTH || (start === floor && floor > 0 && isLocalChar(text, floor - 1)))
      continue;
    while (start < at && (text[start] === "'" || text[start] === '.')) {
      // A dot before the local part belongs to an invalid one ("john..doe"), not to punctuation.
      if (text[start] === '.' && start + 1 < at && text[start + 1] === '.') break;
      start++;
    }
    const local = text.slice(start, at);
    if (local === '' || local.startsWith('.') || local.endsWith('.') || local.includes('..')) continue;
    if (text.charCodeAt(start - 1) === CHAR_DOT) continue;
    if (isPartOfSomethingElse(text, start)) continue;
    const end = domainEnd(text, at + 1);
    if (end === -1) continue;
    const domain = text.slice(at + 1, end).toLowerCase();
    const labels = domain.split('.');
    if (IMAGE_SCALE.test(labels[0] ?? '') || labels.slice(0, -1).every((label) => /^\d+$/.test(label)))
      continue;
    if (text[end] === ':' && end + 1 < text.length && !/\s/.test(text[end + 1] ?? ' ')) continue;
    if (text.charCodeAt(end) === CHAR_AT || (text[end] === '.' && isDomainChar(text, end + 1))) continue;
    found.push({ address: `${local}@${domain}`, start, end });
    from = end;
  }
  return found;
}

/** Whether a string is exactly one address, as `extractEmails` would find it. */
export function isEmailAddress(candidate: string): boolean {
  const [match] = extractEmails(candidate);
  return match !== undefined && match.start === 0 && match.end === candidate.length;
}

/** The domain of an address found by `extractEmails` (already lower-cased). */
export function domainOf(address: string): string {
  return address.slice(address.lastIndexOf('@') + 1);
}
