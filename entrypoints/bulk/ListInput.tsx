import { t } from '#extension/i18n.ts';
import type { BulkDraft } from './bulk-draft.ts';
import type { BulkList } from './bulk-list.ts';
import { MisplacedRows } from './MisplacedRows.tsx';

interface ListInputProps {
  draft: BulkDraft | null;
  running: boolean;
  /** Whether a file is being dragged over the box. */
  dropping: boolean;
  onDropping: (dropping: boolean) => void;
  onChange: (draft: BulkDraft) => void;
  onFile: (file: File | undefined) => void;
}

/** Where the list comes in: typed or pasted into the box, dropped on the page, or chosen as a .csv file. */
export function ListInput({ draft, running, dropping, onDropping, onChange, onFile }: ListInputProps) {
  return (
    <>
      <label htmlFor="bulk-input">{t('bulkInputLabel')}</label>
      <textarea
        id="bulk-input"
        data-testid="bulk-input"
        className={dropping ? 'drop' : ''}
        value={draft?.text ?? ''}
        disabled={running}
        onChange={(event) => onChange({ text: event.target.value, fileName: null, started: false })}
        onDragEnter={() => onDropping(true)}
        onDragLeave={() => onDropping(false)}
      />
      <label htmlFor="bulk-file">{t('bulkFileLabel')}</label>
      <input
        id="bulk-file"
        data-testid="bulk-file"
        type="file"
        accept=".csv,text/csv"
        disabled={running}
        onChange={(event) => onFile(event.target.files?.[0])}
      />
    </>
  );
}

/** What was read of the list: the file's name, rows that look misplaced, or that no address was found. */
export function ListNotes({
  draft,
  list,
  domains,
}: {
  draft: BulkDraft;
  list: BulkList | null;
  domains: string[];
}) {
  return (
    <>
      {draft.fileName && <p className="muted">{t('bulkFileRead', draft.fileName)}</p>}
      {list?.kind === 'csv' && <MisplacedRows list={list} />}
      {draft.fileName && draft.text && list === null && (
        <p className="error" data-testid="bulk-error">
          {t('bulkFileNoAddresses', draft.fileName)}
        </p>
      )}
      {!draft.fileName && list !== null && domains.length === 0 && (
        <p className="muted">{t('bulkNoAddresses')}</p>
      )}
    </>
  );
}
