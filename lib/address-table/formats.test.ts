import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { FOUND_GMAIL, SAMPLE_ADDRESSES, SAMPLE_ANSWERS } from '#test/fixtures/address-table.ts';
import { HOSTED_GMAIL_INFO } from '#test/fixtures/hosted-examples.ts';
import { toCsv, toHtmlTable, toTsv } from './formats.ts';
import { addressRows, COLUMNS } from './rows.ts';

describe('the address table as CSV, TSV and HTML', () => {
  const rows = addressRows(SAMPLE_ADDRESSES, SAMPLE_ANSWERS, 'from:{address}');

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

  it('TSV and HTML carry the same rows; HTML cells are escaped text', () => {
    expect(toTsv(rows).split('\n')[1]?.split('\t')[0]).toBe('jane@gmail.com');
    const html = toHtmlTable(addressRows(['<b>x</b>@a.example'], {}, '{address}'));
    expect(html).toContain('<td>&lt;b&gt;x&lt;/b&gt;@a.example</td>');
    expect(html).not.toContain('<b>');
  });
});
