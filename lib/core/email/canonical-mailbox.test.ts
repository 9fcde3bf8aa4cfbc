import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { anyText, itReadsAnyText } from '#test/support/any-text.ts';
import { canonicalMailbox } from './canonical-mailbox.ts';

/** Domains whose rules canonicalMailbox applies; every other domain is custom to it. */
const PROVIDER_DOMAIN =
  /(^|\.)(gmail\.com|googlemail\.com|proton\.me|protonmail\.com|protonmail\.ch|pm\.me|fastmail\.com|fastmail\.fm)$/i;

/** Addresses of every shape the rules read: tags, dots, case, provider and custom domains, subdomains. */
const address = fc
  .tuple(
    fc.stringMatching(/^[A-Za-z0-9.+_ -]{0,12}$/),
    fc.constantFrom(
      'gmail.com',
      'GoogleMail.com',
      'proton.me',
      'pm.me',
      'fastmail.com',
      'jane.fastmail.fm',
      'jane-doe.fastmail.com',
      'acme.com',
      'Example.ORG',
      'gmail.com.evil.example',
    ),
  )
  .map(([local, domain]) => `${local}@${domain}`);

describe('canonicalMailbox', () => {
  it('gives one spelling for the spellings of one Gmail mailbox', () => {
    for (const spelling of [
      'Jane.Doe+news@googlemail.com',
      'janedoe@gmail.com',
      'j.a.n.e.d.o.e@GMAIL.COM',
      'JANEDOE+a+b@gmail.com',
      '  jane.doe@gmail.com ',
    ]) {
      expect(canonicalMailbox(spelling), spelling).toBe('janedoe@gmail.com');
    }
  });

  it('removes only the +tag at Proton and keeps each Proton domain apart', () => {
    expect(canonicalMailbox('jane.doe+shop@proton.me')).toBe('jane.doe@proton.me');
    expect(canonicalMailbox('Jane+x@PM.ME')).toBe('Jane@pm.me');
    expect(canonicalMailbox('jane@protonmail.com')).toBe('jane@protonmail.com');
  });

  it("reads Fastmail's plus and subdomain addressing", () => {
    expect(canonicalMailbox('jane+hiking@fastmail.com')).toBe('jane@fastmail.com');
    expect(canonicalMailbox('hiking@jane.fastmail.com')).toBe('jane@fastmail.com');
    expect(canonicalMailbox('hiking+x@Jane.FastMail.fm')).toBe('jane@fastmail.fm');
    // A hyphen there may stand for an underscore in the username: not guessed.
    expect(canonicalMailbox('hiking@jane-doe.fastmail.com')).toBe('hiking@jane-doe.fastmail.com');
    expect(canonicalMailbox('hiking@a.jane.fastmail.com')).toBe('hiking@a.jane.fastmail.com');
  });

  it.each([
    'Jane.Doe+news@outlook.com',
    'Jane.Doe+news@yahoo.com',
    'Jane.Doe+news@icloud.com',
    'Jane.Doe+news@gmx.de',
    'Jane.Doe+news@yandex.ru',
  ])('keeps %s as written (no documented rule), with its domain lower-cased', (spelling) => {
    expect(canonicalMailbox(spelling)).toBe(spelling);
    expect(
      canonicalMailbox(spelling.replace(/@(.*)$/, (_m, domain: string) => `@${domain.toUpperCase()}`)),
    ).toBe(spelling);
  });

  it('keeps the local part of a custom domain, even one that a Google mailbox serves', () => {
    expect(canonicalMailbox('Jane.Doe+news@Acme.COM')).toBe('Jane.Doe+news@acme.com');
    expect(canonicalMailbox('jane.doe@gmail.com.evil.example')).toBe('jane.doe@gmail.com.evil.example');
  });

  it.each([
    ['', ''],
    ['  jane  ', 'jane'],
    ['@gmail.com', '@gmail.com'],
    ['jane@', 'jane@'],
    ['+news@gmail.com', '+news@gmail.com'],
    ['...@GoogleMail.com', '...@googlemail.com'],
  ])('gives %j back trimmed when no mailbox is left to name: %j', (input, expected) => {
    expect(canonicalMailbox(input)).toBe(expected);
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(fc.oneof(address, anyText), (input) => {
        const once = canonicalMailbox(input);
        expect(canonicalMailbox(once)).toBe(once);
      }),
      { numRuns: 3000 },
    );
  });

  it("never changes a custom domain's local part", () => {
    fc.assert(
      fc.property(
        anyText.filter((local) => local.length > 0),
        fc.domain(),
        (local, domain) => {
          fc.pre(!PROVIDER_DOMAIN.test(domain) && local.trim() === local && !local.startsWith('@'));
          expect(canonicalMailbox(`${local}@${domain}`)).toBe(`${local}@${domain.toLowerCase()}`);
        },
      ),
      { numRuns: 3000 },
    );
  });

  itReadsAnyText(canonicalMailbox, 'string', [
    ['J.a+', (repeated) => `${repeated}@gmail.com`],
    ['a.b@'],
    [' '],
  ]);
});
