import { useCallback, useRef, useState } from 'react';
import { type BulkDraft, type DraftKept, keepBulkDraft } from './bulk-draft.ts';

/**
 * Keeps the bulk page's list as it changes (keepBulkDraft), and what came of the latest change: writes of
 * earlier keystrokes may answer after it, and say nothing of the list as it is.
 */
export function useKeptDraft(): [DraftKept | null, (draft: BulkDraft) => void] {
  const [kept, setKept] = useState<DraftKept | null>(null);
  const latest = useRef(0);
  const keep = useCallback((draft: BulkDraft) => {
    const change = ++latest.current;
    void keepBulkDraft(draft).then((result) => {
      if (change === latest.current) setKept(result);
    });
  }, []);
  return [kept, keep];
}
