import { MAX_DOMAIN_LENGTH, MAX_LABEL_LENGTH, MAX_LOCAL_PART_LENGTH } from './rfc-limits.ts';
import { type Reach, readWindow } from './text-window.ts';
import { isHashedTopLevelDomain, isTopLevelDomainAt, nextLabelHash } from './top-level-domains.ts';

export interface FoundEmail {
  /** The address with its domain lower-cased. */
  address: string;
  /** Offsets into the scanned text: text.slice(start, end) is the address as written. */
  start: number;
  end: number;
}

/** How far back a URL's `//` is looked for before `user:password@` or `/path@`. */
const MAX_URL_LOOKBACK = 100;
/**
 * The most the judgement of an `@` reads around it: back over a local part, the character before it and a
 * URL's `//` before that; ahead over a domain and the two characters after it (`:` and what follows).
 */
const REACH: Reach = { behind: MAX_LOCAL_PART_LENGTH + MAX_URL_LOOKBACK + 2, ahead: MAX_DOMAIN_LENGTH + 3 };

/** A first domain part like `2x` or `1.5x` is an image scale (logo@2x.png, sprite@1.5x.mov), not a mail host. */
const IMAGE_SCALE = /^\d+(?:\.\d+)?x$/i;
const LETTER_OR_DIGIT = /[\p{L}\p{N}\p{M}]/u;
/** Scripts written without spaces between words: their letters glue to Latin text around an address. */
const UNSPACED_SCRIPT =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;

/**
 * What kind of writing a character of an address belongs to. Text in an unspaced script runs straight into
 * an address (请联系jane@example.com谢谢), so an address never mixes the two kinds within its local part or
 * within one domain label: where the kind changes, the address begins or ends. Addresses written wholly in
 * such a script (用户@例子.中国) are still found. ASCII digits and hyphens in a domain label go with either kind.
 */
const NOT_IN_ADDRESS = 0;
const SPACED = 1;
const UNSPACED = 2;
const EITHER = 3;

const CHAR_AT = 64;
const CHAR_DOT = 46;
const CHAR_HYPHEN = 45;
const CHAR_APOSTROPHE = 39;
const CHAR_COLON = 58;
const CHAR_SLASH = 47;
const CHAR_BACKSLASH = 92;
const CHAR_QUOTE = 34;
const CHAR_LESS_THAN = 60;
const CHAR_EQUALS = 61;
const CHAR_GREATER_THAN = 62;
const CHAR_SPACE = 32;
const CHAR_QUESTION = 63;
const CHAR_AMPERSAND = 38;
const CHAR_SEMICOLON = 59;

/**
 * The signs of RFC 5322 atext that real addresses hold but text also puts around them: sourcehut's lists
 * (`~emersion/soju-dev@lists.sr.ht`), RFC 3696's `customer/department=shipping@example.com` and
 * `!def!xyz%abc@example.com`, `$A12345@example.com`, and the `=` of bounce addresses (SRS, BATV, VERP:
 * `list-bounces+jane=example.com@lists.example.org`). Where one is in the run before an `@`,
 * `startAmongSigns` decides whether it is in the address or separates it from what comes before. The rest
 * of atext (# & * ? ^ ` { | }) ends a local part: no provider gives out an address with one, and text writes
 * them around addresses (`?to=`, `&email=`, `Name|jane@example.com|London`, `**jane@x.com**`,
 * `` `jane@x.com` ``, `{jane@x.com}`, `#jane@x.com`).
 */
const LOCAL_SIGNS = '/=~!$';
/**
 * Per ASCII code, what it is in a local part: none, an ordinary character (letters, digits, _ % + - '), a
 * dot, or one of the LOCAL_SIGNS. Every ASCII character of a local part is of the spaced kind. One lookup a
 * character: the walk back over a local part is most of extraction's reading.
 */
const LOCAL_NONE = 0;
const LOCAL_ORDINARY = 1;
const LOCAL_DOT = 2;
const LOCAL_SIGN = 3;
const ASCII_LOCAL_CLASS = new Uint8Array(128);
/**
 * Per ASCII code, what it is in a domain: its kind (the low two bits: letters SPACED, digits and hyphens
 * EITHER), with CAPITAL set for A–Z; DOMAIN_DOT for the dot; 0 for what ends a domain.
 */
const KIND_BITS = 3;
const CAPITAL = 4;
const DOMAIN_DOT = 8;
/** Set in a domain's marks for a character past ASCII: it may change when lower-cased. */
const WIDE = 16;
const ASCII_DOMAIN_CLASS = new Uint8Array(128);
for (let code = 0; code < 128; code++) {
  const char = String.fromCharCode(code);
  const small = /[a-z]/.test(char);
  const capital = /[A-Z]/.test(char);
  const digit = /[0-9]/.test(char);
  if (small || capital || digit || "_%+-'".includes(char)) ASCII_LOCAL_CLASS[code] = LOCAL_ORDINARY;
  if (char === '.') ASCII_LOCAL_CLASS[code] = LOCAL_DOT;
  if (LOCAL_SIGNS.includes(char)) ASCII_LOCAL_CLASS[code] = LOCAL_SIGN;
  if (small) ASCII_DOMAIN_CLASS[code] = SPACED;
  if (capital) ASCII_DOMAIN_CLASS[code] = SPACED | CAPITAL;
  if (digit || char === '-') ASCII_DOMAIN_CLASS[code] = EITHER;
  if (char === '.') ASCII_DOMAIN_CLASS[code] = DOMAIN_DOT;
}
/** Keys whose value is an address, whatever it looks like (`email=wei.li@example.com`, `EMAIL_FROM=`). */
const ADDRESS_KEY = /(?:mail|to|from|cc|user|username|login|addr|address|recipient|sender|src)$/i;
/** A key of `key=value`: a name as configuration, forms and logs write one. */
const KEY = /^[A-Za-z][A-Za-z0-9_.-]*$/;

/** The kind of a non-ASCII character: letters of any script may be in addresses (IDN, SMTPUTF8). */
function wideKind(text: string, index: number): number {
  const code = text.charCodeAt(index);
  // Accented Latin letters (Latin-1 and Latin Extended-A and -B, less × and ÷), the most common, without a
  // Unicode property lookup.
  if (code >= 0xc0 && code <= 0x24f) return code === 0xd7 || code === 0xf7 ? NOT_IN_ADDRESS : SPACED;
  const char = text[index] ?? '';
  if (!LETTER_OR_DIGIT.test(char)) return NOT_IN_ADDRESS;
  return UNSPACED_SCRIPT.test(char) ? UNSPACED : SPACED;
}

function localKind(text: string, index: number): number {
  const code = text.charCodeAt(index);
  if (code >= 128) return wideKind(text, index);
  // Before the text's start, the code is NaN and its class undefined: nothing.
  return (ASCII_LOCAL_CLASS[code] ?? LOCAL_NONE) === LOCAL_NONE ? NOT_IN_ADDRESS : SPACED;
}

function isUpperAscii(code: number): boolean {
  return code >= 65 && code <= 90;
}

function isLowerAscii(code: number): boolean {
  return code >= 97 && code <= 122;
}

function isWhitespace(code: number): boolean {
  return code === 32 || (code >= 9 && code <= 13) || code === 0xa0;
}

/**
 * The start of the local part that ends before the `@` at `at`, or -1 when there is no acceptable one:
 * empty, longer than MAX_LOCAL_PART_LENGTH, starting or ending with a dot or holding two in a row
 * (`john..doe@x.com` is not `doe@x.com`). Quotes before it (`'jane@x.com'`) are left out. A quoted local
 * part (`"Fred Bloggs"@x.com`, `test."foo".bar@x.com`) is none: RFC 5321 §4.1.2 asks hosts to avoid them,
 * no provider gives one out, and a quote before an `@` far more often closes a quoted word.
 */
function localStart(text: string, at: number): number {
  const last = text.charCodeAt(at - 1);
  const kind = localKind(text, at - 1);
  // `example.com/@jane` is a profile's path, not a local part ending in a slash.
  if (kind === NOT_IN_ADDRESS || last === CHAR_DOT || last === CHAR_SLASH) return -1;
  const floor = Math.max(0, at - MAX_LOCAL_PART_LENGTH);
  let start = at - 1;
  /** The sign nearest the `@` (-1 for none), and the second of the first two dots in a row. */
  let nearestSign = last < 128 && ASCII_LOCAL_CLASS[last] === LOCAL_SIGN ? start : -1;
  let doubleDot = -1;
  for (; start > floor; start--) {
    const code = text.charCodeAt(start - 1);
    if (code >= 128) {
      if (wideKind(text, start - 1) !== kind) break;
      continue;
    }
    const local = ASCII_LOCAL_CLASS[code];
    if (local === LOCAL_NONE || kind !== SPACED) break;
    if (local === LOCAL_ORDINARY) continue;
    if (local === LOCAL_SIGN) {
      if (nearestSign === -1) nearestSign = start - 1;
    } else if (doubleDot === -1 && text.charCodeAt(start) === CHAR_DOT) doubleDot = start;
  }
  const tooLong = start === floor && localKind(text, start - 1) === kind;
  if (nearestSign !== -1) start = startAmongSigns(text, start, nearestSign, at, tooLong);
  else if (tooLong) return -1;
  while (text.charCodeAt(start) === CHAR_APOSTROPHE) start++;
  if (start >= at || text.charCodeAt(start) === CHAR_DOT || doubleDot > start) return -1;
  return start;
}

/**
 * Where the local part starts in a run of local characters from `runStart` to the `@` that holds a sign
 * (LOCAL_SIGNS), the nearest to the `@` at `nearestSign`. The run is the address (`~emersion/soju-dev`,
 * `customer/department=shipping`, `prvs=1234abcd=jane`), except where the signs separate it from what
 * comes before: a run too long for a local part or that runs back into a domain
 * (`jane@example.com/bob@example.org`) ends at its nearest sign; a path (`/users/jane@example.com`) at its
 * last slash; `key=value` (`email=jane@example.com`) at the `=`, and leading `=` are no part of it.
 */
function startAmongSigns(
  text: string,
  runStart: number,
  nearestSign: number,
  at: number,
  tooLong: boolean,
): number {
  if (tooLong || text.charCodeAt(runStart - 1) === CHAR_AT) return nearestSign + 1;
  if (text.charCodeAt(runStart) === CHAR_SLASH) return lastIndexIn(text, CHAR_SLASH, runStart, at) + 1;
  let start = runStart;
  while (text.charCodeAt(start) === CHAR_EQUALS) start++;
  return startAfterKey(text, start, at);
}

/**
 * Where the value starts when the run from `start` to the `@` is `key=value`: one `=`, after a name, and
 * either a key that holds addresses (`email=`, `EMAIL_FROM=`), a query's parameter (`?u=`, `&to=`), or a
 * value that is no domain. A domain after the `=` is a bounce address's recipient
 * (`bounce-jane=example.com@lists.example.org`, VERP): the run is the address, and its tail someone else's.
 */
function startAfterKey(text: string, start: number, at: number): number {
  const equals = indexIn(text, CHAR_EQUALS, start, at);
  // Several `=` are a bounce address (SRS0=hash=tt=domain=local, prvs=tag=local): all of it.
  if (equals === -1 || indexIn(text, CHAR_EQUALS, equals + 1, at) !== -1) return start;
  const key = text.slice(start, equals);
  if (!KEY.test(key)) return start;
  const before = text.charCodeAt(start - 1);
  const queryParameter = before === CHAR_QUESTION || before === CHAR_AMPERSAND || before === CHAR_SEMICOLON;
  if (ADDRESS_KEY.test(key) || queryParameter || !endsWithTopLevelDomain(text, equals + 1, at))
    return equals + 1;
  return start;
}

/** The first `code` in `text.slice(from, end)`, or -1. */
function indexIn(text: string, code: number, from: number, end: number): number {
  for (let i = from; i < end; i++) if (text.charCodeAt(i) === code) return i;
  return -1;
}

/** The last `code` in `text.slice(from, end)`, or -1 (`lastIndexOf` would search on before `from`). */
function lastIndexIn(text: string, code: number, from: number, end: number): number {
  for (let i = end - 1; i >= from; i--) if (text.charCodeAt(i) === code) return i;
  return -1;
}

/** Whether the character at `index` is in a URL: a `//` comes before it in the same run of non-spaces. */
function isInUrl(text: string, index: number): boolean {
  const floor = Math.max(0, index - MAX_URL_LOOKBACK);
  for (let i = index; i > floor; i--) {
    const code = text.charCodeAt(i);
    // A URL in text or markup ends at a space, a double quote or an angle bracket.
    if (isWhitespace(code) || code === CHAR_QUOTE || code === CHAR_LESS_THAN || code === CHAR_GREATER_THAN)
      return false;
    if (code === CHAR_SLASH && text.charCodeAt(i - 1) === CHAR_SLASH) return true;
  }
  return false;
}

/**
 * Whether what precedes a local part makes it part of something else: `a@b@x.com`, `@jane@mastodon.social`,
 * a URL's userinfo (`https://user:pass@host`) or path (`https://x.com/a/jane@x.com`), an escaped character
 * (`Joe.\\Blow@x.com`, `Fred\\ Bloggs@x.com`). Outside URLs, `Email:jane@x.com` and `jane@x.com/bob@x.com`
 * hold addresses, and so does a `mailto:` after a URL (`[site](https://x.com)[mail](mailto:jane@x.com)`).
 */
function isPartOfSomethingElse(text: string, start: number): boolean {
  const before = text.charCodeAt(start - 1);
  if (before === CHAR_AT || before === CHAR_BACKSLASH) return true;
  if (before === CHAR_SPACE && text.charCodeAt(start - 2) === CHAR_BACKSLASH) return true;
  if (before === CHAR_COLON) return !isMailtoScheme(text, start - 1) && isInUrl(text, start - 1);
  return before === CHAR_SLASH && isInUrl(text, start - 1);
}

/** Whether the colon at `colon` ends a `mailto` scheme, in any case. */
function isMailtoScheme(text: string, colon: number): boolean {
  return colon >= 6 && text.slice(colon - 6, colon).toLowerCase() === 'mailto';
}

/** The last dot in `text.slice(from, end)`, or -1. */
function lastDotIn(text: string, from: number, end: number): number {
  return lastIndexIn(text, CHAR_DOT, from, end);
}

/** Whether `text.slice(from, end)` is a domain of at least two labels whose last is a real TLD. */
function endsWithTopLevelDomain(text: string, from: number, end: number): boolean {
  const lastDot = lastDotIn(text, from, end);
  return lastDot > from && lastDot < end - 1 && isTopLevelDomainAt(text, lastDot + 1, end);
}

/**
 * Whether the last label of a domain that ends with a TLD is the next sentence's first word, written on
 * without a space: a capitalised word after a label in small letters (`jane@example.com.Next sentence`,
 * though `next` is a TLD). A domain is written in one case, or title case (`Example.Co.Uk`), so
 * `example.co.Uk` is read as a sentence too.
 */
function lastLabelStartsSentence(text: string, from: number, lastDot: number): boolean {
  if (!isUpperAscii(text.charCodeAt(lastDot + 1)) || !isLowerAscii(text.charCodeAt(lastDot + 2)))
    return false;
  for (let i = lastDot - 1; i >= from && text.charCodeAt(i) !== CHAR_DOT; i--)
    if (isUpperAscii(text.charCodeAt(i))) return false;
  return endsWithTopLevelDomain(text, from, lastDot);
}

/**
 * A shorter end for a domain whose last label is no TLD because it ran into the next word: a capital after a
 * small letter in the last label (`example.comContact`), a dash of hyphens (`example.com---foo`), or a
 * capitalised last label (`gmail.com.Thanks`).
 * -1 if neither leaves a real TLD.
 */
function endBeforeNextWord(text: string, from: number, end: number): number {
  const lastDot = lastDotIn(text, from, end);
  if (lastDot <= from) return -1;
  for (let cut = Math.min(end - 1, lastDot + MAX_LABEL_LENGTH); cut > lastDot + 2; cut--) {
    const code = text.charCodeAt(cut);
    const capitalAfterSmall = isUpperAscii(code) && isLowerAscii(text.charCodeAt(cut - 1));
    // Plain text's dash: `text@example.com---foo`, `jane@example.com--Bob`.
    const dash = code === CHAR_HYPHEN && text.charCodeAt(cut + 1) === CHAR_HYPHEN;
    if ((capitalAfterSmall || dash) && isTopLevelDomainAt(text, lastDot + 1, cut)) return cut;
  }
  const capitalised = isUpperAscii(text.charCodeAt(lastDot + 1));
  return capitalised && endsWithTopLevelDomain(text, from, lastDot) ? lastDot : -1;
}

/**
 * What the last `domainEnd` saw of the domain it read, so that no later step reads it again: whether it may
 * change when lower-cased (an ASCII capital, or a character past ASCII). A second pass to find out was 4 %
 * of extraction's time (CPU profile of bench/extraction.ts's text).
 */
let domainMayHaveCapitals = false;

/**
 * The end of the domain that starts at `from`, or -1 when there is no acceptable domain there: labels of
 * letters, digits and inner hyphens, each 1 to MAX_LABEL_LENGTH long, MAX_DOMAIN_LENGTH in all, the last a
 * real top-level domain. The domain ends at the first character that cannot be in it, at an empty label
 * (`gmail.com...`), or where a label changes between a spaced and an unspaced script (`example.comまで`).
 * Trailing dots and hyphens are sentence punctuation. Sets `domainMayHaveCapitals`.
 */
function domainEnd(text: string, from: number): number {
  const limit = Math.min(text.length, from + MAX_DOMAIN_LENGTH + 1);
  let end = from;
  let labelStart = from;
  let lastDot = -1;
  /** The marks (CAPITAL, WIDE) of every character read, and of the label being read. */
  let marks = 0;
  let labelMarks = 0;
  /** The label's `nextLabelHash`, for the TLD lookup of the last. */
  let labelHash = 0;
  // EITHER until the label's first letter sets its kind.
  let labelKind = EITHER;
  for (; end < limit; end++) {
    const code = text.charCodeAt(end);
    let kind: number;
    if (code < 128) {
      const domain = ASCII_DOMAIN_CLASS[code] ?? 0;
      if (domain === DOMAIN_DOT) {
        if (end === labelStart) break;
        if (!isLabel(text, labelStart, end)) return -1;
        marks |= labelMarks;
        lastDot = end;
        labelStart = end + 1;
        labelKind = EITHER;
        labelMarks = 0;
        labelHash = 0;
        continue;
      }
      if (domain === 0) break;
      labelMarks |= domain;
      kind = domain & KIND_BITS;
      // In small letters: CAPITAL (4) shifted is the case bit (32).
      labelHash = nextLabelHash(labelHash, code | ((domain & CAPITAL) << 3));
    } else {
      labelMarks |= WIDE;
      kind = wideKind(text, end);
    }
    if (kind === EITHER || kind === labelKind) continue;
    if (kind === NOT_IN_ADDRESS || labelKind !== EITHER) break;
    labelKind = kind;
  }
  if (end - from > MAX_DOMAIN_LENGTH) return -1;
  marks |= labelMarks;
  domainMayHaveCapitals = (marks & (CAPITAL | WIDE)) !== 0;
  const read = end;
  while (end > from && (text.charCodeAt(end - 1) === CHAR_DOT || text.charCodeAt(end - 1) === CHAR_HYPHEN))
    end--;
  if (lastDot >= end - 1) lastDot = lastDotIn(text, from, end);
  // Labels before the last were checked at their dots; a real TLD is a valid last label. The hash read
  // is the last label's unless punctuation was trimmed or it has a character past ASCII.
  const hashed = end === read && (labelMarks & WIDE) === 0;
  const endsWithTld =
    lastDot > from &&
    lastDot < end - 1 &&
    (hashed
      ? isHashedTopLevelDomain(text, lastDot + 1, end, labelHash)
      : isTopLevelDomainAt(text, lastDot + 1, end));
  if (endsWithTld && !((marks & CAPITAL) !== 0 && lastLabelStartsSentence(text, from, lastDot))) return end;
  return endBeforeNextWord(text, from, end);
}

function isLabel(text: string, start: number, end: number): boolean {
  return (
    end - start <= MAX_LABEL_LENGTH &&
    text.charCodeAt(start) !== CHAR_HYPHEN &&
    text.charCodeAt(end - 1) !== CHAR_HYPHEN
  );
}

/** Whether a found domain is something other than a mail host, judged by what follows it and its shape. */
function isNotMailHost(text: string, domainStart: number, end: number): boolean {
  const after = text.charCodeAt(end);
  // a@b.com@c.com is no address; git@github.com:org/repo.git and host:port are no addresses.
  if (after === CHAR_AT) return true;
  if (after === CHAR_COLON && end + 1 < text.length && !isWhitespace(text.charCodeAt(end + 1))) return true;
  // Only a digit starts an image scale: the common case needs no regular expression.
  const first = text.charCodeAt(domainStart);
  return (
    first >= 48 && first <= 57 && IMAGE_SCALE.test(text.slice(domainStart, lastDotIn(text, domainStart, end)))
  );
}

/**
 * Finds the email addresses in a text, with their offsets. As careful about what is not an address as about
 * what is: not image names (`logo@2x.png`), package versions (`react@18.2.0`), scp paths
 * (`git@github.com:org/repo.git`), the tail of an invalid local part (`john..doe@x.com`), URL userinfo,
 * or handles; trailing punctuation, quotes, `email=`, CJK neighbours and a glued next word are left out;
 * Cloudflare's obfuscation is decoded elsewhere (`decodeCloudflareEmail`). Linear time: each `@` looks at
 * most a local part's length back and a domain's ahead (REACH: a URL's `//` is looked for further back),
 * and most `@` that start no address are turned away by the one character before them.
 *
 * With `from` and `to`, only the addresses whose `@` lies in `[from, to)` are found, each judged in the
 * whole text: reading a text window by window finds exactly what one reading finds (a page's 1 MB text
 * node is read in windows, between which the scanner may yield), and a window costs what its own length
 * does, wherever it lies.
 */
export function extractEmails(text: string, from = 0, to = text.length): FoundEmail[] {
  return readWindow(text, from, to, REACH, addressesIn);
}

function addressesIn(text: string, from: number, to: number): FoundEmail[] {
  const found: FoundEmail[] = [];
  for (let at = text.indexOf('@', from); at !== -1 && at < to; at = text.indexOf('@', at + 1)) {
    const start = localStart(text, at);
    if (start === -1 || isPartOfSomethingElse(text, start)) continue;
    const end = domainEnd(text, at + 1);
    if (end === -1 || isNotMailHost(text, at + 1, end)) continue;
    const address = domainMayHaveCapitals
      ? text.slice(start, at + 1) + text.slice(at + 1, end).toLowerCase()
      : text.slice(start, end);
    found.push({ address, start, end });
  }
  return found;
}

/** Whether a string is exactly one address, as `extractEmails` would find it. */
export function isEmailAddress(candidate: string): boolean {
  return addressIn(candidate) !== null;
}

/** The address a value is, exactly (spaces around it aside), its domain lower-cased; null if it is not one. */
export function addressIn(value: string): string | null {
  const candidate = value.trim();
  const [match] = extractEmails(candidate);
  return match !== undefined && match.start === 0 && match.end === candidate.length ? match.address : null;
}

/** The domain of an address found by `extractEmails` (already lower-cased). */
export function domainOf(address: string): string {
  return address.slice(address.lastIndexOf('@') + 1);
}
