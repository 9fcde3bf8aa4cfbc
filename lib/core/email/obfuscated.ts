import { addressIn, extractEmails, type FoundEmail, isEmailAddress } from './extract.ts';
import { MAX_DOMAIN_LENGTH, MAX_LABEL_LENGTH, MAX_LOCAL_PART_LENGTH } from './rfc-limits.ts';
import { type Reach, readWindow } from './text-window.ts';

/**
 * Addresses written to be read by people and not by harvesters: `jane [at] example [dot] com`,
 * `jane(at)example.com`, `jane AT example DOT com`, `jane at example dot com`, mailing-list archives'
 * `jane at example.com`, `jane @ example.com`, and markers such as `NOSPAM` to be taken out. Ordinary prose
 * must never match: "meet me at example.com" is not an address, so the bare `at` form is taken only where
 * nothing else could be meant (see `isListForm`).
 */

/**
 * What a text holding an address holds: one of these, or a bare `at` in a short text or beside a bracket.
 * Any other text holds none, so the page scanner reads no further into it.
 */
const ADDRESS_MARKERS = [
  '@',
  '[at]',
  '(at)',
  '{at}',
  '[AT]',
  '(AT)',
  '{AT}',
  '[At]',
  '(At)',
  '[ at ]',
  '( at )',
  ' AT ',
  '-AT-',
  '_AT_',
  ' dot ',
  ' DOT ',
  '[dot]',
  '(dot)',
] as const;
/** The bare `at` of mailing-list archives, which counts only in a short text or beside a bracket. */
const BARE_AT_MARKERS = [' at ', '\u00a0at\u00a0'] as const;
/** A text no longer than this may be all one address, the bare `at` form too (`pippin at gimp.org`). */
export const SHORT_TEXT_LENGTH = 80;

/** Any of the markers, each character not a letter, a digit or `_` escaped. */
const anyOf = (markers: readonly string[]) =>
  new RegExp(markers.map((marker) => marker.replace(/\W/g, '\\$&')).join('|'));
const ADDRESS_MARKER = anyOf(ADDRESS_MARKERS);
const BARE_AT_MARKER = anyOf(BARE_AT_MARKERS);

/**
 * Whether a text may hold an address, by the markers above, each looked for by one regular expression: the
 * page scanner judges every text node of a page here, and searching the text once per marker took 4x as
 * long (105-230 ms for the benchmark page's, against 34).
 */
export function mayHoldAddress(text: string): boolean {
  return (
    ADDRESS_MARKER.test(text) ||
    ((text.length < SHORT_TEXT_LENGTH || text.includes('<') || text.includes('(')) &&
      BARE_AT_MARKER.test(text))
  );
}

/** How an address was written: each form's recall is measured on the real-page corpus. */
export type WrittenForm = 'brackets' | 'words' | 'list' | 'spaced';

export interface WrittenEmail extends FoundEmail {
  form: WrittenForm;
}

/**
 * Where the text comes from. `address`: a field that holds an address (a `mailto:` link's target), where
 * any of the forms is one; `text`: the page's text, where the bare `at` form needs more to go on.
 */
export type TextContext = 'text' | 'address';

/**
 * The most characters a part may span as written: twice its RFC limit, room for the characters a real
 * address writes as words (`srfi minus editors at srfi dot schemers dot org` is 1.5 times its address). A
 * longer run is no address (not the tail of one), so each separator reads a bounded stretch of text however
 * long the text around it.
 */
const MAX_WRITTEN_LOCAL = 2 * MAX_LOCAL_PART_LENGTH;
const MAX_WRITTEN_DOMAIN = 2 * MAX_DOMAIN_LENGTH;
/** The most white space at one place in a written address: a line break and a deep indent. */
const MAX_GAP = 64;
/** White space of one place, in the regular expressions below. */
const GAP = `\\s{0,${MAX_GAP}}`;
const SOME_GAP = `\\s{1,${MAX_GAP}}`;

/**
 * The separators people write for `@`, found by one search: a bracketed `at` or `@` (`[at]`, `(AT)`,
 * `{at}`), `-AT-`, a spaced `at`, or a spaced `@`.
 */
const AT_SEPARATOR = new RegExp(
  `[[({<]${GAP}(?:[aA][tT]|@)${GAP}[\\])}>]|[-_]AT[-_]|\\s(?:at|AT|At)\\s|\\s@|@\\s`,
  'g',
);
/** The longest separator: a bracketed one with its gaps. */
const MAX_SEPARATOR_LENGTH = 2 * MAX_GAP + 4;
/** The separators people write for a dot in an address, at a place (`y`). */
const WRITTEN_DOT = new RegExp(
  `${GAP}[[({<]${GAP}(?:dot|DOT|Dot)${GAP}[\\])}>]${GAP}|${SOME_GAP}(?:dot|DOT|Dot)${SOME_GAP}`,
  'y',
);
/** The longest written dot: `[dot]` with a gap at each of its four places. */
const MAX_WRITTEN_DOT_LENGTH = 4 * MAX_GAP + 5;
/**
 * What people write for the characters of a local part, just before an atom: a dot, and in local parts a
 * hyphen or an underscore too (`srfi minus editors at srfi dot schemers dot org`). Looked for in the
 * MAX_WRITTEN_CHARACTER characters before an atom.
 */
const WRITTEN_LOCAL_CHARACTER =
  /(?:\s*[[({<]\s*(dot|minus|dash|hyphen|underscore)\s*[\])}>]\s*|\s+(dot|minus|dash|hyphen|underscore)\s+)$/i;
const MAX_WRITTEN_CHARACTER = 16;
const CHARACTER_OF_WORD: Record<string, string> = {
  dot: '.',
  minus: '-',
  dash: '-',
  hyphen: '-',
  underscore: '_',
};
/** A label of letters, digits and inner hyphens, at most MAX_LABEL_LENGTH long. */
const LABEL = new RegExp(`[A-Za-z0-9](?:[A-Za-z0-9-]{0,${MAX_LABEL_LENGTH - 2}}[A-Za-z0-9])?`, 'y');
const LETTER_OR_DIGIT = /[A-Za-z0-9]/;
/** Per ASCII code: whether it may be in a local part (letters, digits, . _ % + ' -). */
const LOCAL_CHARACTERS = new Uint8Array(128);
for (const char of "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._%+'-")
  LOCAL_CHARACTERS[char.charCodeAt(0)] = 1;
const CHAR_DOT = 46;
const CHAR_APOSTROPHE = 39;
const CHAR_HYPHEN = 45;
const OPENING_BRACKETS = [...'[({<'].map((char) => char.charCodeAt(0));
const CLOSING_BRACKETS = [...'])}>'].map((char) => char.charCodeAt(0));
/** Any white space: a text node's line breaks render as spaces, and an address may be wrapped across them. */
const SPACE = /\s/;

/**
 * How far the reading of a separator reads before its start: the gap, the local part as written, a written
 * character before it, and the gap before the address (`isListForm`).
 */
const READ_BEFORE = MAX_GAP + MAX_WRITTEN_LOCAL + MAX_WRITTEN_CHARACTER + MAX_GAP + 2;
/** How far an address's end lies after its separator's start: the separator, the gap, the domain. */
const MAX_SEPARATOR_TO_END = MAX_SEPARATOR_LENGTH + MAX_GAP + MAX_WRITTEN_DOMAIN;
/**
 * How far a window's reading looks outside it: back to the separators whose addresses may reach into it
 * (a separator inside such an address's domain is part of it), and the text they read; ahead, past the
 * address of a separator at the window's end, a label and a written dot read beyond its domain, and the
 * gap after it.
 */
const REACH: Reach = {
  behind: MAX_SEPARATOR_TO_END + READ_BEFORE,
  ahead: MAX_SEPARATOR_TO_END + MAX_WRITTEN_DOT_LENGTH + MAX_LABEL_LENGTH + MAX_GAP + 2,
};

/** Inserted into addresses to spoil them for harvesters, and taken out by people. */
const SPAM_MARKER = /NOSPAM|NO-SPAM|NO_SPAM|REMOVEME|REMOVE-ME|SPAMFREE/g;

/**
 * Words that come before "at" in prose ("look at", "me at", "available at"): never a list-archive local
 * part without more to go on.
 */
const PROSE_BEFORE_AT = new Set(
  'me us you him her them it this that which who what where here there now home look looking looked meet arrive stay work works worked working live lives lived available located based held online least most best all once aim aimed great good bad editor writer reporter correspondent fellow professor student engineer manager director'.split(
    ' ',
  ),
);

interface Part {
  text: string;
  start: number;
  end: number;
  /** The part was joined by a written dot somewhere (`[dot]`, ` dot `). */
  writtenDot: boolean;
}

function isLocalCharacter(text: string, index: number): boolean {
  return LOCAL_CHARACTERS[text.charCodeAt(index)] === 1;
}

/** Punctuation that starts no local part: before a name, it belongs to the sentence ("'jane [at] x.com'"). */
function isLeadingPunctuation(code: number): boolean {
  return code === CHAR_DOT || code === CHAR_APOSTROPHE || code === CHAR_HYPHEN;
}

function isSpace(text: string, index: number): boolean {
  const code = text.charCodeAt(index);
  if (code < 128) return code === 32 || (code >= 9 && code <= 13);
  return SPACE.test(text[index] ?? '');
}

/** Whether a written dot or a written character may start at this character: white space or a bracket. */
function mayOpenWrittenCharacter(code: number): boolean {
  return code === 32 || (code >= 9 && code <= 13) || code >= 128 || OPENING_BRACKETS.includes(code);
}

/**
 * The domain that starts at `from`: labels joined by dots or written dots, at least two. Null past
 * MAX_WRITTEN_DOMAIN characters, or MAX_DOMAIN_LENGTH as read.
 */
function domainAt(text: string, from: number): Part | null {
  const limit = from + MAX_WRITTEN_DOMAIN;
  let labels = 0;
  let length = -1;
  let index = from;
  /** The domain as read, once a written dot makes it differ from the text. */
  let read: string | null = null;
  for (;;) {
    LABEL.lastIndex = index;
    if (!LABEL.test(text)) break;
    if (read !== null) read += `.${text.slice(index, LABEL.lastIndex)}`;
    labels++;
    length += LABEL.lastIndex - index + 1;
    index = LABEL.lastIndex;
    if (index > limit || length > MAX_DOMAIN_LENGTH) return null;
    if (text.charCodeAt(index) === CHAR_DOT && LETTER_OR_DIGIT.test(text[index + 1] ?? '')) {
      index++;
      continue;
    }
    if (!mayOpenWrittenCharacter(text.charCodeAt(index))) break;
    WRITTEN_DOT.lastIndex = index;
    if (!WRITTEN_DOT.test(text)) break;
    LABEL.lastIndex = WRITTEN_DOT.lastIndex;
    if (!LABEL.test(text)) break;
    read ??= text.slice(from, index);
    index = WRITTEN_DOT.lastIndex;
  }
  if (labels < 2) return null;
  return { text: read ?? text.slice(from, index), start: from, end: index, writtenDot: read !== null };
}

/** The written character (` dot `, `[minus]`) that ends at `end`, and where it starts; null if none does. */
function writtenCharacterBefore(text: string, end: number): { character: string; start: number } | null {
  const last = text.charCodeAt(end - 1);
  if (!(last === 32 || (last >= 9 && last <= 13) || last >= 128 || CLOSING_BRACKETS.includes(last)))
    return null;
  const written = WRITTEN_LOCAL_CHARACTER.exec(text.slice(Math.max(0, end - MAX_WRITTEN_CHARACTER), end));
  if (!written) return null;
  const word = (written[1] ?? written[2] ?? '').toLowerCase();
  return { character: CHARACTER_OF_WORD[word] ?? '.', start: end - written[0].length };
}

/**
 * The local part that ends at `end`: local characters, and atoms joined by written characters. Null where
 * it runs on past MAX_WRITTEN_LOCAL characters, or holds more than MAX_LOCAL_PART_LENGTH after its leading
 * punctuation: the walk back stops there.
 */
function localBefore(text: string, end: number): Part | null {
  const floor = Math.max(0, end - MAX_WRITTEN_LOCAL);
  /** The local part as read, once a written character makes it differ from the text. */
  let read: string | null = null;
  /** Characters read so far, and how many of them reach back to the farthest one that is not punctuation. */
  let length = 0;
  let solid = 0;
  let start = end;
  for (;;) {
    let atomStart = start;
    for (; atomStart > floor; atomStart--) {
      const code = text.charCodeAt(atomStart - 1);
      if (LOCAL_CHARACTERS[code] !== 1) break;
      length++;
      if (!isLeadingPunctuation(code)) solid = length;
      if (solid > MAX_LOCAL_PART_LENGTH) return null;
    }
    if (atomStart === floor && isLocalCharacter(text, floor - 1)) return null;
    if (atomStart === start) break;
    if (read !== null) read = text.slice(atomStart, start) + read;
    start = atomStart;
    const written = writtenCharacterBefore(text, start);
    if (!written || !isLocalCharacter(text, written.start - 1)) break;
    if (written.start - 1 < floor) return null;
    read = written.character + (read ?? text.slice(start, end));
    length++;
    if (!isLeadingPunctuation(written.character.charCodeAt(0))) solid = length;
    if (solid > MAX_LOCAL_PART_LENGTH) return null;
    start = written.start;
  }
  const local = read ?? text.slice(start, end);
  let lead = 0;
  while (lead < local.length && isLeadingPunctuation(local.charCodeAt(lead))) lead++;
  if (lead === local.length) return null;
  return { text: local.slice(lead), start: start + lead, end, writtenDot: read !== null };
}

/**
 * The first character before `index` past white space; '' at the text's start. A gap longer than MAX_GAP
 * ends in white space, which tells the start of the text from a space apart.
 */
function neighbourBefore(text: string, index: number): string {
  const floor = Math.max(0, index - MAX_GAP);
  let before = index;
  while (before > floor && isSpace(text, before - 1)) before--;
  return text[before - 1] ?? '';
}

/** The first character from `index` on past white space; '' at the text's end (as `neighbourBefore`). */
function neighbourAfter(text: string, index: number): string {
  const limit = index + MAX_GAP;
  let after = index;
  while (after < limit && isSpace(text, after)) after++;
  return text[after] ?? '';
}

/** Whether a bare `at` (or a spaced `@`) between these parts is an address and not prose. */
function isListForm(text: string, local: Part, domain: Part, context: TextContext, spaced: boolean): boolean {
  if (context === 'address') return true;
  // "jane at example dot com": written dots are not prose.
  if (domain.writtenDot || local.writtenDot) return !PROSE_BEFORE_AT.has(local.text.toLowerCase());
  // A site's name in prose is capitalised ("Sports at IBTimes.com"); an address's domain is not.
  if (/[A-Z]/.test(domain.text)) return false;
  const before = neighbourBefore(text, local.start);
  const after = neighbourAfter(text, domain.end);
  // The whole of its text (a link, a list item: "pippin at gimp.org"), or in brackets as a mail header's.
  if (before === '' && after === '') return true;
  if ((before === '<' && after === '>') || (before === '(' && after === ')')) return true;
  if (PROSE_BEFORE_AT.has(local.text.toLowerCase())) return false;
  // Prose does not put a spaced `@` before a domain ("roelofs @ pobox.com").
  if (spaced) return true;
  // What prose's words do not hold: a dot, an underscore or a digit, or two hyphens (rand-mh-devel).
  return /[._\d]/.test(local.text) || (local.text.match(/-/g)?.length ?? 0) >= 2;
}

/** Whether an uppercase `AT` is shouting prose: local part and domain both in capitals. */
function isShouting(local: Part, domain: Part): boolean {
  return !/[a-z]/.test(local.text) && !/[a-z]/.test(domain.text);
}

function formOf(separator: string): WrittenForm {
  if (OPENING_BRACKETS.includes(separator.charCodeAt(0))) return 'brackets';
  if (separator.includes('@')) return 'spaced';
  return /^[-_]/.test(separator) ? 'words' : 'list';
}

/** The address written around the separator `match`, judged as `extractObfuscatedEmails` says; null if none. */
function addressAround(text: string, match: RegExpExecArray, context: TextContext): WrittenEmail | null {
  const separator = match[0];
  const form = formOf(separator);
  // Spaces around the separator belong to it: the local part ends before them, the domain starts after.
  let localEnd = match.index;
  const gapStart = Math.max(0, localEnd - MAX_GAP);
  while (localEnd > gapStart && isSpace(text, localEnd - 1)) localEnd--;
  let domainStart = match.index + separator.length;
  const gapEnd = domainStart + MAX_GAP;
  while (domainStart < gapEnd && isSpace(text, domainStart)) domainStart++;
  const local = localBefore(text, localEnd);
  const domain = local && domainAt(text, domainStart);
  if (!local || !domain) return null;
  const upperAt = form === 'list' && separator.trim() === 'AT';
  if ((upperAt || form === 'words') && isShouting(local, domain)) return null;
  if ((form === 'list' && !upperAt) || form === 'spaced') {
    if (!isListForm(text, local, domain, context, form === 'spaced')) return null;
  }
  const address = `${local.text}@${domain.text.toLowerCase()}`;
  if (!isEmailAddress(address)) return null;
  const words = upperAt || domain.writtenDot || local.writtenDot;
  return {
    address,
    start: local.start,
    end: domain.end,
    form: form === 'brackets' ? form : words ? 'words' : form,
  };
}

/**
 * The addresses written in the obfuscated forms whose separator starts in `[from, to)`, each judged by the
 * text around it (as `extractEmails` does, so a text read in windows finds what one reading finds). A
 * separator inside the domain of an address read at an earlier one (`x-AT-a-AT-b.com`) is part of that
 * domain.
 */
export function extractObfuscatedEmails(
  text: string,
  from = 0,
  to = text.length,
  context: TextContext = 'text',
): WrittenEmail[] {
  return readWindow(text, from, to, REACH, (near, nearFrom, nearTo) =>
    writtenAddressesIn(near, nearFrom, nearTo, context),
  );
}

/** `extractObfuscatedEmails` on the part of a text a window reaches, in that part's offsets. */
function writtenAddressesIn(text: string, from: number, to: number, context: TextContext): WrittenEmail[] {
  const found: WrittenEmail[] = [];
  /** Where the last address read ends, found or not: a separator before it is inside its domain. */
  let readUntil = 0;
  // From the earliest separator whose address may reach into the window.
  AT_SEPARATOR.lastIndex = Math.max(0, from - MAX_SEPARATOR_TO_END);
  for (let match = AT_SEPARATOR.exec(text); match && match.index < to; match = AT_SEPARATOR.exec(text)) {
    // The spaced separators' last space is the next one's first: look again from there.
    if (!OPENING_BRACKETS.includes(text.charCodeAt(match.index)))
      AT_SEPARATOR.lastIndex = match.index + match[0].length - 1;
    const written = addressAround(text, match, context);
    if (!written) continue;
    if (match.index >= from && match.index >= readUntil) found.push(written);
    readUntil = Math.max(readUntil, written.end);
  }
  return found;
}

/**
 * Every address a person can read in a text: plain ones (`extractEmails`, spam markers taken out) and the
 * obfuscated forms, in order of where they start.
 */
export function findEmails(
  text: string,
  from = 0,
  to = text.length,
  context: TextContext = 'text',
): FoundEmail[] {
  const plain = extractEmails(text, from, to).map((found) => {
    const written = text.slice(found.start, found.end);
    if (!SPAM_MARKER.test(written)) return found;
    SPAM_MARKER.lastIndex = 0;
    const cleaned = written
      .replace(SPAM_MARKER, '')
      .replace(/@[.-]+/, '@')
      .replace(/[.-]+$/, '');
    const unspoiled = addressIn(cleaned);
    return unspoiled === null ? found : { ...found, address: unspoiled };
  });
  const obfuscated = extractObfuscatedEmails(text, from, to, context);
  if (obfuscated.length === 0) return plain;
  return [...plain, ...obfuscated.map(({ address, start, end }) => ({ address, start, end }))].sort(
    (a, b) => a.start - b.start,
  );
}
