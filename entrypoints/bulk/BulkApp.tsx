import { type DragEvent, type MouseEvent, useEffect, useMemo, useState } from 'react';
import { PAGE_THEME_CSS } from '#components/theme.ts';
import { domainOf } from '#core/email/extract.ts';
import { describeResult } from '#extension/describe-result.ts';
import { t } from '#extension/i18n.ts';
import { MAX_BULK_DOMAINS } from '#extension/limits.ts';
import type { BulkStatus } from '#extension/messaging.ts';
import { inForce, useSettingsStore } from '#settings/store.ts';
import { BULK_TABLE_COLUMNS } from '#ui/bulk-columns.ts';
import { type BulkDraft, bulkDraftItem } from '#ui/bulk-draft.ts';
import { bulkCsv, bulkRows } from '#ui/bulk-export.ts';
import { addressesOf, type BulkList, domainsOf, readCsvFile, readPastedList } from '#ui/bulk-list.ts';
import { listFileText } from '#ui/list-file.ts';
import { useBulkRun } from '#ui/use-bulk-run.ts';
import { useKeptDraft } from '#ui/use-kept-draft.ts';
import { useObjectUrl } from '#ui/use-object-url.ts';
import { MisplacedRows } from './MisplacedRows.tsx';
import { StorageNotice } from './StorageNotice.tsx';

const BULK_CSS = `${PAGE_THEME_CSS}
body { margin: 0; font: 14px/1.5 system-ui, sans-serif; }
main { max-width: 960px; margin: 24px auto; padding: 0 16px; }
label { display: block; font-weight: 600; margin: 16px 0 4px; }
textarea { width: 100%; box-sizing: border-box; min-height: 160px; padding: 6px 8px; font: 13px/1.4 ui-monospace, monospace; border: 1px solid var(--wl-border); border-radius: 6px; }
.drop { outline: 2px dashed var(--wl-focus); }
.muted { color: var(--wl-muted); }
.error { color: var(--wl-error); }
.row { display: flex; gap: 8px; align-items: center; flex-wrap: wrap; margin: 12px 0; }
button, a.button { padding: 6px 12px; border: 1px solid var(--wl-border); border-radius: 6px; font: inherit; cursor: pointer; }
button.primary { background: var(--wl-primary-bg); color: var(--wl-primary-fg); border-color: var(--wl-primary-border); }
progress { width: 100%; height: 12px; }
table { border-collapse: collapse; width: 100%; margin-top: 12px; }
caption { text-align: left; font-weight: 600; padding: 4px 0; }
th, td { border-bottom: 1px solid var(--wl-border); padding: 4px 8px; text-align: left; vertical-align: top; }
`;

/** The list the draft holds: a file is always read as a CSV; pasted text as whatever shape it has. */
function listOf(draft: BulkDraft): BulkList | null {
  if (!draft.text.trim()) return null;
  return draft.fileName === null ? readPastedList(draft.text) : readCsvFile(draft.text);
}

/** The list the popup sent (`bulk.html#text=<encoded text>`), or null. */
function listFromAddress(): string | null {
  return new URLSearchParams(location.hash.slice(1)).get('text');
}

/** Only a person's click spends credits: a click a script made is not one. */
const byPerson = (event: MouseEvent) => event.isTrusted;

function Summary({ list, domains, cached }: { list: BulkList; domains: string[]; cached: number | null }) {
  const addresses = addressesOf(list).length;
  return (
    <div data-testid="bulk-summary">
      {list.kind === 'csv' && (
        <p className="muted">{t('bulkReadAsCsv', list.rows.length, list.header[list.column] ?? '')}</p>
      )}
      <p>{t('bulkSummaryAddresses', addresses, domains.length)}</p>
      {domains.length > MAX_BULK_DOMAINS ? (
        <p className="error">{t('bulkTooMany', domains.length, MAX_BULK_DOMAINS)}</p>
      ) : cached === null ? (
        <p className="muted">{t('bulkSummaryChecking')}</p>
      ) : (
        <>
          <p data-testid="bulk-cached" data-count={cached}>
            {t('bulkSummaryCached', cached)}
          </p>
          <p data-testid="bulk-cost" data-count={domains.length - cached}>
            {t('bulkSummaryCost', domains.length - cached)}
          </p>
        </>
      )}
    </div>
  );
}

function Progress({ status, onCancel }: { status: BulkStatus; onCancel: () => void }) {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, []);
  const wait = status.waitUntil === null ? 0 : Math.ceil((status.waitUntil - now) / 1000);
  return (
    <div>
      <progress
        data-testid="bulk-progress"
        aria-label={t('bulkProgressLabel')}
        value={status.done}
        max={status.total}
      />
      <p role="status" data-testid="bulk-status" data-state={status.state} data-done={status.done}>
        {t('bulkProgress', status.done, status.total)}
      </p>
      {wait > 0 && <p className="muted">{t('bulkWaiting', wait)}</p>}
      <p className="muted">{t('bulkKeepsRunning')}</p>
      <button type="button" data-testid="bulk-cancel" onClick={onCancel}>
        {t('bulkCancel')}
      </button>
    </div>
  );
}

/** How the run ended, in words. */
function endOf(status: BulkStatus): string {
  switch (status.state) {
    case 'finished':
      return t('bulkFinished', status.total);
    case 'cancelled':
      return t('bulkCancelled', status.done, status.total);
    case 'stopped': {
      const reason = describeResult(status.stoppedBy);
      return t('bulkStopped', status.done, status.total, `${reason.title}. ${reason.detail}`);
    }
    case 'running':
      return t('bulkProgress', status.done, status.total);
  }
}

/**
 * A list looked up at once: pasted or from a .csv file, its cost said before a person's click spends
 * anything, run by the worker (lib/worker/bulk-run.ts) with progress and Cancel, and given back as a table
 * and a CSV (the person's own columns first).
 */
export function BulkApp() {
  const store = useSettingsStore();
  const [draft, setDraft] = useState<BulkDraft | null>(null);
  const [draftKept, keepDraft] = useKeptDraft();
  const [dropping, setDropping] = useState(false);
  const list = useMemo(() => (draft ? listOf(draft) : null), [draft]);
  // By content: the same domains read again (a file chosen twice) are the same list, and cost nothing to ask.
  const domainsKey = list ? domainsOf(list).join('\n') : '';
  const domains = useMemo(() => (domainsKey ? domainsKey.split('\n') : []), [domainsKey]);
  const withinLimit = domains.length <= MAX_BULK_DOMAINS ? domains : [];
  const run = useBulkRun(withinLimit);
  const { status, plan, answers } = run;
  const template = inForce(store).searchQueryTemplate;
  const csv = useMemo(
    () => (list && answers ? bulkCsv(list, answers, template) : null),
    [list, answers, template],
  );
  const downloadUrl = useObjectUrl(csv, 'text/csv;charset=utf-8');

  // The popup's list, else the one kept from before (its run may still be going).
  useEffect(() => {
    void store.load();
    const sent = listFromAddress();
    if (sent !== null) setDraft({ text: sent, fileName: null, started: false });
    // A list the person gave while storage was read is the newer.
    else void bulkDraftItem.getValue().then((stored) => setDraft((current) => current ?? stored));
  }, [store.load]);

  const change = (next: BulkDraft) => {
    setDraft(next);
    keepDraft(next);
  };
  const readFile = async (file: File | undefined) => {
    if (file) change({ text: listFileText(await file.arrayBuffer()), fileName: file.name, started: false });
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setDropping(false);
    void readFile(event.dataTransfer.files[0]);
  };

  const running = status?.state === 'running';
  // A run that is over belongs to the list that started it; a new list shows its cost, not that run.
  const ended = status && !running && draft?.started ? status : null;
  const toLookUp = plan === null ? null : withinLimit.length - plan.cached;
  const rows = list && answers ? bulkRows(list, answers, template) : [];
  const baseName = draft?.fileName?.replace(/\.csv$/i, '') ?? 'webmail-lookup-list';

  return (
    <main onDragOver={(event) => event.preventDefault()} onDrop={drop}>
      <style>{BULK_CSS}</style>
      <h1>{t('bulkTitle')}</h1>
      <p className="muted">{t('bulkIntro')}</p>
      <label htmlFor="bulk-input">{t('bulkInputLabel')}</label>
      <textarea
        id="bulk-input"
        data-testid="bulk-input"
        className={dropping ? 'drop' : ''}
        value={draft?.text ?? ''}
        disabled={running}
        onChange={(event) => change({ text: event.target.value, fileName: null, started: false })}
        onDragEnter={() => setDropping(true)}
        onDragLeave={() => setDropping(false)}
      />
      <label htmlFor="bulk-file">{t('bulkFileLabel')}</label>
      <input
        id="bulk-file"
        data-testid="bulk-file"
        type="file"
        accept=".csv,text/csv"
        disabled={running}
        onChange={(event) => void readFile(event.target.files?.[0])}
      />
      {draft?.fileName && <p className="muted">{t('bulkFileRead', draft.fileName)}</p>}
      {list?.kind === 'csv' && <MisplacedRows list={list} />}
      {draft?.fileName && draft.text && list === null && (
        <p className="error" data-testid="bulk-error">
          {t('bulkFileNoAddresses', draft.fileName)}
        </p>
      )}
      {draft && !draft.fileName && list !== null && domains.length === 0 && (
        <p className="muted">{t('bulkNoAddresses')}</p>
      )}
      {run.failure && (
        <p className="error" data-testid="bulk-error">
          {t('bulkFailed', run.failure)}
        </p>
      )}
      <StorageNotice draft={draftKept} status={status} />

      {list && domains.length > 0 && !running && (
        <>
          <Summary list={list} domains={domains} cached={plan?.cached ?? null} />
          {toLookUp !== null && (
            <div className="row">
              <button
                type="button"
                className="primary"
                data-testid="bulk-start"
                onClick={(event) => {
                  if (!byPerson(event) || !draft) return;
                  change({ ...draft, started: true });
                  void run.start();
                }}
              >
                {toLookUp > 0 ? t('bulkStart', toLookUp) : t('bulkStartFree')}
              </button>
            </div>
          )}
        </>
      )}

      {status && running && <Progress status={status} onCancel={() => void run.cancel()} />}
      {ended && (
        <p role="status" data-testid="bulk-status" data-state={ended.state} data-done={ended.done}>
          {endOf(ended)}
        </p>
      )}

      {ended && rows.length > 0 && downloadUrl && (
        <>
          <div className="row">
            <a
              className="button"
              data-testid="bulk-download"
              href={downloadUrl}
              download={`${baseName}-webmail.csv`}
            >
              {t('bulkDownload')}
            </a>
          </div>
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
                      {column.cell(row, answers?.[domainOf(row.address)] ?? null)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </main>
  );
}
