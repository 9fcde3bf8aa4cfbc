import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { extractEmails } from '#core/email/extract.ts';
import { buildSearchUrl } from '#core/links.ts';
import { parseLookupRequest } from '#server/request-body.ts';

/** Text that looks like what extraction meets: addresses, near-addresses, punctuation, CJK, long runs. */
const emailish = fc.stringMatching(/^[a-zA-Z0-9._%+'@\-:/ <>()"'=.,;!?\u4e00-\u4e10é]{0,200}$/);
/** Text made of the pieces that make extraction work hardest: addresses, dots, @ runs, near-misses. */
const tokenText = fc
  .array(
    fc.constantFrom(
      'a',
      'b.',
      '@',
      '..',
      '.',
      '-',
      ' ',
      'x@y.com',
      'jane@example.com',
      'logo@2x.png',
      '中',
      'é',
      ':',
      '//',
    ),
    { minLength: 20, maxLength: 200 },
  )
  .map((tokens) => tokens.join(''));
const anyText = fc.oneof(fc.string({ unit: 'grapheme', maxLength: 300 }), emailish, tokenText);

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
      fc.property(anyText, fc.array(fc.nat(), { maxLength: 6 }), (text, cuts) => {
        const ends = [...new Set(cuts.map((cut) => cut % (text.length + 1)))].sort((a, b) => a - b);
        const windowed = [...ends, text.length].flatMap((end, i) =>
          extractEmails(text, ends[i - 1] ?? 0, end),
        );
        expect(windowed).toEqual(extractEmails(text));
      }),
      { numRuns: 2_000 },
    );
  });
});

describe('buildSearchUrl, for any query', () => {
  const templates = [
    'https://mail.google.com/mail/#search/%q',
    'https://mail.yahoo.com/d/search/keyword=%q',
    'https://e.mail.ru/search/?q_query=%q',
    'https://app.fastmail.com/mail/search:%q/',
  ];

  it('stays on the template’s origin, and the query round-trips', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...templates),
        fc.string({ unit: 'grapheme', maxLength: 120 }),
        (template, query) => {
          const url = buildSearchUrl(template, query);
          expect(url).not.toBeNull();
          const parsed = new URL(url ?? '');
          expect(parsed.origin).toBe(new URL(template.replace('%q', '')).origin);
          const [before, after] = template.split('%q');
          const href = url ?? '';
          expect(href.startsWith(new URL(before ?? '').href)).toBe(true);
          expect(
            decodeURIComponent(
              href.slice(new URL(before ?? '').href.length, href.length - (after?.length ?? 0)),
            ),
          ).toBe(query);
        },
      ),
      { numRuns: 1_000 },
    );
  });

  it('round-trips through two decodings when the provider decodes twice', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 80 }), (query) => {
        const url = buildSearchUrl('https://mail.yahoo.com/d/search/keyword=%q', query, 'twice') ?? '';
        const encoded = url.slice('https://mail.yahoo.com/d/search/keyword='.length);
        expect(decodeURIComponent(decodeURIComponent(encoded))).toBe(query);
      }),
    );
  });
});

describe('the service’s request parser, for any bytes', () => {
  it('never throws, and accepts only an object with a string email and at most a boolean skip_cache', () => {
    const bodies = fc.oneof(
      fc.uint8Array({ maxLength: 300 }),
      fc.json().map((json) => new TextEncoder().encode(json)),
      fc
        .record({
          email: fc.oneof(fc.emailAddress(), fc.domain(), fc.string()),
          skip_cache: fc.option(fc.boolean(), { nil: undefined }),
        })
        .map((body) => new TextEncoder().encode(JSON.stringify(body))),
    );
    fc.assert(
      fc.property(bodies, (body) => {
        const parsed = parseLookupRequest(body);
        if (parsed === null) return;
        const json = JSON.parse(new TextDecoder().decode(body));
        expect(typeof json.email).toBe('string');
        expect(Object.keys(json).every((key) => key === 'email' || key === 'skip_cache')).toBe(true);
        expect(parsed.domain).toMatch(/^[a-z0-9.-]+$/);
        expect(parsed.skipCache).toBe(json.skip_cache === true);
      }),
      { numRuns: 3_000 },
    );
  });

  it('accepts every syntactically valid address fast-check can make', () => {
    fc.assert(
      fc.property(fc.emailAddress(), (email) => {
        const parsed = parseLookupRequest(new TextEncoder().encode(JSON.stringify({ email })));
        if (email.length <= 254)
          expect(parsed?.domain).toBe(email.slice(email.lastIndexOf('@') + 1).toLowerCase());
      }),
      { numRuns: 1_000 },
    );
  });
});
