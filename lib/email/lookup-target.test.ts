import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { domainAndParents, toAsciiDomain, toAsciiDomainByUrl } from './domain.ts';
import { parseLookupTarget } from './lookup-target.ts';

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

describe('toAsciiDomain', () => {
  it('maps full-width characters and case the way browsers do (UTS #46)', () => {
    expect(toAsciiDomain('ＧＭＡＩＬ.com')).toBe('gmail.com');
  });

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
});
