/** Which texts the scanner reads: by their place on the page, and by what they hold. */
import { ADDRESS_MARKERS, BARE_AT_MARKERS, SHORT_TEXT_LENGTH } from '@/lib/email/obfuscated.ts';

/**
 * Elements whose text, always their own child text, is never read: code, styles, form fields, and titles
 * (the document's, shown in the tab strip, where Gmail puts the person's own address; an SVG's tooltip),
 * which cannot be hovered or underlined. Checking
 * the parent's name costs a tenth of `closest()` over a selector list (measured on the benchmark page).
 */
const TEXT_SKIPPING_PARENTS: ReadonlySet<string> = new Set([
  'script',
  'style',
  'noscript',
  'textarea',
  'option',
  'template',
  'title',
]);

/**
 * Whether a text's place keeps it from being read: a skipped parent, or an editable region (the person's
 * draft, not the page's), where the nearest `contenteditable` decides, as `false` makes a read-only island.
 */
export function isSkippedText(parent: Element): boolean {
  if (TEXT_SKIPPING_PARENTS.has(parent.localName)) return true;
  const editable = parent.closest('[contenteditable]');
  return editable !== null && editable.getAttribute('contenteditable')?.toLowerCase() !== 'false';
}

/** Any of the markers, each character not a letter, a digit or `_` escaped. */
const anyOf = (markers: readonly string[]) =>
  new RegExp(markers.map((marker) => marker.replace(/\W/g, '\\$&')).join('|'));
const MARKER = anyOf(ADDRESS_MARKERS);
const BARE_AT = anyOf(BARE_AT_MARKERS);

/**
 * Whether a text may hold an address, judged as `mayHoldAddress` (lib/email/obfuscated.ts) judges it, by a
 * regular expression for all its markers: every text node of the page is judged here, and searching the
 * text once per marker took 4x as long (105-230 ms for the benchmark page's, against 34).
 */
export function hasAddressMarker(text: string): boolean {
  return (
    MARKER.test(text) ||
    ((text.length < SHORT_TEXT_LENGTH || text.includes('<') || text.includes('(')) && BARE_AT.test(text))
  );
}
