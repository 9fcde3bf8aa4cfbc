import { describe, expect, it } from 'vitest';
import { findEmails, mayHoldAddress, SHORT_TEXT_LENGTH } from '#core/email/obfuscated.ts';
import { mayHoldAddressQuickly, SHORTEST_ADDRESS_LENGTH } from './marker-look.ts';

/**
 * The email core's markers are a word between separators (`[at]`, `( at )`, ` AT `, `-AT-`, ` dot `, the
 * bare ` at `) or an `@`: every word below between any two separators, a space or none on either side,
 * meets each marker and its near misses. A marker written with other characters needs them here.
 */
const SEPARATORS = ['', ' ', '\u00a0', '-', '_', '.', '[', ']', '(', ')', '{', '}', '<', '>', '@'];
const SPACES = ['', ' '];
const WORDS = ['at', 'AT', 'At', 'aT', 'dot', 'DOT', 'Dot', 'x'];
const PIECES = SEPARATORS.flatMap((before) =>
  SPACES.flatMap((left) =>
    WORDS.flatMap((word) =>
      SPACES.flatMap((right) => SEPARATORS.map((after) => `${before}${left}${word}${right}${after}`)),
    ),
  ),
);
/** Prose long enough that the bare `at` no longer counts in it unless a bracket is near. */
const LONG_PROSE = 'Plain words of a sentence that goes on and on. '.repeat(2);

describe('the quick look for addresses', () => {
  it('answers as mayHoldAddress for each marker and near miss, alone and inside long prose', () => {
    const disagreements = PIECES.flatMap((piece) => [piece, `${LONG_PROSE}${piece}${LONG_PROSE}`]).filter(
      (text) => mayHoldAddressQuickly(text) !== mayHoldAddress(text),
    );
    expect(disagreements).toEqual([]);
  });

  it('finds each written form in a long text, and passes over long prose', () => {
    const prose = 'We met at the station and talked about the data at length. '.repeat(2);
    expect(prose.length).toBeGreaterThan(SHORT_TEXT_LENGTH);
    expect(mayHoldAddressQuickly(prose)).toBe(false);
    for (const written of [
      'jane@example.com',
      'jane [at] example',
      'jane AT example DOT com',
      'jane at example dot com',
      'jane-AT-example',
      '(jane at example.com)',
    ])
      expect(mayHoldAddressQuickly(`${prose}${written}`), written).toBe(true);
    expect(mayHoldAddressQuickly('pippin at gimp.org')).toBe(true);
  });

  it('finds no address in any text shorter than the shortest, and one in the shortest', () => {
    // Every text of up to that length over what the shortest addresses are written with.
    const alphabet = [...'a@.co(t) '];
    let texts = [''];
    const found: string[] = [];
    for (let length = 1; length < SHORTEST_ADDRESS_LENGTH; length++) {
      texts = texts.flatMap((text) => alphabet.map((character) => `${text}${character}`));
      for (const text of texts) if (findEmails(text, 0, text.length).length > 0) found.push(text);
    }
    expect(found).toEqual([]);
    expect(findEmails('a@b.co', 0, 6).map((hit) => hit.address)).toEqual(['a@b.co']);
  });
});
