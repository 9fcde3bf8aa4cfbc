import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { LookupResult } from '#extension/lookup-result.ts';
import { HOSTED_GMAIL_INFO } from '#test/fixtures/hosted-examples.ts';
import { COLUMNS } from './address-table.ts';
import { APPENDED_COLUMNS, bulkCsv } from './bulk-export.ts';
import { addressesOf, domainsOf, readCsvFile, readPastedList } from './bulk-list.ts';

describe('reading a pasted list', () => {
  it('one address a line', () => {
    const list = readPastedList('jane@acme.example.com\nbob@gmail.com\n\nkim@acme.example.com\n');
    expect(list.kind).toBe('text');
    expect(addressesOf(list)).toEqual(['jane@acme.example.com', 'bob@gmail.com', 'kim@acme.example.com']);
    expect(domainsOf(list)).toEqual(['acme.example.com', 'gmail.com']);
  });

  it('"Name <address>", as mail clients copy recipients, separated by commas', () => {
    const list = readPastedList('Jane Doe <jane@Acme.Example.com>, "Smith, Bob" <bob@gmail.com>');
    expect(list.kind).toBe('text');
    expect(addressesOf(list)).toEqual(['jane@acme.example.com', 'bob@gmail.com']);
  });

  it('semicolons, as Outlook separates recipients', () => {
    const list = readPastedList('jane@acme.example.com; bob@gmail.com;kim@proton.me');
    expect(addressesOf(list)).toEqual(['jane@acme.example.com', 'bob@gmail.com', 'kim@proton.me']);
  });

  it('names one a line, with and without brackets', () => {
    const list = readPastedList('Jane Doe <jane@acme.example.com>\nbob@gmail.com (Bob)\n');
    expect(list.kind).toBe('text');
    expect(addressesOf(list)).toEqual(['jane@acme.example.com', 'bob@gmail.com']);
  });

  it('the same address twice, whatever its case, is one address', () => {
    expect(addressesOf(readPastedList('Jane@acme.example.com, jane@acme.example.com'))).toEqual([
      'Jane@acme.example.com',
    ]);
  });

  it('a line of words over addresses is free text, not a CSV', () => {
    const list = readPastedList('Leads from the fair:\njane@acme.example.com, bob@gmail.com\nkim@proton.me');
    expect(list.kind).toBe('text');
    expect(addressesOf(list)).toEqual(['jane@acme.example.com', 'bob@gmail.com', 'kim@proton.me']);
  });

  it('a pasted CSV with a header: the column that holds the addresses, every row kept', () => {
    const list = readPastedList(
      'Name,Email,Company\nJane,jane@acme.example.com,Acme\n"Smith, Bob",bob@gmail.com,\nNo one,,Void\n',
    );
    expect(list).toMatchObject({
      kind: 'csv',
      header: ['Name', 'Email', 'Company'],
      column: 1,
      rowAddresses: ['jane@acme.example.com', 'bob@gmail.com', null],
    });
    expect(list.kind === 'csv' && list.rows[1]).toEqual(['Smith, Bob', 'bob@gmail.com', '']);
  });

  it('a CSV of one column, and one separated by semicolons as European spreadsheets save it', () => {
    expect(readPastedList('email\njane@acme.example.com\nbob@gmail.com')).toMatchObject({
      kind: 'csv',
      header: ['email'],
      rowAddresses: ['jane@acme.example.com', 'bob@gmail.com'],
    });
    expect(readPastedList('Name;E-Mail\nJane;jane@acme.example.com\nBob;bob@gmail.com')).toMatchObject({
      kind: 'csv',
      column: 1,
    });
  });

  it('nothing in it is an empty list', () => {
    expect(domainsOf(readPastedList('no addresses here'))).toEqual([]);
    expect(domainsOf(readPastedList(''))).toEqual([]);
  });
});

describe('reading a .csv file', () => {
  it('takes its first row as the header, and a byte-order mark is not part of it', () => {
    const list = readCsvFile('\uFEFFcontact,notes\r\n"Jane <jane@acme.example.com>","likes ""tea"""\r\n');
    expect(list).toMatchObject({
      kind: 'csv',
      header: ['contact', 'notes'],
      rows: [['Jane <jane@acme.example.com>', 'likes "tea"']],
      rowAddresses: ['jane@acme.example.com'],
    });
  });

  it('is no list when no column holds an address', () => {
    expect(readCsvFile('a,b\n1,2\n')).toBeNull();
  });
});

const FOUND: LookupResult = { state: 'found', info: HOSTED_GMAIL_INFO, source: 'api', fetchedAt: 0 };
const NOT_FOUND: LookupResult = {
  state: 'not-found',
  reason: 'no-mx',
  message: 'x',
  source: 'api',
  fetchedAt: 0,
};

describe('the list with its answers, as CSV', () => {
  it('a person’s CSV: its columns first and its rows in order, the answer’s appended, empty without an address', () => {
    const list = readPastedList(
      'Name,Email\nJane,jane@gmail.com\nNo one,\n=Bob,Bob@Nowhere.example.com\nJane again,JANE@gmail.com\n',
    );
    const csv = bulkCsv(list, { 'gmail.com': FOUND, 'nowhere.example.com': NOT_FOUND }, '{address}');
    const [header, ...rows] = Papa.parse<string[]>(csv, { skipEmptyLines: true }).data;
    expect(header).toEqual(['Name', 'Email', ...APPENDED_COLUMNS]);
    expect(rows).toHaveLength(4);
    const cell = (row: string[] | undefined, column: string) => row?.[(header ?? []).indexOf(column)];
    expect(rows.map((row) => row.slice(0, 2))).toEqual([
      ['Jane', 'jane@gmail.com'],
      ['No one', ''],
      // As written; a cell a spreadsheet would run as a formula is kept as text.
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
    const list = readCsvFile('Email,Name,Notes\njane@gmail.com\n');
    const csv = list ? bulkCsv(list, { 'gmail.com': FOUND }, '{address}') : '';
    const [header, row] = Papa.parse<string[]>(csv, { skipEmptyLines: true }).data;
    expect(row?.length).toBe(header?.length);
    expect(row?.[3]).toBe('gmail.com');
  });

  it('free text: the address table’s CSV, one row per address, a domain not looked up says so', () => {
    const list = readPastedList('jane@gmail.com, bob@later.example.com');
    const csv = bulkCsv(list, { 'gmail.com': FOUND }, '{address}');
    const [header, ...rows] = Papa.parse<string[]>(csv, { skipEmptyLines: true }).data;
    expect(header).toEqual([...COLUMNS]);
    expect(rows.map((row) => [row[0], row[2], row[9]])).toEqual([
      ['jane@gmail.com', 'Gmail', 'found'],
      ['bob@later.example.com', '', 'not-looked-up'],
    ]);
  });
});
