import { useMemo, useRef } from 'react';
import { type AddressRow, addressRow } from '#address-table/rows.ts';
import { domainOf } from '#core/email/extract.ts';
import type { DomainState } from './use-domain-results.ts';

/** The rows made last time, by address, with the template they were made with. */
interface MadeRows {
  template: string;
  rows: Map<string, AddressRow>;
}

/**
 * The tab's addresses as rows of the address table, each with its domain's lookup (none while it is on its
 * way). An address keeps its row object for as long as its domain's lookup is the same: the popup makes rows
 * again with every answer that comes, and a row made again for nothing would be drawn again for nothing.
 */
export function useAddressRows(
  addresses: readonly string[],
  results: Readonly<Record<string, DomainState>>,
  searchQueryTemplate: string,
): AddressRow[] {
  const made = useRef<MadeRows>({ template: searchQueryTemplate, rows: new Map() });
  return useMemo(() => {
    const before = made.current.template === searchQueryTemplate ? made.current.rows : new Map();
    const rows = new Map<string, AddressRow>();
    const list = addresses.map((address) => {
      const state = results[domainOf(address)] ?? null;
      const result = state === 'loading' ? null : state;
      const kept = before.get(address);
      const row = kept?.result === result ? kept : addressRow(address, result, searchQueryTemplate);
      rows.set(address, row);
      return row;
    });
    made.current = { template: searchQueryTemplate, rows };
    return list;
  }, [addresses, results, searchQueryTemplate]);
}
