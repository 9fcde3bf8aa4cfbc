import { useCallback, useMemo, useState } from 'react';
import type { AddressRow } from '#address-table/rows.ts';
import { BalanceNote, useBalance } from '#components/Balance.tsx';
import { domainOf } from '#core/email/extract.ts';
import { t, tCount } from '#extension/i18n.ts';
import type { TabSummary } from '#extension/messaging.ts';
import type { Settings } from '#extension/settings.ts';
import { AddressList } from './AddressList.tsx';
import { type ListSummary, summarize } from './address-list.ts';
import { copyTable, downloadCsv } from './export-table.ts';
import { useAddressRows } from './use-address-rows.ts';
import { useDomainResults } from './use-domain-results.ts';

/**
 * The summary's figures, each with its words and test id; a figure of 0 beyond the first three is left out.
 * The counts of nouns are plural messages; the others a label with its figure, as a chip reads.
 */
const FIGURES: readonly { key: keyof ListSummary; words: (count: number) => string; testId: string }[] = [
  { key: 'addresses', words: (count) => tCount('popupSummaryAddresses', count), testId: 'summary-addresses' },
  { key: 'domains', words: (count) => tCount('popupSummaryDomains', count), testId: 'summary-domains' },
  { key: 'mailboxes', words: (count) => t('popupSummaryMailboxes', count), testId: 'summary-mailboxes' },
  { key: 'sharedInboxes', words: (count) => t('popupSummaryRole', count), testId: 'summary-role' },
  { key: 'freeMail', words: (count) => t('popupSummaryFreeMail', count), testId: 'summary-freemail' },
  { key: 'disposable', words: (count) => t('popupSummaryDisposable', count), testId: 'summary-disposable' },
  {
    key: 'privacyRelays',
    words: (count) => t('popupSummaryPrivacyRelay', count),
    testId: 'summary-privacy',
  },
  {
    key: 'notLookedUp',
    words: (count) => t('popupSummaryNotLookedUp', count),
    testId: 'summary-not-looked-up',
  },
  { key: 'noAnswer', words: (count) => t('popupSummaryNoAnswer', count), testId: 'summary-no-answer' },
];

function Summary({ summary }: { summary: ListSummary }) {
  return (
    <ul className="summary" aria-label={t('popupSummaryLabel')} data-testid="list-summary">
      {FIGURES.map(({ key, words, testId }, i) =>
        i < 3 || summary[key] > 0 ? (
          <li key={key} data-testid={testId} data-count={summary[key]}>
            {words(summary[key])}
          </li>
        ) : null,
      )}
    </ul>
  );
}

/**
 * The domains the budget left waiting, and the question whether to look them up: at the top, where it is
 * seen, as it changes what the list can say.
 */
function BudgetPrompt({ waiting, onConfirm }: { waiting: string[]; onConfirm: () => void }) {
  const [confirming, setConfirming] = useState(false);
  return (
    <div className="budget" data-testid="budget-note">
      <p className="muted">{t('popupBudgetSpent')}</p>
      {confirming ? (
        <div role="alertdialog" aria-labelledby="confirm-rest" data-testid="confirm-lookup-rest">
          <p id="confirm-rest">{tCount('popupConfirmRest', waiting.length)}</p>
          <div className="row">
            <button
              type="button"
              className="wl-button"
              data-testid="lookup-rest-confirm"
              onClick={() => {
                setConfirming(false);
                onConfirm();
              }}
            >
              {tCount('popupConfirmRestYes', waiting.length)}
            </button>
            <button
              type="button"
              className="wl-button"
              data-testid="lookup-rest-cancel"
              onClick={() => setConfirming(false)}
            >
              {t('popupConfirmRestNo')}
            </button>
          </div>
        </div>
      ) : (
        <button
          type="button"
          className="wl-button"
          data-testid="lookup-rest"
          onClick={() => setConfirming(true)}
        >
          {tCount('popupLookupRest', waiting.length)}
        </button>
      )}
    </div>
  );
}

/** The list taken away: a CSV file, or the clipboard as a table; what came of a copy beside them. */
function ExportButtons({ rows }: { rows: AddressRow[] }) {
  const [exportStatus, setExportStatus] = useState<string | null>(null);
  const copy = () =>
    copyTable(rows).then(
      () => setExportStatus(tCount('popupTableCopied', rows.length)),
      () => setExportStatus(t('popupTableNotCopied')),
    );
  return (
    <div className="row">
      <button
        type="button"
        className="wl-button"
        data-testid="export-csv"
        onClick={() => downloadCsv(rows, 'webmail-lookup-addresses.csv')}
      >
        {t('popupExportCsv')}
      </button>
      <button type="button" className="wl-button" data-testid="copy-table" onClick={() => void copy()}>
        {t('popupCopyTable')}
      </button>
      {exportStatus && (
        <span role="status" data-testid="export-status">
          {exportStatus}
        </span>
      )}
    </div>
  );
}

/**
 * The tab's addresses with answers: those the budget allowed come looked up; the rest wait for the person
 * to confirm how many more, and what they cost. At the top, what the list adds up to; the list goes out as
 * CSV or as a table.
 */
export function TabAddresses({ summary, settings }: { summary: TabSummary; settings: Settings }) {
  // The summary is asked for once (use-tab-summary.ts): the list starts from its answers, drawn at once.
  const { results, run } = useDomainResults(summary.results);
  const balance = useBalance();

  const rows = useAddressRows(summary.addresses, results, settings.searchQueryTemplate);
  const waiting = useMemo(
    () =>
      [...new Set(summary.addresses.map(domainOf))].filter((domain) => (results[domain] ?? null) === null),
    [summary.addresses, results],
  );
  const loading = useMemo(
    () => new Set(Object.keys(results).filter((domain) => results[domain] === 'loading')),
    [results],
  );
  const lookUp = useCallback((domain: string, refresh = false) => void run(domain, refresh), [run]);

  if (summary.addresses.length === 0) return null;
  return (
    <>
      <Summary summary={summarize(rows)} />
      <BalanceNote balance={balance} />
      {waiting.length > 0 && summary.budgetLeft <= 0 && (
        <BudgetPrompt
          waiting={waiting}
          onConfirm={() => {
            for (const domain of waiting) lookUp(domain);
          }}
        />
      )}
      <ExportButtons rows={rows} />
      <AddressList rows={rows} loading={loading} settings={settings} onLookUp={lookUp} />
    </>
  );
}
