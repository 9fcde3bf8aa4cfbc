import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildSearchUrl } from './links.ts';

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
