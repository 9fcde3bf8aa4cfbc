import Papa from 'papaparse';
import { domainOf, extractEmails } from '#core/email/extract.ts';

/**
 * A list a person brought to the bulk page. Free text (addresses with names, commas, semicolons, lines) is
 * a list of its distinct addresses; a CSV keeps its header and every row as it was, with the address each
 * row holds in its address column (null where it holds none), so that its columns and order go back out.
 */
export type BulkList =
  | { kind: 'text'; addresses: string[] }
  | { kind: 'csv'; header: string[]; rows: string[][]; column: number; rowAddresses: (string | null)[] };

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

/** Records of a CSV, by papaparse (which finds the delimiter: `,`, `;`, tab), empty lines left out. */
function csvRecords(text: string): string[][] {
  return Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' }).data;
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

/** The list as a CSV with a header row, or null when it is not one. */
function asCsv(records: string[][]): BulkList | null {
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
  };
}

/**
 * What a person pasted. It is a CSV when its first line is a header (no address in it) over rows of as many
 * fields, one column of which holds addresses; anything else is free text, read for every address in it.
 * A pasted line of "Leads:" over comma-separated addresses is free text: its rows are not of one width.
 */
export function readPastedList(text: string): BulkList {
  const records = csvRecords(text);
  const [header] = records;
  const table =
    header?.every((cell) => addressInCell(cell) === null) &&
    records.every((record) => record.length === header.length);
  const csv = table ? asCsv(records) : null;
  return csv ?? { kind: 'text', addresses: distinct(extractEmails(text).map(({ address }) => address)) };
}

/** A .csv file: its first row is the header, whatever it holds. Null when no column holds an address. */
export function readCsvFile(text: string): BulkList | null {
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
