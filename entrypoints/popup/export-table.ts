import { toCsv, toHtmlTable, toTsv } from '#address-table/formats.ts';
import type { AddressRow } from '#address-table/rows.ts';

/** Saves the rows as a CSV file, through the browser's own download of a link. */
export function downloadCsv(rows: AddressRow[], fileName: string): void {
  const url = URL.createObjectURL(new Blob([toCsv(rows)], { type: 'text/csv;charset=utf-8' }));
  const link = Object.assign(document.createElement('a'), { href: url, download: fileName });
  link.click();
  // The download has its own copy once started; the object URL is not needed after this task.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Puts the rows on the clipboard as a table: TSV for plain text, an HTML table for spreadsheets and mail. */
export async function copyTable(rows: AddressRow[]): Promise<void> {
  await navigator.clipboard.write([
    new ClipboardItem({
      'text/plain': new Blob([toTsv(rows)], { type: 'text/plain' }),
      'text/html': new Blob([toHtmlTable(rows)], { type: 'text/html' }),
    }),
  ]);
}
