import type { LookupResult } from '#extension/lookup-result.ts';
import { type AddressRow, addressRows, COLUMNS, csvOf, toCsv } from './address-table.ts';
import { addressesOf, type BulkList } from './bulk-list.ts';

/** The columns appended to a person's own CSV: the address table's, but the address, which the row has. */
export const APPENDED_COLUMNS = COLUMNS.filter((column) => column !== 'address');

/** One row per distinct address of the list, with its domain's answer (lib/ui/address-table.ts). */
export function bulkRows(
  list: BulkList,
  results: Record<string, LookupResult | null>,
  searchQueryTemplate: string,
): AddressRow[] {
  return addressRows(addressesOf(list), results, searchQueryTemplate);
}

/**
 * The list as CSV with its answers. A person's CSV comes back as it was, its columns first and its rows in
 * their order, with the answer's columns appended (empty in a row without an address); free text becomes
 * the address table's CSV.
 */
export function bulkCsv(
  list: BulkList,
  results: Record<string, LookupResult | null>,
  searchQueryTemplate: string,
): string {
  if (list.kind === 'text') return toCsv(bulkRows(list, results, searchQueryTemplate));
  const byAddress = new Map(
    bulkRows(list, results, searchQueryTemplate).map((row) => [row.address.toLowerCase(), row]),
  );
  const width = list.header.length;
  const pad = (cells: string[]) => [...cells, ...Array<string>(Math.max(0, width - cells.length)).fill('')];
  const appended = (address: string | null) => {
    const row = address === null ? undefined : byAddress.get(address.toLowerCase());
    return APPENDED_COLUMNS.map((column) => row?.[column] ?? '');
  };
  return csvOf([
    [...pad(list.header), ...APPENDED_COLUMNS],
    ...list.rows.map((cells, index) => [...pad(cells), ...appended(list.rowAddresses[index] ?? null)]),
  ]);
}
