import { describe, expect, it } from 'vitest';
import { FOUND_GMAIL, SAMPLE_ADDRESSES, SAMPLE_ANSWERS } from '#test/fixtures/address-table.ts';
import { HOSTED_GMAIL_INFO } from '#test/fixtures/hosted-examples.ts';
import { addressRows } from './rows.ts';

describe('the address table', () => {
  const rows = addressRows(SAMPLE_ADDRESSES, SAMPLE_ANSWERS, 'from:{address}');

  it('has each address with its domain’s provider, flags and links, or why not', () => {
    expect(rows[0]).toMatchObject({
      address: 'jane@gmail.com',
      domain: 'gmail.com',
      result: FOUND_GMAIL,
      provider: { niceName: 'Gmail', name: 'Google (Public)' },
      flags: { disposable: false, freeMail: true, privacyRelay: false },
      webmailUrl: 'https://mail.google.com/mail',
      status: 'found',
    });
    expect(rows[0]?.searchUrl).toContain(encodeURIComponent('from:jane@gmail.com'));
    expect(rows[1]).toMatchObject({ provider: null, flags: null, webmailUrl: null, status: 'not-found' });
    expect(rows[2]).toMatchObject({ domain: 'later.example', result: null, status: 'not-looked-up' });
  });

  it('tells a domain that takes no mail from a mailbox whose provider is not recognised', () => {
    expect(rows.map((row) => row.verdict)).toEqual([
      'free-mail',
      'will-bounce',
      null,
      'unrecognised-provider',
    ]);
  });

  it('gives Outlook’s mailbox as its webmail link and no search URL, as no link searches it', () => {
    const [row] = addressRows(
      ['dana@acme.example.com'],
      {
        'acme.example.com': {
          ...FOUND_GMAIL,
          info: {
            ...HOSTED_GMAIL_INFO,
            webmail_url: 'https://outlook.office.com/mail/',
            webmail_search_url: null,
          },
        },
      },
      'from:{address}',
    );
    expect(row).toMatchObject({ webmailUrl: 'https://outlook.office.com/mail/', searchUrl: null });
  });

  it('has no links for an answer without a webmail (a relay)', () => {
    const [row] = addressRows(
      ['x7k2@duck.com'],
      {
        'duck.com': {
          ...FOUND_GMAIL,
          info: {
            ...HOSTED_GMAIL_INFO,
            webmail_url: null,
            webmail_search_url: null,
            is_privacy_service: true,
          },
        },
      },
      '{address}',
    );
    expect(row).toMatchObject({ webmailUrl: null, searchUrl: null, verdict: 'privacy-relay' });
  });

  it('makes no link of a URL that is not http(s)', () => {
    const [row] = addressRows(
      ['jane@gmail.com'],
      { 'gmail.com': { ...FOUND_GMAIL, info: { ...HOSTED_GMAIL_INFO, webmail_url: 'javascript:alert(1)' } } },
      '{address}',
    );
    expect(row?.webmailUrl).toBeNull();
  });

  it('says what an answer saw behind a gateway, in the API’s own values, and only those', () => {
    const behind = (properties: Record<string, unknown>) =>
      addressRows(
        ['jane@acme.example.com'],
        { 'acme.example.com': { ...FOUND_GMAIL, info: { ...HOSTED_GMAIL_INFO, ...properties } } },
        '{address}',
      )[0]?.evidence;
    expect(behind({ provider_source: 'spf', provider_confidence: 'medium', gateway: 'Proofpoint' })).toEqual({
      gateway: 'Proofpoint',
      source: 'spf',
      confidence: 'medium',
    });
    expect(behind({ provider_source: 'mx', provider_confidence: 'high' })).toEqual({
      gateway: null,
      source: 'mx',
      confidence: 'high',
    });
    expect(
      behind({ provider_source: 'guess', provider_confidence: 'medium', gateway: 'Proofpoint' }),
    ).toBeNull();
    expect(rows[0]?.evidence).toBeNull();
  });

  it('carries what the address says of itself, from the address alone, answered or not', () => {
    const notes = addressRows(
      ['Jane.Doe+news@googlemail.com', 'sales@gmial.com', '-info@gmial.com'],
      {},
      '{address}',
    ).map((row) => [row.didYouMean, row.role, row.mailbox, row.status]);
    expect(notes).toEqual([
      [null, false, 'janedoe@gmail.com', 'not-looked-up'],
      ['sales@gmail.com', true, 'sales@gmial.com', 'not-looked-up'],
      ['-info@gmail.com', true, '-info@gmial.com', 'not-looked-up'],
    ]);
  });
});
