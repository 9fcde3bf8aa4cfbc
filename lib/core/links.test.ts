import { describe, expect, it } from 'vitest';
import { buildSearchUrl, linkForThem, safeLinkUrl, searchActionFor, searchQueryFor } from './links.ts';

describe('safeLinkUrl', () => {
  it.each(['https://mail.google.com/mail', 'http://127.0.0.1:8787/x'])('keeps %s', (url) => {
    expect(safeLinkUrl(url)).toBe(new URL(url).href);
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'data:text/html,<b>x</b>',
    'file:///etc/passwd',
    '//evil.example/path',
    '/relative',
    'vbscript:x',
    '',
    null,
    undefined,
  ])('refuses %j', (url) => {
    expect(safeLinkUrl(url)).toBeNull();
  });
});

describe('buildSearchUrl', () => {
  it('puts the query in with encodeURIComponent', () => {
    expect(buildSearchUrl('https://mail.google.com/mail/#search/%q', 'from:a b+c&d#e ü')).toBe(
      'https://mail.google.com/mail/#search/from%3Aa%20b%2Bc%26d%23e%20%C3%BC',
    );
  });

  it('fills every %q, and refuses a template without one or with an unsafe scheme', () => {
    expect(buildSearchUrl('https://x.example/?a=%q&b=%q', 'q')).toBe('https://x.example/?a=q&b=q');
    expect(buildSearchUrl('https://x.example/search', 'q')).toBeNull();
    expect(buildSearchUrl('javascript:alert("%q")', 'q')).toBeNull();
    expect(buildSearchUrl(null, 'q')).toBeNull();
  });

  it('encodes twice for providers that decode twice, so + stays a plus', () => {
    expect(
      buildSearchUrl('https://mail.yahoo.com/d/search/keyword=%q', 'from:jane+x@example.com', 'twice'),
    ).toBe('https://mail.yahoo.com/d/search/keyword=from%253Ajane%252Bx%2540example.com');
  });

  it('cannot be steered to another origin by the query', () => {
    const url = buildSearchUrl('https://mail.example/search?q=%q', '@evil.example/../x?y#z');
    expect(new URL(url ?? '').origin).toBe('https://mail.example');
  });
});

describe('searchQueryFor', () => {
  it('fills {address} and {domain}', () => {
    expect(searchQueryFor('from:{address} OR to:{address}', 'jane@example.com')).toBe(
      'from:jane@example.com OR to:jane@example.com',
    );
    expect(searchQueryFor('{domain}', 'jane@example.com')).toBe('example.com');
  });
});

describe('searchActionFor', () => {
  const answer = (webmail_url: string | null, webmail_search_url: string | null = null) => ({
    webmail_url,
    webmail_search_url,
  });

  it('opens the provider’s search where it has a link', () => {
    expect(
      searchActionFor(
        answer('https://mail.google.com/mail', 'https://mail.google.com/mail/#search/%q'),
        'from:{address}',
        'a@b.com',
      ),
    ).toEqual({ kind: 'link', url: 'https://mail.google.com/mail/#search/from%3Aa%40b.com' });
  });

  it('opens Outlook on the web, consumer or business, with the query to paste, as no search link works there', () => {
    for (const mailbox of [
      'https://outlook.office.com/mail/',
      'https://outlook.live.com/mail/',
      'https://outlook.office365.us/mail/',
    ])
      expect(searchActionFor(answer(mailbox), 'from:{address}', 'dana@m365-customer.example.com')).toEqual({
        kind: 'open-and-paste',
        url: mailbox,
        query: 'from:dana@m365-customer.example.com',
      });
  });

  it('offers nothing for another provider without a search link, nor for a mailbox that is no safe link', () => {
    expect(searchActionFor(answer('https://www.icloud.com/mail'), '{address}', 'a@icloud.com')).toBeNull();
    expect(
      searchActionFor(answer('javascript:alert(1)//outlook.office.com'), '{address}', 'a@b.com'),
    ).toBeNull();
    expect(searchActionFor(answer(null), '{address}', 'a@b.com')).toBeNull();
    expect(
      searchActionFor(answer('https://outlook.office.com.evil.example/'), '{address}', 'a@b.com'),
    ).toBeNull();
  });
});

describe('linkForThem', () => {
  const gmail = { webmail_search_url: 'https://mail.google.com/mail/#search/%q', is_privacy_service: false };

  it('searches the customer’s mailbox for mail from every sending address', () => {
    expect(linkForThem(gmail, ['support@acme.com', 'sales@acme.com'])).toEqual({
      kind: 'link',
      url: `https://mail.google.com/mail/#search/${encodeURIComponent('from:support@acme.com OR from:sales@acme.com')}`,
    });
  });

  it('is not offered without sending addresses', () => {
    expect(linkForThem(gmail, [])).toBeNull();
  });

  it('says why not for a relay, and for a provider without a search link', () => {
    expect(linkForThem({ webmail_search_url: null, is_privacy_service: true }, ['a@b.co'])).toEqual({
      kind: 'unavailable',
      reason: 'relay',
    });
    expect(linkForThem({ webmail_search_url: null, is_privacy_service: false }, ['a@b.co'])).toEqual({
      kind: 'unavailable',
      reason: 'no-search',
    });
    expect(
      linkForThem({ webmail_search_url: 'javascript:alert(%q)', is_privacy_service: false }, ['a@b.co']),
    ).toEqual({ kind: 'unavailable', reason: 'no-search' });
  });

  it('encodes twice where the provider decodes twice', () => {
    const yahoo = {
      webmail_search_url: 'https://mail.yahoo.com/d/search/keyword=%q',
      is_privacy_service: false,
      webmail_search_query_encoding: 'twice',
    };
    expect(linkForThem(yahoo, ['a+b@acme.com'])).toEqual({
      kind: 'link',
      url: `https://mail.yahoo.com/d/search/keyword=${encodeURIComponent(encodeURIComponent('from:a+b@acme.com'))}`,
    });
  });
});
