import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { LookupResult } from '#extension/lookup-result.ts';
import { HOSTED_GMAIL_INFO } from '#test/fixtures/hosted-examples.ts';
import { addressRows, COLUMNS, toCsv, toHtmlTable, toTsv } from './address-table.ts';

const FOUND: LookupResult = { state: 'found', info: HOSTED_GMAIL_INFO, source: 'api', fetchedAt: 0 };

describe('the address table', () => {
  const notFound = (reason: 'no-mx' | 'unrecognised') =>
    ({ state: 'not-found', reason, message: 'x', source: 'api', fetchedAt: 0 }) as const;
  const rows = addressRows(
    ['jane@gmail.com', '=cmd|x@evil.example', 'bob@later.example', 'amy@own-server.example'],
    { 'gmail.com': FOUND, 'evil.example': notFound('no-mx'), 'own-server.example': notFound('unrecognised') },
    'from:{address}',
  );

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
          ...FOUND,
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

  it('CSV: a header, quotes where a cell needs them, and no cell a spreadsheet would run as a formula', () => {
    const csv = toCsv(rows);
    expect(csv.split('\r\n')[0]).toBe(COLUMNS.join(','));
    const [, ...records] = Papa.parse<string[]>(csv, { skipEmptyLines: true }).data;
    expect(records.map((record) => record[0])).toEqual([
      'jane@gmail.com',
      "'=cmd|x@evil.example",
      'bob@later.example',
      'amy@own-server.example',
    ]);
    expect(csv.endsWith('\r\n')).toBe(true);
  });

  it('CSV: what the service says is made inert even where it reads as a number, as it is no one’s number', () => {
    const [row] = addressRows(
      ['jane@gmail.com'],
      { 'gmail.com': { ...FOUND, info: { ...HOSTED_GMAIL_INFO, nice_name: '+1 555 0100', name: '-5' } } },
      '{address}',
    );
    const [, record] = Papa.parse<string[]>(toCsv(row ? [row] : []), { skipEmptyLines: true }).data;
    expect(record?.slice(2, 4)).toEqual(["'+1 555 0100", "'-5"]);
  });

  it('says what an answer saw behind a gateway, in the API’s own values, and only those', () => {
    const behind = (properties: Record<string, unknown>) =>
      addressRows(
        ['jane@acme.example.com'],
        { 'acme.example.com': { ...FOUND, info: { ...HOSTED_GMAIL_INFO, ...properties } } },
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

  it('TSV and HTML carry the same rows; HTML cells are escaped text', () => {
    expect(toTsv(rows).split('\n')[1]?.split('\t')[0]).toBe('jane@gmail.com');
    const html = toHtmlTable(addressRows(['<b>x</b>@a.example'], {}, '{address}'));
    expect(html).toContain('<td>&lt;b&gt;x&lt;/b&gt;@a.example</td>');
    expect(html).not.toContain('<b>');
  });
});
