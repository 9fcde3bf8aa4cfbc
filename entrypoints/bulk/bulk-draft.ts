import { storage } from 'wxt/utils/storage';
import { MAX_BULK_DRAFT_BYTES } from '#extension/limits.ts';
import { storedBytes } from '#extension/stored-size.ts';

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
 * again shows that run with its list, and gives back the same CSV. Written through keepBulkDraft.
 */
export const bulkDraftItem = storage.defineItem<BulkDraft>('local:bulkDraft', {
  fallback: { text: '', fileName: null, started: false },
  version: 1,
});

/** What came of keeping the list: kept, too large to keep (MAX_BULK_DRAFT_BYTES), or refused by storage. */
export type DraftKept = 'kept' | 'too-large' | 'refused';

/**
 * Keeps the list for when the page is opened again, within MAX_BULK_DRAFT_BYTES. A list that is not kept
 * takes the one before with it (a removal needs no room): the page opened again would show that list beside
 * this one's run.
 */
export async function keepBulkDraft(draft: BulkDraft): Promise<DraftKept> {
  const tooLarge = storedBytes(draft) > MAX_BULK_DRAFT_BYTES;
  if (
    !tooLarge &&
    (await bulkDraftItem.setValue(draft).then(
      () => true,
      () => false,
    ))
  )
    return 'kept';
  await bulkDraftItem.removeValue().catch(() => {});
  return tooLarge ? 'too-large' : 'refused';
}
