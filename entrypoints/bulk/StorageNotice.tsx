import { t } from '#extension/i18n.ts';
import type { BulkStatus } from '#extension/messaging.ts';
import type { DraftKept } from './bulk-draft.ts';

/** What of the bulk page's work storage would not keep, in words: the list, the run's progress or results. */
export function StorageNotice({ draft, status }: { draft: DraftKept | null; status: BulkStatus | null }) {
  const notices: string[] = [];
  if (draft === 'too-large') notices.push(t('bulkDraftTooLarge'));
  if (draft === 'refused') notices.push(t('bulkDraftNotSaved'));
  if (status && !status.saved)
    notices.push(status.state === 'running' ? t('bulkProgressNotSaved') : t('bulkResultsNotSaved'));
  return notices.map((text) => (
    <p key={text} className="error" data-testid="bulk-not-saved" role="alert">
      {text}
    </p>
  ));
}
