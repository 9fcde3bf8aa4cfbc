import { extractEmails, type FoundEmail, isEmailAddress } from './extract.ts';

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
 * The separators people write for `@`, found by one search: a bracketed `at` or `@` (`[at]`, `(AT)`,
 * `{at}`), `-AT-`, a spaced `at`, or a spaced `@`.
 */
const AT_SEPARATOR = /[[({<]\s*(?:[aA][tT]|@)\s*[\])}>]|[-_]AT[-_]|\s(?:at|AT|At)\s|\s@|@\s/g;
/** The separators people write for a dot in an address, at a place (`y`). */
const WRITTEN_DOT = /\s*[[({<]\s*(?:dot|DOT|Dot)\s*[\])}>]\s*|\s+(?:dot|DOT|Dot)\s+/y;
/**
 * What people write for the characters of a local part, just before an atom: a dot, and in local parts a
 * hyphen or an underscore too (`srfi minus editors at srfi dot schemers dot org`).
 */
const WRITTEN_LOCAL_CHARACTER =
  /(?:\s*[[({<]\s*(dot|minus|dash|hyphen|underscore)\s*[\])}>]\s*|\s+(dot|minus|dash|hyphen|underscore)\s+)$/i;
const CHARACTER_OF_WORD: Record<string, string> = {
  dot: '.',
  minus: '-',
  dash: '-',
  hyphen: '-',
  underscore: '_',
};
const LABEL = /[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?/y;
const LOCAL_CHARACTER = /[A-Za-z0-9._%+'-]/;
/** Any white space: a text node's line breaks render as spaces, and an address may be wrapped across them. */
const SPACE = /\s/;

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

/** The domain that starts at `from`: labels joined by dots or written dots, at least two. */
function domainAt(text: string, from: number): Part | null {
  const labels: string[] = [];
  let index = from;
  let writtenDot = false;
  for (;;) {
    LABEL.lastIndex = index;
    const label = LABEL.exec(text);
    if (!label) break;
    labels.push(label[0]);
    index = LABEL.lastIndex;
    if (text[index] === '.' && /[A-Za-z0-9]/.test(text[index + 1] ?? '')) {
      index++;
      continue;
    }
    WRITTEN_DOT.lastIndex = index;
    const dot = WRITTEN_DOT.exec(text);
    if (!dot) break;
    LABEL.lastIndex = WRITTEN_DOT.lastIndex;
    if (!LABEL.test(text)) break;
    writtenDot = true;
    index = WRITTEN_DOT.lastIndex;
  }
  if (labels.length < 2) return null;
  return { text: labels.join('.'), start: from, end: index, writtenDot };
}

/** The local part that ends at `end`: local characters, and atoms joined by written characters. */
function localBefore(text: string, end: number): Part | null {
  let start = end;
  let writtenDot = false;
  let local = '';
  for (;;) {
    let atomStart = start;
    while (atomStart > 0 && LOCAL_CHARACTER.test(text[atomStart - 1] ?? '')) atomStart--;
    if (atomStart === start) break;
    local = text.slice(atomStart, start) + local;
    start = atomStart;
    const written = WRITTEN_LOCAL_CHARACTER.exec(text.slice(Math.max(0, start - 16), start));
    if (!written) break;
    const writtenStart = start - written[0].length;
    if (writtenStart <= 0 || !LOCAL_CHARACTER.test(text[writtenStart - 1] ?? '')) break;
    local = (CHARACTER_OF_WORD[(written[1] ?? written[2] ?? '').toLowerCase()] ?? '.') + local;
    start = writtenStart;
    writtenDot = true;
  }
  // Leading punctuation belongs to the sentence: "'jane [at] x.com'".
  const lead = /^[.'-]*/.exec(local)?.[0].length ?? 0;
  if (lead === local.length) return null;
  return { text: local.slice(lead), start: start + lead, end, writtenDot };
}

/** Whether a bare `at` (or a spaced `@`) between these parts is an address and not prose. */
function isListForm(text: string, local: Part, domain: Part, context: TextContext, spaced: boolean): boolean {
  if (context === 'address') return true;
  // "jane at example dot com": written dots are not prose.
  if (domain.writtenDot || local.writtenDot) return !PROSE_BEFORE_AT.has(local.text.toLowerCase());
  // A site's name in prose is capitalised ("Sports at IBTimes.com"); an address's domain is not.
  if (/[A-Z]/.test(domain.text)) return false;
  const before = text.slice(0, local.start).trimEnd();
  const after = text.slice(domain.end).trimStart();
  // The whole of its text (a link, a list item: "pippin at gimp.org"), or in brackets as a mail header's.
  if (before === '' && after === '') return true;
  if ((before.endsWith('<') && after.startsWith('>')) || (before.endsWith('(') && after.startsWith(')')))
    return true;
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

/**
 * The addresses written in the obfuscated forms whose separator starts in `[from, to)`, judged in the
 * whole text (as `extractEmails` does, so a text read in windows finds what one reading finds).
 */
export function extractObfuscatedEmails(
  text: string,
  from = 0,
  to = text.length,
  context: TextContext = 'text',
): WrittenEmail[] {
  const found: WrittenEmail[] = [];
  AT_SEPARATOR.lastIndex = from;
  for (let match = AT_SEPARATOR.exec(text); match && match.index < to; match = AT_SEPARATOR.exec(text)) {
    const separator = match[0];
    const bracketed = /^[[({<]/.test(separator);
    const form: WrittenForm = bracketed
      ? 'brackets'
      : separator.includes('@')
        ? 'spaced'
        : /^[-_]/.test(separator)
          ? 'words'
          : 'list';
    // Spaces around the separator belong to it: the local part ends before them, the domain starts after.
    let localEnd = match.index;
    while (localEnd > 0 && SPACE.test(text[localEnd - 1] ?? '')) localEnd--;
    let domainStart = match.index + separator.length;
    while (SPACE.test(text[domainStart] ?? '')) domainStart++;
    // The spaced separators' last space is the next one's first: look again from there.
    if (!bracketed) AT_SEPARATOR.lastIndex = match.index + separator.length - 1;
    const local = localBefore(text, localEnd);
    const domain = domainAt(text, domainStart);
    if (!local || !domain) continue;
    const upperAt = form === 'list' && separator.trim() === 'AT';
    if ((upperAt || form === 'words') && isShouting(local, domain)) continue;
    if ((form === 'list' && !upperAt) || form === 'spaced') {
      if (!isListForm(text, local, domain, context, form === 'spaced')) continue;
    }
    const address = `${local.text}@${domain.text.toLowerCase()}`;
    if (!isEmailAddress(address)) continue;
    const words = upperAt || domain.writtenDot || local.writtenDot;
    found.push({
      address,
      start: local.start,
      end: domain.end,
      form: bracketed ? 'brackets' : words ? 'words' : form,
    });
    AT_SEPARATOR.lastIndex = domain.end;
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
    const [unspoiled] = extractEmails(cleaned);
    return unspoiled && unspoiled.start === 0 && unspoiled.end === cleaned.length
      ? { ...found, address: unspoiled.address }
      : found;
  });
  const obfuscated = extractObfuscatedEmails(text, from, to, context);
  if (obfuscated.length === 0) return plain;
  return [...plain, ...obfuscated.map(({ address, start, end }) => ({ address, start, end }))].sort(
    (a, b) => a.start - b.start,
  );
}
