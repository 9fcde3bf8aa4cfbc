import { describe, expect, it } from 'vitest';
import { parseMailto } from './mailto.ts';

describe('parseMailto: every form a browser hands to a mail program', () => {
  it.each([
    ['mailto:jane@example.com', ['jane@example.com']],
    ['MAILTO:Jane@EXAMPLE.com?subject=Hi&body=x', ['Jane@example.com']],
    ['mailto:jane%40example.com', ['jane@example.com']],
    ['mailto:redaktion%40mac%2Dand%2Di.de', ['redaktion@mac-and-i.de']],
    ['mailto:%20julia.horowitz@turner.com', ['julia.horowitz@turner.com']],
    ['mailto:jane+news@example.com', ['jane+news@example.com']],
    ['mailto:a@example.com,b@example.org', ['a@example.com', 'b@example.org']],
    [
      'mailto:voicers@example.com?cc=mwagner@example.com&subject=Michelle%20Obama',
      ['voicers@example.com', 'mwagner@example.com'],
    ],
    ['mailto:?to=jane@example.com&bcc=boss@example.com&subject=x', ['jane@example.com', 'boss@example.com']],
    ['mailto:Peter S Galbraith <psg@debian.org>', ['psg@debian.org']],
    ['mailto:%22Jane%20Doe%22%20%3Cjane@example.com%3E', ['jane@example.com']],
    ['mailto:acho at telus dot net', ['acho@telus.net']],
    ['mailto:welch at acm.org', ['welch@acm.org']],
    ['mailto:wireshark-dev%5BAT%5Dwireshark.org', ['wireshark-dev@wireshark.org']],
    ['mailto:arnaud.champion%20AT%20devatom.fr', ['arnaud.champion@devatom.fr']],
    [
      'mailto:srfi%20minus%20editors%20at%20srfi%20dot%20schemers%20dot%20org',
      ['srfi-editors@srfi.schemers.org'],
    ],
    ['mailto:%7Eemersion%2Fsoju-dev@lists.sr.ht', ['~emersion/soju-dev@lists.sr.ht']],
    ['mailto:?cc=customer/department=shipping@example.com', ['customer/department=shipping@example.com']],
    ['mailto:?subject=Read%20this&body=https%3A%2F%2Fexample.com', []],
    ['mailto:%E0%A4%A@example.com', []],
    ['mailto:not-an-address', []],
    ['https://example.com', []],
  ])('%s', (href, expected) => {
    expect(parseMailto(href)).toEqual(expected);
  });

  it('takes no address from the subject or the body', () => {
    expect(parseMailto('mailto:jane@example.com?subject=Hello&body=Write%20to%20bob@example.org')).toEqual([
      'jane@example.com',
    ]);
  });

  it('takes the recipients of to= after a first recipient that is no address', () => {
    expect(parseMailto('mailto:x?to=jane@example.com')).toEqual(['jane@example.com']);
  });

  it('skips a query field whose name does not decode', () => {
    expect(parseMailto('mailto:jane@example.com?%E0=x&cc=bob@example.org')).toEqual([
      'jane@example.com',
      'bob@example.org',
    ]);
  });

  it('reads a link’s target as an address, so a bare `at` after a display name counts', () => {
    expect(parseMailto('mailto:Peter Galbraith psg at debian.org')).toEqual(['psg@debian.org']);
  });

  it('reads only a mailto: URL, not one that holds a mailto: further on', () => {
    expect(parseMailto('https://lists.example.org/archive/jane@example.com')).toEqual([]);
    expect(parseMailto('https://example.com/share?u=mailto:jane@example.com')).toEqual([]);
    expect(parseMailto('  mailto:jane@example.com')).toEqual(['jane@example.com']);
  });

  it('reads no query without a question mark', () => {
    expect(parseMailto('mailto:jane@example.com&cc=bob@example.org')).toEqual(['jane@example.com']);
  });

  it('reads only the mailto: scheme, not one that ends in it', () => {
    expect(parseMailto('web+mailto:jane@example.com')).toEqual([]);
  });
});
