import type { AddressRow } from '#address-table/rows.ts';
import { AddressText } from '#components/AddressText.tsx';
import { t } from '#extension/i18n.ts';
import { BULK_TABLE_COLUMNS } from './bulk-columns.ts';

interface BulkResultsProps {
  rows: AddressRow[];
  downloadUrl: string;
  /** The name the CSV is saved under. */
  fileName: string;
  /** Lets go of the list and its answers. */
  onDismiss: () => void;
}

/**
 * A finished list's answers: the CSV to download, and the same rows as a table. They are the list's own
 * (lib/worker/bulk-run.ts) until the person starts another list or dismisses this one.
 */
export function BulkResults({ rows, downloadUrl, fileName, onDismiss }: BulkResultsProps) {
  return (
    <>
      <div className="row">
        <a className="button" data-testid="bulk-download" href={downloadUrl} download={fileName}>
          {t('bulkDownload')}
        </a>
        <button type="button" data-testid="bulk-dismiss" onClick={onDismiss}>
          {t('bulkDismiss')}
        </button>
      </div>
      <p className="muted">{t('bulkResultsKept')}</p>
      <table data-testid="bulk-table">
        <caption>{t('bulkTableCaption')}</caption>
        <thead>
          <tr>
            {BULK_TABLE_COLUMNS.map((column) => (
              <th key={column.id} scope="col">
                {t(column.header)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.address} data-testid="bulk-row">
              {BULK_TABLE_COLUMNS.map((column) => (
                <td key={column.id} data-column={column.id}>
                  {column.address ? <AddressText address={column.cell(row)} /> : column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
