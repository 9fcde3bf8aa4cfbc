import { type MouseEvent, useMemo } from 'react';
import { BalanceNote, OverBalanceWarning } from '#components/Balance.tsx';
import type { KeptBalance } from '#extension/account-balance.ts';
import { countMailboxes } from '#extension/address-notes.ts';
import { t, tCount } from '#extension/i18n.ts';
import { MAX_BULK_DOMAINS } from '#extension/limits.ts';
import { addressesOf, type BulkList } from './bulk-list.ts';

/** Only a person's click spends credits: a click a script made is not one. */
const byPerson = (event: MouseEvent) => event.isTrusted;

interface ListPlanProps {
  list: BulkList;
  domains: string[];
  /** How many of the domains have a cached answer; null while the worker is asked. */
  cached: number | null;
  /** How many domains a run would look up (and pay for); null until that is known, or over the limit. */
  toLookUp: number | null;
  onStart: () => void;
  /** The balance the service last stated for the key in force; null where none. */
  balance?: KeptBalance | null;
}

/**
 * What the list holds and what looking it up will cost, beside the balance; a warning when it may cost more
 * than is left; and the button that starts it.
 */
export function ListPlan({ list, domains, cached, toLookUp, onStart, balance = null }: ListPlanProps) {
  return (
    <>
      <Summary list={list} domains={domains} cached={cached} />
      <BalanceNote balance={balance} />
      {toLookUp !== null && <OverBalanceWarning balance={balance} cost={toLookUp} />}
      {toLookUp !== null && (
        <div className="row">
          <button
            type="button"
            className="primary"
            data-testid="bulk-start"
            onClick={(event) => {
              if (byPerson(event)) onStart();
            }}
          >
            {toLookUp > 0 ? tCount('bulkStart', toLookUp) : t('bulkStartFree')}
          </button>
        </div>
      )}
    </>
  );
}

function Summary({ list, domains, cached }: { list: BulkList; domains: string[]; cached: number | null }) {
  const addresses = addressesOf(list).length;
  // Spellings of one mailbox count once (Jane.Doe+news@googlemail.com is janedoe@gmail.com); lookups stay per domain.
  const mailboxes = useMemo(() => countMailboxes(addressesOf(list)), [list]);
  return (
    <div data-testid="bulk-summary">
      {list.kind === 'csv' && (
        <p className="muted">{tCount('bulkReadAsCsv', list.rows.length, list.header[list.column] ?? '')}</p>
      )}
      <p>
        {t(
          'bulkSummaryAddresses',
          tCount('bulkSummaryAddressCount', addresses),
          tCount('bulkSummaryDomainCount', domains.length),
        )}
      </p>
      <p data-testid="bulk-mailboxes" data-count={mailboxes}>
        {tCount('bulkSummaryMailboxes', mailboxes)}
      </p>
      {domains.length > MAX_BULK_DOMAINS ? (
        <p className="error">{tCount('bulkTooMany', domains.length, MAX_BULK_DOMAINS)}</p>
      ) : cached === null ? (
        <p className="muted">{t('bulkSummaryChecking')}</p>
      ) : (
        <>
          <p data-testid="bulk-cached" data-count={cached}>
            {cached === 0 ? t('bulkSummaryCachedNone') : tCount('bulkSummaryCached', cached)}
          </p>
          <p data-testid="bulk-cost" data-count={domains.length - cached}>
            {cached === domains.length
              ? t('bulkSummaryCostNone')
              : tCount('bulkSummaryCost', domains.length - cached)}
          </p>
        </>
      )}
    </div>
  );
}
