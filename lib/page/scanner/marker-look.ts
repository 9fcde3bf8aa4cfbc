import { mayHoldAddress, SHORT_TEXT_LENGTH } from '#core/email/obfuscated.ts';

/**
 * The length of the shortest text that holds an address, `a@b.co`. A shorter text node (the spaces between
 * elements: an eighth of the benchmark page's 24,000) is passed over by its length, without reading its
 * text: making a string of each node's text costs more than finding the node (12.7 ms against 8.9 for the
 * page's nodes in Chromium 156, 10.6 when the short ones are passed over).
 */
export const SHORTEST_ADDRESS_LENGTH = 'a@b.co'.length;

/**
 * A piece of every marker `mayHoldAddress` looks for but the bare `at`: an `@`, a bracket (`[at]`, `(dot)`,
 * `{AT}`), an upper-case `AT` (` AT `, `-AT-`, `_AT_`), or `dot`/`DOT` before a space. Most of it is rare in
 * prose, where a space, which starts several markers, is every sixth character: on the benchmark page's
 * 24,000 text nodes this look took a fifth of the time of `mayHoldAddress`'s own (3 ms against 13 in
 * Chromium 156).
 */
const MARKER_PIECE = /[@[({]|AT|dot |DOT /;

/**
 * Whether a text may hold an address: exactly `mayHoldAddress`, which is asked only where a cheaper look
 * leaves it open. Without a marker piece, only the bare `at` (` at `) is left, and it counts only in a short
 * text or beside `<` or `(` (`mayHoldAddress`); half the benchmark page's text nodes are short, most of them
 * without an `at` at all (a name, a date, a cell).
 */
export function mayHoldAddressQuickly(text: string): boolean {
  return (
    (MARKER_PIECE.test(text) ||
      ((text.length < SHORT_TEXT_LENGTH || text.includes('<')) && text.includes('at'))) &&
    mayHoldAddress(text)
  );
}
