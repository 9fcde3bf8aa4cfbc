import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { FOUND_GMAIL, SAMPLE_ADDRESSES, SAMPLE_ANSWERS } from '#test/fixtures/address-table.ts';
import { HOSTED_GMAIL_INFO } from '#test/fixtures/hosted-examples.ts';
import { COLUMNS, csvOf, toCsv, toHtmlTable, toTsv } from './formats.ts';
import { addressRows } from './rows.ts';

/** The CSV's records read back as a spreadsheet would, each as an object by the header's names. */
function recordsOf(csv: string): Record<string, string>[] {
  const [header = [], ...records] = Papa.parse<string[]>(csv, { skipEmptyLines: true }).data;
  return records.map((record) =>
    Object.fromEntries(header.map((name, index) => [name, record[index] ?? ''])),
  );
}

describe('the address table as CSV, TSV and HTML', () => {
  const rows = addressRows(SAMPLE_ADDRESSES, SAMPLE_ANSWERS, 'from:{address}');

  it('has the header people’s spreadsheets rely on, in its order', () => {
    expect(COLUMNS).toEqual([
      'address',
      'domain',
      'provider',
      'provider_name',
      'disposable',
      'free_mail',
      'privacy_relay',
      'webmail_url',
      'search_url',
      'status',
      'gateway',
      'provider_source',
      'provider_confidence',
      'verdict',
      'did_you_mean',
      'role',
      'mailbox',
    ]);
  });

  it('writes each row’s values as the export says them: flags true or false, empty where there is no answer', () => {
    const [jane, evil, bob, amy] = recordsOf(toCsv(rows));
    expect(jane).toMatchObject({
      provider: 'Gmail',
      provider_name: 'Google (Public)',
      disposable: 'false',
      free_mail: 'true',
      privacy_relay: 'false',
      webmail_url: 'https://mail.google.com/mail',
      status: 'found',
      verdict: 'free-mail',
      gateway: '',
      did_you_mean: '',
      role: 'false',
      mailbox: 'jane@gmail.com',
    });
    expect(jane?.search_url).toContain(encodeURIComponent('from:jane@gmail.com'));
    expect(evil).toMatchObject({ provider: '', free_mail: '', webmail_url: '', status: 'not-found' });
    expect([evil?.verdict, bob?.verdict, amy?.verdict]).toEqual(['will-bounce', '', 'unrecognised-provider']);
    expect(bob).toMatchObject({ domain: 'later.example', status: 'not-looked-up', disposable: '' });
  });

  it('writes what an answer saw behind a gateway as the API’s values; a gateway’s formula stays text', () => {
    const [row] = addressRows(
      ['jane@acme.example.com'],
      {
        'acme.example.com': {
          ...FOUND_GMAIL,
          info: {
            ...HOSTED_GMAIL_INFO,
            provider_source: 'spf',
            provider_confidence: 'low',
            gateway: `=HYPERLINK("x")${'y'.repeat(99)}`,
          },
        },
      },
      '{address}',
    );
    const [record] = recordsOf(toCsv(row ? [row] : []));
    expect(record?.gateway).toMatch(/^'=HYPERLINK\("x"\)y{24}…$/);
    expect(record).toMatchObject({ provider_source: 'spf', provider_confidence: 'low' });
  });

  it('writes what the address says of itself, the suggestion inert as the address it comes from', () => {
    const [sales, info] = recordsOf(
      toCsv(addressRows(['sales@gmial.com', '-info@gmial.com'], {}, '{address}')),
    );
    expect(sales).toMatchObject({
      did_you_mean: 'sales@gmail.com',
      role: 'true',
      mailbox: 'sales@gmial.com',
    });
    expect(info?.did_you_mean).toBe("'-info@gmail.com");
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
      {
        'gmail.com': { ...FOUND_GMAIL, info: { ...HOSTED_GMAIL_INFO, nice_name: '+1 555 0100', name: '-5' } },
      },
      '{address}',
    );
    const [, record] = Papa.parse<string[]>(toCsv(row ? [row] : []), { skipEmptyLines: true }).data;
    expect(record?.slice(2, 4)).toEqual(["'+1 555 0100", "'-5"]);
  });

  it('a person’s cells: numbers and phone numbers stay as they are, anything that would run is made text', () => {
    const cells = [
      '-5',
      '+44 20 7946 0000',
      '-1,5',
      '-12.5%',
      '+1 (555) 010-0199',
      '=1+1',
      '@SUM(1)',
      '+A1',
      '-2+3+cmd',
    ];
    const [, record] = Papa.parse<string[]>(csvOf([cells.map(String), cells]), { skipEmptyLines: true }).data;
    expect(record).toEqual([
      '-5',
      '+44 20 7946 0000',
      '-1,5',
      '-12.5%',
      '+1 (555) 010-0199',
      "'=1+1",
      "'@SUM(1)",
      "'+A1",
      "'-2+3+cmd",
    ]);
    expect(csvOf([['a', 'b']], ';')).toBe('a;b\r\n');
  });

  it('TSV: a cell’s tabs and line breaks become one space', () => {
    const [row] = addressRows(['a@x.example'], {}, '{address}');
    const line = toTsv(row ? [{ ...row, mailbox: 'one\t\ttwo\r\nthree' }] : []).split('\n')[1];
    expect(line?.split('\t').at(-1)).toBe('one two three');
  });

  it('HTML: the header’s names, then every cell escaped', () => {
    const [row] = addressRows(['a@x.example'], {}, '{address}');
    const html = toHtmlTable(row ? [{ ...row, mailbox: 'Tom & "Jerry" <b>' }] : []);
    expect(html).toContain(
      `<thead><tr>${COLUMNS.map((column) => `<th>${column}</th>`).join('')}</tr></thead>`,
    );
    expect(html).toContain('<td>Tom &amp; &quot;Jerry&quot; &lt;b&gt;</td></tr></tbody></table>');
    expect(html).toContain('<tr><td>a@x.example</td><td>x.example</td><td></td>');
  });

  it('TSV and HTML carry the same rows; HTML cells are escaped text', () => {
    expect(toTsv(rows).split('\n')[1]?.split('\t')[0]).toBe('jane@gmail.com');
    const html = toHtmlTable(addressRows(['<b>x</b>@a.example'], {}, '{address}'));
    expect(html).toContain('<td>&lt;b&gt;x&lt;/b&gt;@a.example</td>');
    expect(html).not.toContain('<b>');
  });
});
