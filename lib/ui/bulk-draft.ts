import { storage } from 'wxt/utils/storage';

/** The list on the bulk page as the person gave it: pasted text, or a .csv file's text and name. */
export interface BulkDraft {
  text: string;
  /** The file's name when the list came from a file (always read as a CSV); null for pasted text. */
  fileName: string | null;
  /** Whether this list was started: the run in the worker, and its answers, are this list's. */
  started: boolean;
}

/**
 * The bulk page's list, kept when the page is closed: its run goes on in the worker, and the page opened
 * again shows that run with its list, and gives back the same CSV.
 */
export const bulkDraftItem = storage.defineItem<BulkDraft>('local:bulkDraft', {
  fallback: { text: '', fileName: null, started: false },
  version: 1,
});
