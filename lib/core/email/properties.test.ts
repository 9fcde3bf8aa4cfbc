import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EXTRACTION_PIECES } from '#test/fixtures/extraction-pieces.ts';
import { extractEmails } from './extract.ts';
import { findEmails } from './obfuscated.ts';

/** Text that looks like what extraction meets: addresses, near-addresses, punctuation, CJK, long runs. */
const emailish = fc.stringMatching(/^[a-zA-Z0-9._%+'@\-:/ <>()"'=.,;!?\u4e00-\u4e10é]{0,200}$/);
/** Text made of the pieces that make extraction work hardest, and a whole address among them. */
const tokenText = fc
  .array(fc.constantFrom(...EXTRACTION_PIECES, 'jane@example.com', 'é'), { minLength: 20, maxLength: 200 })
  .map((tokens) => tokens.join(''));
const anyText = fc.oneof(fc.string({ unit: 'grapheme', maxLength: 300 }), emailish, tokenText);
/**
 * Text whose addresses reach as far as the reading of an `@` may: a local part of 64 characters and one of
 * 65, a domain of 253 and one of 254, a URL's `//` 100 characters back, a port after a domain.
 */
const reachingText = fc
  .array(
    fc.constantFrom(
      ...[
        ' ',
        'jane',
        '@',
        'x@',
        '.com',
        ':8080/',
        ':',
        '/',
        'a'.repeat(64),
        'a'.repeat(65),
        `//${'a'.repeat(90)}/`,
      ],
      ...[`${'ab.'.repeat(83)}com`, `${'ab.'.repeat(83)}comx`, `${'a'.repeat(60)}.Thanks`, 'logo@2x.png'],
    ),
    { minLength: 1, maxLength: 30 },
  )
  .map((tokens) => tokens.join(''));

/**
 * Where windows end: near the places `pattern` matches (where an address may hang), each picked by a number
 * and moved by an offset, or anywhere when none is picked. In order, each once.
 */
const cutsNear = fc.array(fc.tuple(fc.nat(), fc.integer({ min: -300, max: 300 })), { maxLength: 8 });
function windowEnds(text: string, cuts: readonly [number, number][], pattern: RegExp): number[] {
  const anchors = [...text.matchAll(pattern)].map((match) => match.index);
  const ends = cuts.map(([pick, offset]) => {
    const anchor = anchors[pick % (anchors.length + 1)];
    return anchor === undefined
      ? pick % (text.length + 1)
      : Math.min(text.length, Math.max(0, anchor + offset));
  });
  return [...new Set(ends)].sort((a, b) => a - b);
}

describe('extractEmails, for any text', () => {
  it('never throws, and every match is the input at its offsets, with a lower-case domain', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        for (const found of extractEmails(text)) {
          const written = text.slice(found.start, found.end);
          const at = written.lastIndexOf('@');
          expect(found.address).toBe(`${written.slice(0, at)}@${written.slice(at + 1).toLowerCase()}`);
          expect(found.start).toBeLessThan(found.end);
        }
      }),
      { numRuns: 2_000 },
    );
  });

  it('finds matches in order, without overlap', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const found = extractEmails(text);
        for (let i = 1; i < found.length; i++)
          expect(found[i]?.start).toBeGreaterThanOrEqual(found[i - 1]?.end ?? 0);
      }),
    );
  });

  it('finds the same read window by window as read whole, wherever the windows end', () => {
    fc.assert(
      fc.property(fc.oneof(anyText, reachingText), cutsNear, (text, cuts) => {
        const ends = windowEnds(text, cuts, /@/g);
        const windowed = [...ends, text.length].flatMap((end, i) =>
          extractEmails(text, ends[i - 1] ?? 0, end),
        );
        expect(windowed).toEqual(extractEmails(text));
      }),
      { numRuns: 2_000 },
    );
  });
});

/** A written dot with the most white space (64) at each of its four places. */
const longestDot = `${' '.repeat(64)}[${' '.repeat(64)}dot${' '.repeat(64)}]${' '.repeat(64)}`;
/**
 * Addresses written for people, built from parts that reach as far as a separator's reading may (a local
 * part spans at most 128 characters as written, a gap 64, a domain 506; a separator inside the domain of an
 * earlier one is part of it): a window that ends near one must read what lies beyond it.
 */
const writtenAddress = fc
  .tuple(
    fc.constantFrom(
      '',
      ' ',
      '\n',
      ' '.repeat(60),
      ' '.repeat(70),
      '-'.repeat(100),
      '-'.repeat(150),
      'a'.repeat(70),
      '<',
      '(',
    ),
    fc.constantFrom('jane', 'jane.doe', 'a minus b', 'srfi [minus] editors', 'X', 'a'.repeat(64), 'x-AT-a'),
    fc.constantFrom(
      ' at ',
      ' AT ',
      '[at]',
      ' (at) ',
      '-AT-',
      '_AT_',
      ' @ ',
      `[${' '.repeat(60)}at ]`,
      `\n${' '.repeat(62)}at `,
    ),
    fc.constantFrom(
      'example.com',
      'example dot com',
      'example [dot] org',
      'a-AT-b.com',
      'x-AT-a.b-AT-c.com',
      `${'ab.'.repeat(80)}com`,
      `${'a.'.repeat(130)}com`,
      `a${' dot a'.repeat(150)}`,
      // A domain past the reach of a local part's walk back (400 characters), covering a separator far from
      // its own, whose local part stops at the domain's wide written dots.
      `a${`${' '.repeat(8)}dot${' '.repeat(8)}a`.repeat(20)}-AT-c.com`,
      // A last label that ends 460 characters in, near the most a domain may span, then the longest written
      // dot: read past the domain's end, it makes the domain too long.
      `a${`${' '.repeat(20)}[dot]${' '.repeat(20)}b`.repeat(9)}.${'c'.repeat(40)}.com${longestDot}b.com`,
    ),
    fc.constantFrom('', ' ', '>', ')', ' '.repeat(63), ' '.repeat(70), '.', ' and more'),
  )
  .map((parts) => parts.join(''));
const filler = fc.constantFrom(' ', 'word ', 'jane@example.com ', '-AT-', 'w'.repeat(1500), 'a.'.repeat(200));
const writtenText = fc
  .array(fc.oneof(writtenAddress, filler), { minLength: 1, maxLength: 12 })
  .map((parts) => parts.join(''));

describe('findEmails, for any text', () => {
  it('finds the same read window by window as read whole, written forms too, wherever the windows end', () => {
    const inOrder = (found: ReturnType<typeof findEmails>) =>
      found.map(({ address, start, end }) => `${start} ${end} ${address}`).sort();
    fc.assert(
      fc.property(fc.oneof(writtenText, reachingText), cutsNear, (text, cuts) => {
        // Near what may start an address: `@`, `at` and `AT`, a bracket.
        const ends = windowEnds(text, cuts, /@|at|AT|\[/g);
        const windowed = [...ends, text.length].flatMap((end, i) => findEmails(text, ends[i - 1] ?? 0, end));
        // A window's written addresses may start before its plain ones: the scanner keeps them in any order.
        expect(inOrder(windowed)).toEqual(inOrder(findEmails(text)));
      }),
      { numRuns: 1_000 },
    );
  });
});
