import { describe, expect, it } from 'vitest';
import { FOUND_GMAIL, SAMPLE_ADDRESSES, SAMPLE_ANSWERS } from '#test/fixtures/address-table.ts';
import { HOSTED_GMAIL_INFO } from '#test/fixtures/hosted-examples.ts';
import { toCsv } from './formats.ts';
import { addressRows } from './rows.ts';

describe('the address table', () => {
  const rows = addressRows(SAMPLE_ADDRESSES, SAMPLE_ANSWERS, 'from:{address}');

  it('has each address with its domain’s provider, flags and links, or why not', () => {
    expect(rows[0]).toMatchObject({
      address: 'jane@gmail.com',
      provider: 'Gmail',
      free_mail: 'true',
      privacy_relay: 'false',
      webmail_url: 'https://mail.google.com/mail',
      status: 'found',
    });
    expect(rows[0]?.search_url).toContain(encodeURIComponent('from:jane@gmail.com'));
    expect(rows[1]).toMatchObject({ provider: '', status: 'not-found' });
    expect(rows[2]).toMatchObject({ domain: 'later.example', status: 'not-looked-up' });
  });

  it('tells a domain that takes no mail from a mailbox whose provider is not recognised', () => {
    expect(rows.map((row) => row.verdict)).toEqual(['free-mail', 'will-bounce', '', 'unrecognised-provider']);
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
    expect(row).toMatchObject({ webmail_url: 'https://outlook.office.com/mail/', search_url: '' });
  });

  it('says what an answer saw behind a gateway, in the API’s own values, and only those', () => {
    const behind = (properties: Record<string, unknown>) =>
      addressRows(
        ['jane@acme.example.com'],
        { 'acme.example.com': { ...FOUND_GMAIL, info: { ...HOSTED_GMAIL_INFO, ...properties } } },
        '{address}',
      )[0];
    expect(
      behind({ provider_source: 'spf', provider_confidence: 'medium', gateway: 'Proofpoint' }),
    ).toMatchObject({ gateway: 'Proofpoint', provider_source: 'spf', provider_confidence: 'medium' });
    expect(behind({ provider_source: 'mx', provider_confidence: 'high' })).toMatchObject({
      gateway: '',
      provider_source: 'mx',
    });
    expect(
      behind({ provider_source: 'guess', provider_confidence: 'medium', gateway: 'Proofpoint' }),
    ).toMatchObject({ gateway: '', provider_source: '', provider_confidence: '' });
    const formula = behind({
      provider_source: 'spf',
      provider_confidence: 'low',
      gateway: `=HYPERLINK("x")${'y'.repeat(99)}`,
    });
    expect(formula?.gateway).toMatch(/^=HYPERLINK\("x"\)y{24}…$/);
    expect(toCsv(formula ? [formula] : [])).toContain(`"'=HYPERLINK(""x"")`);
    expect(rows[0]).toMatchObject({ gateway: '', provider_source: '', provider_confidence: '' });
  });

  it('carries what the address says of itself, from the address alone, answered or not', () => {
    const notes = addressRows(
      ['Jane.Doe+news@googlemail.com', 'sales@gmial.com', '-info@gmial.com'],
      {},
      '{address}',
    ).map((row) => [row.did_you_mean, row.role, row.mailbox, row.status]);
    expect(notes).toEqual([
      ['', 'false', 'janedoe@gmail.com', 'not-looked-up'],
      ['sales@gmail.com', 'true', 'sales@gmial.com', 'not-looked-up'],
      ['-info@gmail.com', 'true', '-info@gmial.com', 'not-looked-up'],
    ]);
  });

  it('makes the suggestion inert in a CSV, as the address it comes from', () => {
    const rows = addressRows(['-info@gmial.com'], {}, '{address}');
    const [header = '', line = ''] = toCsv(rows).split('\r\n');
    const cells = line.split(',');
    expect(cells[header.split(',').indexOf('did_you_mean')]).toBe("'-info@gmail.com");
  });
});
