import { COLUMNS, cellOf, csvOf, inert, toCsv } from '#address-table/formats.ts';
import { type AddressRow, addressRows } from '#address-table/rows.ts';
import type { LookupResult } from '#extension/lookup-result.ts';
import { addressesOf, type BulkList, type CsvList } from './bulk-list.ts';

/** The columns appended to a person's own CSV: the address table's, but the address, which the row has. */
export const APPENDED_COLUMNS = COLUMNS.filter((column) => column !== 'address');

/** One row per distinct address of the list, with its domain's answer (lib/address-table/rows.ts). */
export function bulkRows(
  list: BulkList,
  results: Record<string, LookupResult | null>,
  searchQueryTemplate: string,
): AddressRow[] {
  return addressRows(addressesOf(list), results, searchQueryTemplate);
}

/** The cells of the widest row, the header's included: where the answers' columns start. */
function widthOf(list: CsvList): number {
  return list.rows.reduce((widest, row) => Math.max(widest, row.length), list.header.length);
}

/**
 * The list as CSV with its answers, from its rows (bulkRows: the page's table shows the same). A person's CSV
 * comes back as it was, in its own delimiter and with its byte-order mark: its header and rows in their order,
 * each filled to the widest row's width, then the answer's columns (empty in a row without an address in its
 * address column). Free text becomes the address table's CSV.
 */
export function bulkCsv(list: BulkList, rows: AddressRow[]): string {
  if (list.kind === 'text') return toCsv(rows);
  const byAddress = new Map(rows.map((row) => [row.address.toLowerCase(), row]));
  const width = widthOf(list);
  const pad = (cells: string[]) => [...cells, ...Array<string>(width - cells.length).fill('')];
  const answers = (address: string | null) => {
    const row = address === null ? undefined : byAddress.get(address.toLowerCase());
    return APPENDED_COLUMNS.map((column) => (row ? inert(cellOf(row, column)) : ''));
  };
  const csv = csvOf(
    [
      [...pad(list.header), ...APPENDED_COLUMNS],
      ...list.rows.map((cells, index) => [...pad(cells), ...answers(list.rowAddresses[index] ?? null)]),
    ],
    list.delimiter,
  );
  return list.byteOrderMark ? `\uFEFF${csv}` : csv;
}
