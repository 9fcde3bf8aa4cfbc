import { describe, expect, it } from 'vitest';
import { domainAndParents, toAsciiDomain } from './domain.ts';
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
});

describe('toAsciiDomain', () => {
  it('maps full-width characters and case the way browsers do (UTS #46)', () => {
    expect(toAsciiDomain('ＧＭＡＩＬ.com')).toBe('gmail.com');
  });

  it('keeps an existing punycode label', () => {
    expect(toAsciiDomain('xn--bcher-kva.de')).toBe('xn--bcher-kva.de');
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
