import { useCountdown } from '#components/use-countdown.ts';
import { describeResult } from '#extension/describe-result.ts';
import { t, tCount } from '#extension/i18n.ts';
import type { BulkStatus } from '#extension/messaging.ts';

/** A run going on: how far it is, how long it waits for the service's limit, and Cancel. */
export function RunProgress({ status, onCancel }: { status: BulkStatus; onCancel: () => void }) {
  const wait = useCountdown(status.waitUntil);
  return (
    <div>
      <progress
        data-testid="bulk-progress"
        aria-label={t('bulkProgressLabel')}
        value={status.done}
        max={status.total}
      />
      <p role="status" data-testid="bulk-status" data-state={status.state} data-done={status.done}>
        {tCount('bulkProgress', status.total, status.done)}
      </p>
      {wait > 0 && <p className="muted">{tCount('bulkWaiting', wait)}</p>}
      <p className="muted">{t('bulkKeepsRunning')}</p>
      <button type="button" data-testid="bulk-cancel" onClick={onCancel}>
        {t('bulkCancel')}
      </button>
    </div>
  );
}

/** How a run that is over ended, in words. */
export function RunEnd({ status }: { status: BulkStatus }) {
  return (
    <p role="status" data-testid="bulk-status" data-state={status.state} data-done={status.done}>
      {endOf(status)}
    </p>
  );
}

function endOf(status: BulkStatus): string {
  switch (status.state) {
    case 'finished':
      return tCount('bulkFinished', status.total);
    // At 0, a sentence of its own: "after 0 of 240" reads wrong, and no answers were kept.
    case 'cancelled':
      return status.done === 0 ? t('bulkCancelledNone') : tCount('bulkCancelled', status.total, status.done);
    case 'stopped': {
      if (status.stoppedBy === 'list-full') return tCount('bulkStoppedFull', status.total, status.done);
      const reason = describeResult(status.stoppedBy);
      return status.done === 0
        ? t('bulkStoppedNone', reason.title, reason.detail)
        : tCount('bulkStopped', status.total, status.done, reason.title, reason.detail);
    }
    case 'running':
      return tCount('bulkProgress', status.total, status.done);
  }
}
