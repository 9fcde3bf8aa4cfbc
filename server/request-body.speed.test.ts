import { describe, it } from 'vitest';
import { expectLinearForAll, GROWTH } from '#test/support/linear-time.ts';
import { MAX_BODY_BYTES, parseLookupRequest } from './request-body.ts';

/**
 * A lookup's body is a stranger's text, parsed on every request: 4× the body may cost at most 6× the time
 * (test/support/linear-time.ts). The service parses at most MAX_BODY_BYTES, so each body measured is cut to
 * the share of the measure's text (which grows to 64K characters, then GROWTH times that) that ends at
 * MAX_BODY_BYTES: 2 KiB and 8 KiB, still GROWTH apart. Past that, one string of 256K characters costs V8
 * several times more per character to make (a large object), which says nothing about the parse.
 */
const SHARE_MEASURED = (GROWTH * 64 * 1024) / MAX_BODY_BYTES;
const encoder = new TextEncoder();
const parse = (body: string) => parseLookupRequest(encoder.encode(body));
const cut = (text: string) => text.slice(0, Math.ceil(text.length / SHARE_MEASURED));

/** JSON's own delimiters and escapes, and the words and values a lookup body holds. */
const JSON_PIECES = [
  '{',
  '}',
  '[',
  ']',
  '"',
  '\\',
  ':',
  ',',
  ' ',
  '1',
  '-',
  '.',
  'e',
  'true',
  'null',
  '"email"',
  '\\u00e9',
  'é',
];
/** What an address or a domain is made of, and what may not stand in one. */
const ADDRESS_PIECES = [
  '@',
  '.',
  '-',
  'a',
  'A',
  '1',
  '"',
  '\\',
  ' ',
  'xn--',
  '。',
  'é',
  '\u00ad',
  '%',
  '/',
  ':',
  '[',
  '+',
];

describe('parsing a lookup body', () => {
  it('costs time linear in the body, whatever JSON it is made of', () => {
    expectLinearForAll(parse, JSON_PIECES, { wrap: cut });
    expectLinearForAll(parse, JSON_PIECES, { wrap: (text) => `{"email": "a@b.com", "x": ${cut(text)}}` });
  });

  it('costs time linear in the address or domain asked about', () => {
    for (const frame of [
      (text: string) => text,
      (text: string) => `${text}@gmail.com`,
      (text: string) => `jane@${text}`,
    ])
      expectLinearForAll(parse, ADDRESS_PIECES, {
        wrap: (text) => JSON.stringify({ email: frame(cut(text)) }),
      });
  });
});
