import { describe, expect, it } from 'vitest';
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

  it('keeps what it is written in: its delimiter (semicolons, as Excel writes CSV in much of Europe; tabs) and byte-order mark', () => {
    expect(readCsvFile('\uFEFFName;E-Mail\r\nJane;jane@acme.example.com\r\n')).toMatchObject({
      delimiter: ';',
      byteOrderMark: true,
      header: ['Name', 'E-Mail'],
    });
    expect(readCsvFile('Name\tE-Mail\nJane\tjane@acme.example.com\n')).toMatchObject({
      delimiter: '\t',
      byteOrderMark: false,
    });
  });

  it('a row whose address is not in the address column is listed with its line, and not looked up', () => {
    const list = readCsvFile(
      [
        'Name,Email,Company',
        'Jane,jane@acme.example.com,Acme',
        // A stray comma before the address moves it a column to the right.
        'Bob,,bob@gmail.com,Bobco',
        '"Kim',
        'Smith",kim@proton.me,',
        '',
        'No one,,Void',
        'Lee@Gmail.com,,',
        '',
      ].join('\r\n'),
    );
    expect(list?.misplaced).toEqual([
      { line: 3, address: 'bob@gmail.com' },
      { line: 8, address: 'Lee@gmail.com' },
    ]);
    expect(list?.rowAddresses).toEqual(['jane@acme.example.com', null, 'kim@proton.me', null, null]);
    expect(list && domainsOf(list)).toEqual(['acme.example.com', 'proton.me']);
  });

  it('counts lines as a text editor does, whatever ends them', () => {
    const lines = (text: string) => readCsvFile(text)?.misplaced.map(({ line }) => line);
    const rows = ['a,b', '"x', 'y",1@a.example.com', '', '2@b.example.com,', 'z,3@c.example.com', ''];
    for (const end of ['\r\n', '\n', '\r']) expect(lines(rows.join(end))).toEqual([5]);
  });

  it('is no list when no column holds an address', () => {
    expect(readCsvFile('a,b\n1,2\n')).toBeNull();
  });
});
