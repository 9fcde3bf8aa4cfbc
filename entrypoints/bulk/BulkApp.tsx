import { type DragEvent, useEffect, useMemo, useState } from 'react';
import { useBalance } from '#components/Balance.tsx';
import { t } from '#extension/i18n.ts';
import { MAX_BULK_DOMAINS } from '#extension/limits.ts';
import type { LookupResult } from '#extension/lookup-result.ts';
import { inForce, useSettingsStore } from '#settings/store.ts';
import { BulkResults } from './BulkResults.tsx';
import type { BulkDraft } from './bulk-draft.ts';
import { bulkCsv, bulkRows } from './bulk-export.ts';
import { type BulkList, domainsOf, readCsvFile, readPastedList } from './bulk-list.ts';
import { ListInput, ListNotes } from './ListInput.tsx';
import { ListPlan } from './ListPlan.tsx';
import { RunEnd, RunProgress } from './RunProgress.tsx';
import { StorageNotice } from './StorageNotice.tsx';
import { useBulkDraft } from './use-bulk-draft.ts';
import { useBulkRun } from './use-bulk-run.ts';
import { useObjectUrl } from './use-object-url.ts';

/** The list the draft holds: a file is always read as a CSV; pasted text as whatever shape it has. */
function listOf(draft: BulkDraft): BulkList | null {
  if (!draft.text.trim()) return null;
  return draft.fileName === null ? readPastedList(draft.text) : readCsvFile(draft.text);
}

/** The answered list's file name: the person's own file's, else the extension's, marked as answered. */
function downloadName(listFileName: string | null): string {
  return `${listFileName?.replace(/\.csv$/i, '') ?? 'webmail-lookup-list'}-webmail.csv`;
}

/** The list's distinct domains, the same array for as long as they are the same domains. */
function useDomains(list: BulkList | null): string[] {
  // By content: the same domains read again (a file chosen twice) are the same list, and cost nothing to ask.
  const domainsKey = list ? domainsOf(list).join('\n') : '';
  return useMemo(() => (domainsKey ? domainsKey.split('\n') : []), [domainsKey]);
}

/** A stopped run's rows, with the person's search link in each, and its CSV's download address. */
function useListResults(list: BulkList | null, answers: Record<string, LookupResult | null> | null) {
  const store = useSettingsStore();
  useEffect(() => void store.load(), [store.load]);
  const template = inForce(store).searchQueryTemplate;
  // Built once for the table and the CSV: a long list's rows cost a pass over every address.
  const rows = useMemo(
    () => (list && answers ? bulkRows(list, answers, template) : null),
    [list, answers, template],
  );
  const csv = useMemo(() => (list && rows ? bulkCsv(list, rows) : null), [list, rows]);
  const downloadUrl = useObjectUrl(csv, 'text/csv;charset=utf-8');
  return { rows: rows ?? [], downloadUrl };
}

/** A file dropped anywhere on the page is read as the list; `dropping` while one is dragged over the box. */
function useFileDrop(readFile: (file: File | undefined) => Promise<void>) {
  const [dropping, setDropping] = useState(false);
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setDropping(false);
    void readFile(event.dataTransfer.files[0]);
  };
  return { dropping, setDropping, drop };
}

/** The run of the page's list: a start marks the list as started; a dismissal lets go of the list too. */
function useDraftRun(draft: BulkDraft | null, change: (draft: BulkDraft) => void, domains: string[]) {
  const run = useBulkRun(domains);
  const start = () => {
    if (!draft) return;
    change({ ...draft, started: true });
    void run.start();
  };
  // The list goes with its answers: the page is as new.
  const dismiss = async () => {
    if (await run.dismiss()) change({ text: '', fileName: null, started: false });
  };
  return { ...run, start, dismiss };
}

/**
 * A list looked up at once: pasted or from a .csv file, its cost said before a person's click spends
 * anything, run by the worker (lib/worker/bulk-run.ts) with progress and Cancel, and given back as a table
 * and a CSV (the person's own columns first).
 */
export function BulkApp() {
  const { draft, kept, change, readFile } = useBulkDraft();
  const { dropping, setDropping, drop } = useFileDrop(readFile);
  const list = useMemo(() => (draft ? listOf(draft) : null), [draft]);
  const domains = useDomains(list);
  const withinLimit = domains.length <= MAX_BULK_DOMAINS ? domains : [];
  const run = useDraftRun(draft, change, withinLimit);
  const { status, plan, answers } = run;
  const { rows, downloadUrl } = useListResults(list, answers);
  const balance = useBalance();
  const running = status?.state === 'running';
  // A run that is over belongs to the list that started it; a new list shows its cost, not that run.
  const ended = status && !running && draft?.started ? status : null;

  return (
    <main onDragOver={(event) => event.preventDefault()} onDrop={drop}>
      <h1>{t('bulkTitle')}</h1>
      <p className="muted">{t('bulkIntro')}</p>
      <ListInput
        draft={draft}
        running={running}
        dropping={dropping}
        onDropping={setDropping}
        onChange={change}
        onFile={(file) => void readFile(file)}
      />
      {draft && <ListNotes draft={draft} list={list} domains={domains} />}
      {run.failure && (
        <p className="error" data-testid="bulk-error">
          {run.failure}
        </p>
      )}
      <StorageNotice draft={kept} status={status} />
      {list && domains.length > 0 && !running && (
        <ListPlan
          list={list}
          domains={domains}
          cached={plan?.cached ?? null}
          toLookUp={plan === null ? null : withinLimit.length - plan.cached}
          onStart={run.start}
          balance={balance}
        />
      )}
      {status && running && <RunProgress status={status} onCancel={() => void run.cancel()} />}
      {ended && <RunEnd status={ended} />}
      {ended && rows.length > 0 && answers && downloadUrl && (
        <BulkResults
          rows={rows}
          downloadUrl={downloadUrl}
          fileName={downloadName(draft?.fileName ?? null)}
          onDismiss={() => void run.dismiss()}
        />
      )}
    </main>
  );
}
