import { MAX_BULK_DRAFT_BYTES } from '#extension/limits.ts';
import { type BulkDraft, bulkDraftItem } from '#extension/stored.ts';
import { storedBytes } from '#extension/stored-size.ts';

export { type BulkDraft, bulkDraftItem };

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
