import { useCallback, useEffect, useState } from 'react';
import { type BulkDraft, bulkDraftItem } from './bulk-draft.ts';
import { listFileText } from './list-file.ts';
import { useKeptDraft } from './use-kept-draft.ts';

/** The list the popup sent (`bulk.html#text=<encoded text>`), or null. */
function listFromAddress(): string | null {
  return new URLSearchParams(location.hash.slice(1)).get('text');
}

/**
 * The list on the bulk page: the popup's, else the one kept from before (its run may still be going), then
 * each change the person makes, kept for when the page is opened again.
 */
export function useBulkDraft() {
  const [draft, setDraft] = useState<BulkDraft | null>(null);
  const [kept, keepDraft] = useKeptDraft();

  useEffect(() => {
    const sent = listFromAddress();
    if (sent !== null) setDraft({ text: sent, fileName: null, started: false });
    // A list the person gave while storage was read is the newer.
    else void bulkDraftItem.getValue().then((stored) => setDraft((current) => current ?? stored));
  }, []);

  const change = useCallback(
    (next: BulkDraft) => {
      setDraft(next);
      keepDraft(next);
    },
    [keepDraft],
  );
  const readFile = useCallback(
    async (file: File | undefined) => {
      if (file) change({ text: listFileText(await file.arrayBuffer()), fileName: file.name, started: false });
    },
    [change],
  );
  return { draft, kept, change, readFile };
}
