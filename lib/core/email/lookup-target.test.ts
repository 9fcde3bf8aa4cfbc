import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toAsciiDomain, toAsciiDomainByUrl } from './domain.ts';
import { parseLookupTarget } from './lookup-target.ts';
import { domainAndParents } from './parent-domains.ts';

describe('parseLookupTarget', () => {
  it.each([
    ['jane@gmail.com', 'gmail.com'],
    ['gmail.com', 'gmail.com'],
    ['Jane.Doe@GMAIL.COM', 'gmail.com'],
    ['user@gmail.com.', 'gmail.com'],
    ['jane+news@mail.company.co.uk', 'mail.company.co.uk'],
    ['josé@bücher.de', 'xn--bcher-kva.de'],
    ['用户@例子.广告', 'xn--fsqu00a.xn--4rr70v'],
    ['"john doe"@example.com', 'example.com'],
    ['  padded.example  ', 'padded.example'],
  ])('reads %s as the domain %s', (input, domain) => {
    expect(parseLookupTarget(input)).toEqual({ domain });
  });

  it.each([
    '',
    '@',
    'a@',
    '@gmail.com',
    'john..doe@gmail.com',
    'a@b@gmail.com',
    'localhost',
    'a@localhost',
    'a@127.0.0.1',
    'a@[127.0.0.1]',
    'a@-bad.com',
    'a@bad-.com',
    'a@gmail..com',
    'http://gmail.com',
    'gmail.com:25',
    'a@%67mail.com',
    'a b@gmail.com',
    `${'a'.repeat(65)}@gmail.com`,
  ])('rejects %j', (input) => {
    expect(parseLookupTarget(input)).toBeNull();
  });

  it.each([
    ['64 ASCII characters', 'a'.repeat(64), true],
    ['32 two-octet letters (64 octets)', 'é'.repeat(32), true],
    ['33 two-octet letters (66 octets)', 'é'.repeat(33), false],
    ['21 three-octet letters (63 octets)', '中'.repeat(21), true],
    ['22 three-octet letters (66 octets)', '中'.repeat(22), false],
    ['16 four-octet letters (64 octets)', '𝒜'.repeat(16), true],
    ['17 four-octet letters (68 octets)', '𝒜'.repeat(17), false],
  ])('counts a local part of %s in UTF-8 octets', (_case, local, accepted) => {
    expect(parseLookupTarget(`${local}@gmail.com`)).toEqual(accepted ? { domain: 'gmail.com' } : null);
  });
});

describe('parseLookupTarget, the local part and the length', () => {
  it('takes an address of up to 254 characters, the longest a mail path holds', () => {
    const local = 'a'.repeat(64);
    const domain = (length: number) => `${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(length - 132)}.com`;
    expect(`${local}@${domain(189)}`).toHaveLength(254);
    expect(parseLookupTarget(`${local}@${domain(189)}`)).toEqual({ domain: domain(189) });
    expect(parseLookupTarget(`${local}@${domain(190)}`)).toBeNull();
  });

  it.each([
    ['every atext sign', "!#$%&'*+/=?^_`{|}~-@example.com"],
    ['digits and marks in every atom', '0ñ̃.1ñ̃@example.com'],
    ['a quoted local part with an escaped quote', '"jane \\"jd\\" doe"@example.com'],
  ])('takes a local part of %s', (_case, input) => {
    expect(parseLookupTarget(input)).toEqual({ domain: 'example.com' });
  });

  it.each([
    ['an empty atom at the end', 'jane.@example.com'],
    ['a space', 'jane doe@example.com'],
    ['an unescaped quote inside quotes', '"jane"doe"@example.com'],
    ['a line break inside quotes', '"jane\ndoe"@example.com'],
    ['an escaped line break inside quotes', '"jane\\\ndoe"@example.com'],
    ['quotes around only part of it', '"jane"doe@example.com'],
    ['a quote that is not closed', '"jane@example.com'],
  ])('refuses a local part with %s', (_case, input) => {
    expect(parseLookupTarget(input)).toBeNull();
  });
});

describe('toAsciiDomain', () => {
  it('maps full-width characters and case the way browsers do (UTS #46)', () => {
    expect(toAsciiDomain('ＧＭＡＩＬ.com')).toBe('gmail.com');
  });

  it('keeps a domain of up to 253 characters, and a last label that starts with a digit', () => {
    const longest = `${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(57)}.com`;
    const tooLong = `${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(58)}.com`;
    expect(longest).toHaveLength(253);
    expect(tooLong).toHaveLength(254);
    expect(toAsciiDomain(longest)).toBe(longest);
    expect(toAsciiDomain(tooLong)).toBeNull();
    expect(toAsciiDomainByUrl(longest)).toBe(longest);
    expect(toAsciiDomainByUrl(tooLong)).toBeNull();
    expect(toAsciiDomain('example.1a')).toBe('example.1a');
    expect(toAsciiDomainByUrl('10.0.0.10')).toBeNull();
  });

  it('refuses input over four times the longest domain, whatever it maps to', () => {
    // Soft hyphens map to nothing: the URL parser would make gmail.com of this.
    expect(toAsciiDomainByUrl(`${'\u00ad'.repeat(1_010)}gmail.com`)).toBeNull();
    expect(toAsciiDomainByUrl(`${'\u00ad'.repeat(1_003)}gmail.com`)).toBe('gmail.com');
  });

  it.each([' ', '/', '\\', '?', '#', '%', '@', ':', '[', ']', '<', '>', '^', '|', '"', "'", '`', '{', '}'])(
    'refuses a host with %j in it',
    (sign) => {
      expect(toAsciiDomainByUrl(`gm${sign}ail.com`)).toBeNull();
    },
  );

  it('keeps an existing punycode label', () => {
    expect(toAsciiDomain('xn--bcher-kva.de')).toBe('xn--bcher-kva.de');
  });

  /** Hosts at the edges of the plain ASCII shortcut: IDN labels, numbers the URL parser reads as IPv4, limits. */
  const edgeHosts = [
    'gmail.com',
    'mail.company.co.uk',
    'a.b',
    'a.0x10',
    'a.0x',
    'a.0xg',
    'a.1',
    'a.1a',
    '1.a',
    'a.b1',
    '0x10.com',
    '1.2.3.4',
    'xn--bcher-kva.de',
    'xn--a.com',
    'a.xn--b',
    'a.xn--bcher-kva',
    'xn-a.com',
    'ab--cd.com',
    '-a.com',
    'a-.com',
    'a.-com',
    'a..com',
    '.a.com',
    'GMAIL.com',
    'bücher.de',
    'a_b.com',
    `${'a'.repeat(63)}.com`,
    `${'a'.repeat(64)}.com`,
    `${'abc.'.repeat(62)}com`,
    `${'abc.'.repeat(62)}co`,
    `${'abc.'.repeat(62)}comm`,
  ];
  /** Hosts made of the pieces that decide between the paths. */
  const tokenHosts = fc
    .array(fc.constantFrom('a', 'z', 'x', 'n', '0', '9', '-', '.', 'xn--', '0x', 'A', 'ü', '_'), {
      minLength: 1,
      maxLength: 24,
    })
    .map((tokens) => tokens.join(''));

  it.each(edgeHosts)('gives %j the answer of the URL parser path', (host) => {
    expect(toAsciiDomain(host)).toBe(toAsciiDomainByUrl(host));
  });

  it('gives every host the answer of the URL parser path', () => {
    fc.assert(
      fc.property(fc.oneof(tokenHosts, fc.stringMatching(/^[a-z0-9.-]{1,80}$/)), (host) => {
        fc.pre(!host.endsWith('.'));
        expect(toAsciiDomain(host)).toBe(toAsciiDomainByUrl(host));
      }),
      { numRuns: 20_000 },
    );
  });
});

describe('domainAndParents', () => {
  it('walks up to the registrable domain and never to a public suffix', () => {
    expect(domainAndParents('a.b.mail.company.co.uk')).toEqual([
      'a.b.mail.company.co.uk',
      'b.mail.company.co.uk',
      'mail.company.co.uk',
      'company.co.uk',
    ]);
    expect(domainAndParents('gmail.com')).toEqual(['gmail.com']);
  });

  it('walks past a private suffix such as github.io, which is no mail domain’s boundary', () => {
    expect(domainAndParents('mail.jane.github.io')).toEqual([
      'mail.jane.github.io',
      'jane.github.io',
      'github.io',
    ]);
  });
});
