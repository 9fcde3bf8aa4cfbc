import Papa from 'papaparse';
import { domainOf, extractEmails } from '#core/email/extract.ts';

/** A row of a CSV whose address is in another column than the header's: it is not looked up, and the page says so. */
export interface MisplacedRow {
  /** The line of the text the row starts on, counting from 1 (the header's line is 1 in most files). */
  line: number;
  address: string;
}

/**
 * A CSV as a person gave it: its header and every row as it was, with the address each row holds in its
 * address column (null where it holds none there), so that its columns and order go back out, in the same
 * dialect (delimiter, byte-order mark) as it came.
 */
export interface CsvList {
  kind: 'csv';
  header: string[];
  rows: string[][];
  column: number;
  rowAddresses: (string | null)[];
  misplaced: MisplacedRow[];
  /** As papaparse found it: `,`, `;` (Excel's CSV where the decimal mark is a comma), a tab... */
  delimiter: string;
  /** Excel's "CSV UTF-8" starts with one, and needs it to read the file back as UTF-8. */
  byteOrderMark: boolean;
}

/**
 * A list a person brought to the bulk page. Free text (addresses with names, commas, semicolons, lines) is
 * a list of its distinct addresses; a CSV is kept whole (CsvList).
 */
export type BulkList = { kind: 'text'; addresses: string[] } | CsvList;

/** The first address in a cell, as extractEmails finds it (its domain lower-cased); null without one. */
function addressInCell(cell: string): string | null {
  return extractEmails(cell)[0]?.address ?? null;
}

/** Distinct addresses in order, the first spelling of each kept: `Jane@x.com` and `jane@x.com` are one person. */
function distinct(addresses: readonly string[]): string[] {
  const seen = new Map<string, string>();
  for (const address of addresses)
    if (!seen.has(address.toLowerCase())) seen.set(address.toLowerCase(), address);
  return [...seen.values()];
}

/** The records of a CSV, each with the line it starts on, and the dialect it is written in. */
interface CsvText {
  records: string[][];
  lines: number[];
  delimiter: string;
  byteOrderMark: boolean;
}

/** How many line breaks `text` has from `start` to `end`: `\n` ends a line (also in `\r\n`), else `\r` alone. */
function lineBreaks(text: string, start: number, end: number, linebreak: string): number {
  const mark = linebreak === '\r' ? '\r' : '\n';
  let count = 0;
  for (let index = start; index < end; index++) if (text[index] === mark) count++;
  return count;
}

/**
 * Records of a CSV, by papaparse, empty lines left out. Each record's line counts the lines of cells before
 * it that hold line breaks, as a text editor does. The delimiter (`,`, `;`, tab) is papaparse's guess from
 * the first lines but the empty ones, which every record is then read by.
 */
function csvRecords(text: string): CsvText {
  const byteOrderMark = text.startsWith('\uFEFF');
  const body = byteOrderMark ? text.slice(1) : text;
  const { delimiter } = Papa.parse<string[]>(body, { preview: 1, skipEmptyLines: 'greedy' }).meta;
  const read: CsvText = { records: [], lines: [], delimiter, byteOrderMark };
  let start = 0;
  let line = 1;
  Papa.parse<string[]>(body, {
    delimiter,
    step: ({ data, meta }) => {
      if (data.join('').trim() !== '') {
        read.records.push(data);
        read.lines.push(line);
      }
      line += lineBreaks(body, start, meta.cursor, meta.linebreak);
      start = meta.cursor;
    },
  });
  return read;
}

/** The column holding the most addresses; -1 when none holds any. */
function addressColumn(header: readonly string[], rows: readonly string[][]): number {
  let best = -1;
  let bestCount = 0;
  for (let column = 0; column < header.length; column++) {
    const count = rows.filter((row) => addressInCell(row[column] ?? '') !== null).length;
    if (count > bestCount) [best, bestCount] = [column, count];
  }
  return best;
}

/** Rows without an address in the address column, but with one in another cell: a cell too many or too few before it. */
function misplacedRows(rows: readonly string[][], lines: readonly number[], column: number): MisplacedRow[] {
  return rows.flatMap((row, index) => {
    if (addressInCell(row[column] ?? '') !== null) return [];
    const address = row.map(addressInCell).find((found) => found !== null);
    return address ? [{ line: lines[index] ?? 0, address }] : [];
  });
}

/** The list as a CSV with a header row, or null when it is not one. */
function asCsv({ records, lines, delimiter, byteOrderMark }: CsvText): CsvList | null {
  const [header, ...rows] = records;
  if (!header || rows.length === 0) return null;
  const column = addressColumn(header, rows);
  if (column === -1) return null;
  return {
    kind: 'csv',
    header,
    rows,
    column,
    rowAddresses: rows.map((row) => addressInCell(row[column] ?? '')),
    misplaced: misplacedRows(rows, lines.slice(1), column),
    delimiter,
    byteOrderMark,
  };
}

/**
 * What a person pasted. It is a CSV when its first line is a header (no address in it) over rows of as many
 * fields, one column of which holds addresses; anything else is free text, read for every address in it.
 * A pasted line of "Leads:" over comma-separated addresses is free text: its rows are not of one width.
 */
export function readPastedList(text: string): BulkList {
  const csv = csvRecords(text);
  const [header] = csv.records;
  const table =
    header?.every((cell) => addressInCell(cell) === null) &&
    csv.records.every((record) => record.length === header.length);
  const list = table ? asCsv(csv) : null;
  return list ?? { kind: 'text', addresses: distinct(extractEmails(text).map(({ address }) => address)) };
}

/** A .csv file: its first row is the header, whatever it holds. Null when no column holds an address. */
export function readCsvFile(text: string): CsvList | null {
  return asCsv(csvRecords(text));
}

/** The distinct addresses of a list, in order. */
export function addressesOf(list: BulkList): string[] {
  if (list.kind === 'text') return list.addresses;
  return distinct(list.rowAddresses.filter((address): address is string => address !== null));
}

/** The distinct domains of a list, in order: what is looked up, one lookup (one credit at most) each. */
export function domainsOf(list: BulkList): string[] {
  return [...new Set(addressesOf(list).map(domainOf))];
}
